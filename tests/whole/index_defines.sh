#!/bin/sh
# With a compilation database, the project index reads files with the -D /
# -U flags every unit has: a wrapper defined in another file under such a
# flag is the one the build compiles.  A flag one unit lacks decides
# nothing there; a cache made with other flags is not taken.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src" "$P/build"
: >"$P/.fscheck.yml"
cat >"$P/src/util.c" <<'EOF2'
#include <unistd.h>
int file_exists(const char *p)
{
#ifdef HAVE_ACCESS
    return access(p, F_OK) == 0;
#else
    return p != 0;
#endif
}
EOF2
cat >"$P/src/main.c" <<'EOF2'
#include <stdio.h>
int file_exists(const char *p);
FILE *open_config(const char *p)
{
    if (!file_exists(p))
        return NULL;
    return fopen(p, "r");
}
EOF2
db() { # db FLAGS_OF_UTIL FLAGS_OF_MAIN
    cat >"$P/build/compile_commands.json" <<EOF2
[
  {"directory": "$P/build", "file": "../src/util.c", "command": "cc $1 -c ../src/util.c"},
  {"directory": "$P/build", "file": "../src/main.c", "arguments": ["cc", $2, "-c", "../src/main.c"]}
]
EOF2
}
cache="$TMP/cache"
db "-DHAVE_ACCESS -DNDEBUG" '"-DHAVE_ACCESS"'
for run in cold warm; do
    in_dir "$P" "$TMP/all-$run" -p build --format=json
    expect_status 1 "$TMP/all-$run" "every unit -DHAVE_ACCESS ($run)"
    grep -q '"rule": "FS201"' "$TMP/all-$run" || { cat "$TMP/all-$run"; fail "no FS201 through the wrapper ($run)"; }
done
db "-DHAVE_ACCESS" '"-DOTHER"'
in_dir "$P" "$TMP/one" -p build --format=json
expect_status 0 "$TMP/one" "one unit without -DHAVE_ACCESS (the cache of the other flags not taken)"
exit 0
