#!/bin/sh
# A file changed between the analysis and the writing of the fixes is not
# written: fscheck says so, reports its findings as not fixed (status 1), and
# the change survives; the other file is fixed.  The test
# hook FSCHECK_TEST_PAUSE_BEFORE_FIX=SECONDS makes fscheck wait after the
# analysis, and say so on stderr; the file is changed during that wait.
#
#   stale_file.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

p=$TMP/p
make_project "$p"
( cd "$p" && FSCHECK_TEST_PAUSE_BEFORE_FIX=2 exec "$FSCHECK" --fix src/guards.c src/last_line.c -- $CFLAGS ) \
    >"$TMP/out" 2>"$TMP/err" &
pid=$!
CLEANUP='kill $pid 2>/dev/null'

# wait (at most 60 s) for the analysis to end
wait_for_pause "$TMP/err" $pid

# change guards.c (one byte at its end, so its offsets still look right)
printf '/* edited */\n' >>"$p/src/guards.c"
cp "$p/src/guards.c" "$TMP/guards.changed"
wait $pid
status=$?
CLEANUP=

[ $status -eq 1 ] || { show "$TMP/err"; fail "fscheck exited with $status, expected 1"; }
grep -q 'fixed 1 finding; 3 left' "$TMP/err" || { show "$TMP/err"; fail "expected 1 finding fixed, 3 left"; }
grep -q '^src/guards.c:11:9: warning: ' "$TMP/out" || { show "$TMP/out"; fail "the findings of src/guards.c are not reported"; }
grep -q 'src/guards.c: changed since it was analysed; no fix applied to it' "$TMP/err" ||
    { show "$TMP/err"; fail "no message about the changed file"; }
cmp -s "$p/src/guards.c" "$TMP/guards.changed" || fail "the changed file was overwritten"
# the other file was fixed
grep -q 'access(' "$p/src/last_line.c" && { show "$TMP/err"; fail "src/last_line.c was not fixed"; }
no_temp_files "$p"
pass "a file changed after the analysis is left alone"
