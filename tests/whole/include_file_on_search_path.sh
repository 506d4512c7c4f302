#!/bin/sh
# `-include FILE` with FILE not in the command's folder: the compiler finds
# it along the `#include "..."` search path (CMake's Ninja generator puts
# libgit2's `-include clar_suite.h` in every test command, with the header in
# a -I folder), and so must fscheck: no parse error, and the finding that
# needs the file's macro.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src" "$P/build/generated"
: >"$P/.fscheck.yml" # the project root, for the index to see build/generated/
cat >"$P/build/generated/suite.h" <<'EOF2'
#include <stdio.h>
#include <unistd.h>
#define SUITE_EXISTS(p) (access((p), F_OK) == 0)
EOF2
cat >"$P/src/t.c" <<'EOF2'
FILE *open_fixture(const char *p)
{
    if (!SUITE_EXISTS(p))
        return NULL;
    return fopen(p, "r");
}
EOF2
cat >"$P/build/compile_commands.json" <<EOF2
[
  {"directory": "$P/build", "file": "$P/src/t.c",
   "arguments": ["cc", "-I$P/build/generated", "-include", "suite.h", "-c", "$P/src/t.c", "-o", "t.o"]},
  {"directory": "$P/build", "file": "$P/src/t.c",
   "arguments": ["cc", "-I$P/build/generated", "-includesuite.h", "-c", "$P/src/t.c", "-o", "t2.o"]}
]
EOF2
in_dir "$P" "$TMP/out" --no-cache -p build --engine=clang
expect_status 1 "$TMP/out" "-include suite.h"
grep -q "parse error\|partly parsed" "$TMP/out.err" && { cat "$TMP/out.err"; fail "-include suite.h: a parse error"; }
grep -q "src/t.c:3:10: warning: .*\[FS201\]" "$TMP/out" || { cat "$TMP/out" "$TMP/out.err"; fail "-include suite.h: no FS201"; }

# a file that is in the command's folder is taken from there, as the compiler does
cp "$P/build/generated/suite.h" "$P/build/suite.h"
cp "$P/build/generated/suite.h" "$P/build/generated/suite.h.orig"
echo '#error the folder of the command is searched first' >"$P/build/generated/suite.h"
in_dir "$P" "$TMP/out2" --no-cache -p build --engine=clang
expect_status 1 "$TMP/out2" "suite.h in the command's folder"
grep -q "parse error\|partly parsed" "$TMP/out2.err" && { cat "$TMP/out2.err"; fail "suite.h in the command's folder: a parse error"; }

# without a project marker above build/ the index covers src/ alone: the
# prefilter must still see that the unit's -include file names a probing
# macro, and not pass the unit over
rm "$P/.fscheck.yml" "$P/build/suite.h"
cp "$P/build/generated/suite.h.orig" "$P/build/generated/suite.h"
in_dir "$P" "$TMP/out3" --no-cache -p build --engine=clang
expect_status 1 "$TMP/out3" "no marker: -include suite.h"
grep -q "src/t.c:3:10: warning: .*\[FS201\]" "$TMP/out3" || { cat "$TMP/out3" "$TMP/out3.err"; fail "no marker: the prefilter passed the unit over"; }

pass "-include FILE is looked for in the command's folder, then along the include path"
