#!/bin/sh
# PATHs filter the database: only the units named (files, or the .c files
# below a folder) are analysed, each with its own compile command; -p takes
# the compile_commands.json file too.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

in_dir "$P" "$TMP/one.json" -p build --format=json src/b.c
expect_status 1 "$TMP/one.json" "-p build src/b.c"
grep -q '"files": 1,' "$TMP/one.json" || { cat "$TMP/one.json"; fail "src/b.c: stats.files is not 1"; }
in_dir "$P" "$TMP/one.txt" -p build/compile_commands.json src/b.c
expect_status 1 "$TMP/one.txt" "-p build/compile_commands.json src/b.c"
expect_warnings "$TMP/one.txt" src/b.c 1 "src/b.c"
expect_warnings "$TMP/one.txt" include/probe.h 1 "src/b.c"
for u in src/a.c src/c.c src/d.c src/util/e.c src/util/f.c; do
    expect_warnings "$TMP/one.txt" "$u" 0 "src/b.c alone"
done

# a folder: its .c files, each with its own command (-DNEED_E, -DNEED_F)
in_dir "$P" "$TMP/dir.txt" -p build src/util
expect_status 1 "$TMP/dir.txt" "-p build src/util"
expect_warnings "$TMP/dir.txt" src/util/e.c 1 "src/util"
expect_warnings "$TMP/dir.txt" src/util/f.c 1 "src/util"
for u in src/a.c src/b.c src/c.c src/d.c; do
    expect_warnings "$TMP/dir.txt" "$u" 0 "src/util"
done

# names as given on the command line
in_dir "$P" "$TMP/dot.txt" -p build ./src/c.c
expect_status 1 "$TMP/dot.txt" "-p build ./src/c.c"
expect_warnings "$TMP/dot.txt" ./src/c.c 1 "./src/c.c"

# the clean unit alone: no findings but its header's
in_dir "$P" "$TMP/clean.txt" -p build --rules=FS102 src/clean.c
expect_status 0 "$TMP/clean.txt" "-p build --rules=FS102 src/clean.c"

pass "PATHs filter the database"
