#!/bin/sh
# --diff, applied from the project root with `git apply` and with
# `patch -p1`, gives exactly the files that --fix gives (safe fixes, then with
# --unsafe-fixes); --diff itself changes nothing.
#
#   diff_apply.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

command -v git >/dev/null 2>&1 || skip "no git"
command -v patch >/dev/null 2>&1 || skip "no patch"

for mode in safe unsafe; do
    fix_mode $mode diff

    in_dir "$TMP/$mode.diff" --diff $extra src -- $CFLAGS
    [ $status -eq 1 ] || { show "$TMP/$mode.diff.err"; fail "--diff $extra exited with $status, expected 1"; }
    same_tree "$TMP/$mode.orig" "$TMP/$mode.diff"
    patchfile=$TMP/$mode.patch
    mv "$TMP/$mode.diff.out" "$patchfile"
    grep -q '^+++ b/include/probe.h' "$patchfile" || { show "$patchfile"; fail "--diff $extra does not patch include/probe.h"; }
    n=$(grep -c '^+++ b/include/probe.h' "$patchfile")
    [ "$n" -eq 1 ] || { show "$patchfile"; fail "--diff $extra patches include/probe.h $n times"; }
    grep -q '^+++ b/src/crlf.c' "$patchfile" || { show "$patchfile"; fail "--diff $extra does not patch src/crlf.c"; }
    if [ $mode = unsafe ]; then
        grep -q '^+++ b/src/unsafe.c' "$patchfile" || { show "$patchfile"; fail "--diff --unsafe-fixes does not patch src/unsafe.c"; }
    else
        ! grep -q '^+++ b/src/unsafe.c' "$patchfile" || { show "$patchfile"; fail "--diff applies an unsafe fix"; }
    fi

    # git apply, from the root of the project (made a repository of its own,
    # so that git does not look for one in the folders above)
    make_project "$TMP/$mode.git"
    (cd "$TMP/$mode.git" && git init -q . && git apply --whitespace=nowarn "$patchfile") >"$TMP/git.log" 2>&1 ||
        { cat "$TMP/git.log"; show "$patchfile"; fail "git apply failed ($mode)"; }
    rm -rf "$TMP/$mode.git/.git"
    same_tree "$TMP/$mode.fix" "$TMP/$mode.git"

    # patch -p1
    make_project "$TMP/$mode.patch1"
    (cd "$TMP/$mode.patch1" && patch -p1 --quiet --batch --no-backup-if-mismatch <"$patchfile") >"$TMP/patch.log" 2>&1 ||
        { cat "$TMP/patch.log"; show "$patchfile"; fail "patch -p1 failed ($mode)"; }
    same_tree "$TMP/$mode.fix" "$TMP/$mode.patch1"
done
pass "--diff with git apply and patch -p1 gives the --fix result"
