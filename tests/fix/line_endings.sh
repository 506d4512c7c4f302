#!/bin/sh
# --fix keeps CRLF line endings and a missing newline at the end of a file:
# src/crlf.c (CRLF, no final newline) comes out as the fixed LF version of
# the same code with CRLF endings and no final newline; src/last_line.c,
# fixed on its last line, still has no newline at its end.
#
#   line_endings.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

p=$TMP/p
make_project "$p"
cp "$FIXDIR/project/src/crlf.c.in" "$p/src/lf.c"
fix "$p"

# the expected CRLF file: the fixed LF file, with CRLF, without the last CRLF
sed 's/$/\r/' "$p/src/lf.c" | head -c -2 >"$TMP/crlf.expected"
grep -q 'access(' "$p/src/lf.c" && fail "src/lf.c was not fixed"
if ! cmp -s "$p/src/crlf.c" "$TMP/crlf.expected"; then
    od -c "$p/src/crlf.c" >"$TMP/got.od"
    od -c "$TMP/crlf.expected" >"$TMP/want.od"
    diff "$TMP/want.od" "$TMP/got.od"
    fail "src/crlf.c lost its CRLF line endings or gained a final newline"
fi

printf '%s' '#include <sys/stat.h>
#include <unistd.h>

/* The fix is on the last line, which has no newline after it. */
int is_fifo(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISFIFO(st.st_mode); }' >"$TMP/last_line.expected"
cmp "$p/src/last_line.c" "$TMP/last_line.expected" || { show "$p/src/last_line.c"; fail "src/last_line.c is not as expected"; }
pass "CRLF line endings and a missing final newline are kept"
