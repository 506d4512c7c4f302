#!/bin/sh
# include/probe.h is included by src/a.c (as "probe.h") and by src/b.c (as
# "../include/probe.h"): its finding is seen from both translation units,
# and its fix is applied once, with no overlap or stale-file complaint.
#
#   header_twice.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

p=$TMP/p
make_project "$p"
in_dir "$p" --fix src/a.c src/b.c -- $CFLAGS
[ $status -eq 0 ] || { show "$p.err"; show "$p.out"; fail "fscheck --fix exited with $status, expected 0 (all fixed)"; }
grep -Eq 'fixed [0-9]+ findings?; 0 left' "$p.err" || { show "$p.err"; fail "findings left"; }
! grep -Eq 'overlap|changed since|not applied' "$p.err" || { show "$p.err"; fail "the header's fix was not applied cleanly"; }
sed 's/access(path, F_OK) == 0 && //' "$FIXDIR/project/include/probe.h" >"$TMP/probe.expected"
cmp "$p/include/probe.h" "$TMP/probe.expected" || { show "$p/include/probe.h"; fail "include/probe.h is not fixed exactly once"; }
cmp -s "$p/src/a.c" "$FIXDIR/project/src/a.c" || fail "src/a.c changed"
cmp -s "$p/src/b.c" "$FIXDIR/project/src/b.c" || fail "src/b.c changed"

# the same with src/b.c first
q=$TMP/q
make_project "$q"
in_dir "$q" --fix src/b.c src/a.c -- $CFLAGS
[ $status -eq 0 ] || { show "$q.err"; fail "fscheck --fix src/b.c src/a.c exited with $status"; }
cmp "$q/include/probe.h" "$TMP/probe.expected" || fail "include/probe.h (b.c first) is not fixed exactly once"
pass "a header's fix is applied once"
