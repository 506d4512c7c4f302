#!/bin/sh
# Units of a compilation database in another language (assembler, C++) are
# skipped, not parsed as C: each listed in stats.skipped with its reason,
# the run says it in one line on stderr, and a C unit beside them is
# analysed as ever.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src" "$P/build"
: >"$P/.fscheck.yml"
cat >"$P/src/a.c" <<'EOF2'
#include <unistd.h>
#include <sys/stat.h>
int a(const char *p)
{
    struct stat st;
    if (access(p, F_OK) != 0)
        return -1;
    return stat(p, &st);
}
EOF2
printf '.globl start\nstart:\n\tret\n' >"$P/src/start.S"
printf 'class C { int stat(const char *p); };\nint f(C *c) { return c->stat("x"); }\n' >"$P/src/w.cc"
printf 'int g(void) { return 0; }\n' >"$P/src/x.c"
cat >"$P/build/compile_commands.json" <<EOF2
[
  {"directory": "$P/build", "file": "../src/a.c", "command": "cc -c ../src/a.c"},
  {"directory": "$P/build", "file": "../src/start.S", "command": "cc -c ../src/start.S"},
  {"directory": "$P/build", "file": "../src/w.cc", "command": "c++ -c ../src/w.cc"},
  {"directory": "$P/build", "file": "../src/x.c", "command": "cc -x c++ -c ../src/x.c"}
]
EOF2

in_dir "$P" "$TMP/json" --no-cache --format=json -p build
expect_status 1 "$TMP/json" "-p build"
grep -q '"rule": "FS101"' "$TMP/json" || { cat "$TMP/json"; fail "the C unit's finding"; }
for f in start.S w.cc x.c; do
    grep -q "\"file\": \"src/$f\"," "$TMP/json" || { cat "$TMP/json"; fail "$f not in stats.skipped"; }
done
grep -q '"reason": "assembler source (.S), not C"' "$TMP/json" &&
    grep -q '"reason": "C++ source (.cc), not C"' "$TMP/json" &&
    grep -q '"reason": "C++ source (-x c++), not C"' "$TMP/json" || { cat "$TMP/json"; fail "the reasons"; }
[ "$(grep -c 'not C' "$TMP/json.err")" = 1 ] &&
    grep -q '^fscheck: 3 units of the compilation database are not C (assembler, C++, Objective-C): skipped' "$TMP/json.err" ||
    { cat "$TMP/json.err"; fail "not said once on stderr"; }
exit 0
