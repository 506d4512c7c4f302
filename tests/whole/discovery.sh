#!/bin/sh
# Without -p, the compile_commands.json of a file is the nearest one in its
# folder or an ancestor, or in the build/ folder of one: found from the
# project root and from a subfolder; names stay relative to the current
# folder; a file under no database takes the flags after --.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

# from a subfolder: ../../build/compile_commands.json
in_dir "$P/src/util" "$TMP/sub.txt" e.c
expect_status 1 "$TMP/sub.txt" "e.c in src/util"
expect_warnings "$TMP/sub.txt" e.c 1 "e.c in src/util (-DNEED_E from the database)"
grep -q "^$P/include/probe\.h:14:9: warning: " "$TMP/sub.txt" ||
    { cat "$TMP/sub.txt"; fail "the header's finding is not named $P/include/probe.h"; }

in_dir "$P/src" "$TMP/sub2.txt" c.c util/f.c
expect_status 1 "$TMP/sub2.txt" "c.c util/f.c in src"
expect_warnings "$TMP/sub2.txt" c.c 1 "c.c in src"
expect_warnings "$TMP/sub2.txt" util/f.c 1 "util/f.c in src"

# from the root, a folder
in_dir "$P" "$TMP/root.txt" src
expect_status 1 "$TMP/root.txt" "src from the project root"
for u in $UNITS; do
    expect_warnings "$TMP/root.txt" "$u" 1 "src from the project root"
done

# a compile_commands.json in the file's own folder is nearer than build/
cat >"$P/src/util/compile_commands.json" <<EOF
[{"directory": "$P/src/util", "file": "e.c", "command": "cc -I../../include -c e.c"}]
EOF
in_dir "$P/src/util" "$TMP/near.txt" --rules=FS101 e.c
expect_status 1 "$TMP/near.txt" "e.c with its folder's database"
expect_warnings "$TMP/near.txt" e.c 0 "e.c with its folder's database (no -DNEED_E)"

# a file under no database: the flags after --
mkdir -p "$TMP/elsewhere"
cp "$P/extra/solo.c" "$TMP/elsewhere/solo.c"
in_dir "$TMP/elsewhere" "$TMP/else.txt" solo.c -- -I"$P/include" -DSOLO
expect_status 1 "$TMP/else.txt" "solo.c under no database"
expect_warnings "$TMP/else.txt" solo.c 1 "solo.c under no database"

pass "compile_commands.json is discovered"
