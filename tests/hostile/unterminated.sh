#!/bin/sh
# Files that end inside a comment, a string, a character constant, a
# macro definition continued by a backslash, and an open #if: the finding
# before the cut is reported with every engine, the parse error is named
# on stderr where there is one, and nothing crashes.  No file changes.
#
#   unterminated.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

src=$TMP/src
mkdir "$src"
{ one_finding; printf '/* never closed\nint x;'; } >"$src/comment.c"
{ one_finding; printf 'const char *s = "never closed\n'; } >"$src/string_eol.c"
{ one_finding; printf 'const char *s = "never closed'; } >"$src/string_eof.c"
{ one_finding; printf "char c = '"; } >"$src/char.c"
{ one_finding; printf '#define X \\'; } >"$src/backslash.c"
{ one_finding; printf '#if 1\nint y;\n'; } >"$src/open_if.c"
{ one_finding; printf 'int z(void) {\n    return ('; } >"$src/open_function.c"
cuts="comment string_eol string_eof char backslash open_if open_function"
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto clang tree-sitter; do
    run "$engine" --engine=$engine -j2 . -- $CFLAGS
    expect_status "$engine" 1
    for f in $cuts; do
        expect_out "$engine" "^$f\.c:9:9: warning: .*\[FS101\]"
    done
    expect_err "$engine" "^fscheck: comment\.c: 1 parse error, analysed as far as it parses; first: comment\.c:15:1: "
    expect_err "$engine" "^fscheck: open_function\.c: [0-9]+ parse errors?, analysed as far as it parses"
    unchanged "$src" "$TMP/before"
done
pass "files cut short are analysed as far as they parse"
