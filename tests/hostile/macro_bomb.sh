#!/bin/sh
# Macros that expand exponentially (2^40 tokens): chains of object-like
# and function-like macros, nested arguments, defined in the file or in a
# header it includes (used in the file, or in the header's own code).
# libclang would take minutes and gigabytes: such a file is not given to
# it, with a message naming the macro (each use is in a function that
# probes a path twice: the body of one that cannot hold a finding is not
# given to libclang at all); --engine=auto analyses it with
# tree-sitter, --engine=clang skips it.  Every finding before is reported
# otherwise.  No file changes.
#
#   macro_bomb.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

src=$TMP/src
mkdir -p "$src/include"
chain() { # chain NAME: NAME0(x) x, NAMEi(x) NAMEi-1(x) + NAMEi-1(x), up to 40
    echo "#define ${1}0(x) x"
    i=0
    while [ $i -lt 40 ]; do
        echo "#define $1$((i + 1))(x) $1$i(x) + $1$i(x)"
        i=$((i + 1))
    done
}
{ one_finding; chain F; echo 'int f(const char *p, int x) { return access(p, F_OK) == 0 && access(p, R_OK) == 0 ? F40(x) : 0; }'; } >"$src/in_file.c"
{ one_finding; echo '#define A0 x'; i=0; while [ $i -lt 40 ]; do echo "#define A$((i + 1)) A$i A$i"; i=$((i + 1)); done
  echo 'int f(const char *p, int x) { return access(p, F_OK) == 0 && access(p, R_OK) == 0 ? A40 : 0; }'; } >"$src/object_like.c"
{ one_finding; echo '#define D(x) x + x'
  echo 'int f(const char *p, int x) { return access(p, F_OK) == 0 && access(p, R_OK) == 0 ? D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(D(x))))))))))))))))))))))))) : 0; }'; } >"$src/arguments.c"
chain H >"$src/include/bomb.h"
{ one_finding; echo '#include "bomb.h"'; echo 'int f(const char *p, int x) { return access(p, F_OK) == 0 && access(p, R_OK) == 0 ? H40(x) : 0; }'; } >"$src/in_header.c"
{ echo '#include "bomb.h"'; echo 'static inline int used_in_header(int x) { return H40(x); }'; } >"$src/include/uses.h"
{ one_finding; echo '#include "uses.h"'; } >"$src/header_code.c"
bombs="in_file object_like arguments in_header header_code"
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto clang tree-sitter; do
    run "$engine" --engine=$engine -j2 . -- $CFLAGS -Iinclude
    for f in $bombs; do
        case $engine in
        auto)
            expect_status "$engine" 1
            expect_out "$engine" "^$f\.c:9:9: warning: .*\[FS101\]"
            expect_err "$engine" "^fscheck: $f\.c: not given to libclang: macro '[A-Z][0-9]*' (expands to about [0-9.e+]+ tokens|is defined through more than)[^;]*; analysed with tree-sitter"
            ;;
        clang)
            expect_status "$engine" 0
            no_out "$engine" "^$f\.c:"
            expect_err "$engine" "^fscheck: $f\.c: skipped: not given to libclang: macro '[A-Z][0-9]*' (expands|is defined)"
            ;;
        tree-sitter)
            expect_status "$engine" 1
            expect_out "$engine" "^$f\.c:9:9: warning: .*\[FS101\]"
            ;;
        esac
    done
    expect_rss "$engine" 1000000
    unchanged "$src" "$TMP/before"
done
pass "exponential macros are kept from libclang, with a reason"
