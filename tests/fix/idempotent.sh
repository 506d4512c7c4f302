#!/bin/sh
# A second --fix changes nothing, and --diff after --fix prints nothing
# (safe fixes, then with --unsafe-fixes).
#
#   idempotent.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

for mode in safe unsafe; do
    extra=
    [ $mode = unsafe ] && extra=--unsafe-fixes
    p=$TMP/$mode
    make_project "$p"
    fix "$p" $extra
    grep -q 'fixed [1-9][0-9]* findings' "$p.err" || { show "$p.err"; fail "the first --fix $extra fixed nothing"; }
    cp -R "$p" "$TMP/$mode.first"
    fix "$p" $extra
    grep -q 'fixed 0 findings' "$p.err" || { show "$p.err"; fail "the second --fix $extra fixed something"; }
    same_tree "$TMP/$mode.first" "$p"
    in_dir "$p" --diff $extra src -- $CFLAGS
    [ ! -s "$p.out" ] || { show "$p.out"; fail "--diff $extra after --fix $extra is not empty"; }
done
pass "a second --fix changes nothing"
