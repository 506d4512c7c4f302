#!/bin/sh
# Files that end inside a comment, a string, a character constant, a
# macro definition continued by a backslash, and an open #if: the finding
# before the cut is reported with every engine, the files that only partly
# parsed are said once on stderr (one line for the run, as there are more
# than three) and named in the JSON report's stats.partial with their first
# error, and nothing crashes.  No file changes.
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
    expect_err "$engine" "^fscheck: [4-7] of 7 files only partly parsed \(.*\)(; [0-9]+ functions? could not be analysed at all)?; stats\.partial of the JSON report lists them$"
    [ "$(grep -Ec '^fscheck: [^ ]+: [0-9]+ parse error' "$TMP/$engine.err")" = 0 ] || { show "$TMP/$engine.err"; fail "$engine: a line for each file"; }
    run "$engine-json" --engine=$engine -j2 --format=json . -- $CFLAGS
    expect_out "$engine-json" '"file": "(\./)?comment\.c",$'
    expect_out "$engine-json" '"reason": "1 parse error, analysed as far as it parses; first: (\./)?comment\.c:15:1: '
    expect_out "$engine-json" '"reason": "[0-9]+ parse errors?, analysed as far as it parses; first: (\./)?open_function\.c:'
    unchanged "$src" "$TMP/before"
done
pass "files cut short are analysed as far as they parse"
