#!/bin/sh
# A read-only file, and a writable file in a read-only folder: --fix says
# which file it could not write and why, leaves it byte for byte as it was,
# leaves no temporary file, and reports the finding as not fixed.
#
# Root may write anything whatever its mode, so as root the file is made
# immutable (chattr +i) where the file system allows it, and fscheck is also
# run as nobody (setpriv) on a copy it owns; as any other user, chmod is
# enough.  With none of these possible the test is skipped.
#
#   readonly.sh FSCHECK TESTS_FIX_DIR
. "$2/lib.sh"

methods=
if [ "$(id -u)" -ne 0 ]; then
    methods=chmod
else
    touch "$TMP/probe"
    if chattr +i "$TMP/probe" 2>/dev/null; then
        chattr -i "$TMP/probe"
        methods=immutable
    fi
    if command -v setpriv >/dev/null 2>&1 &&
       setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
        methods="$methods nobody"
    fi
fi
[ -n "$methods" ] || skip "running as root without chattr +i or setpriv"

# run_fix DIR [PREFIX...]: fscheck --fix src/guards.c in DIR, as PREFIX says
run_fix() {
    d=$1
    shift
    (cd "$d" && "$@" "$FSCHECK" --fix src/guards.c -- $CFLAGS) >"$d.out" 2>"$d.err"
    status=$?
}

# check DIR WHAT MESSAGE_ERE
check() {
    [ $status -eq 1 ] || { show "$1.err"; fail "$2: fscheck exited with $status, expected 1 (findings left)"; }
    grep -Eq "$3" "$1.err" || { show "$1.err"; fail "$2: no message matching: $3"; }
    grep -q 'fixed 0 findings; 3 left' "$1.err" || { show "$1.err"; fail "$2: expected 'fixed 0 findings; 3 left'"; }
    cmp -s "$1/src/guards.c" "$FIXDIR/project/src/guards.c" || fail "$2: the file was changed"
    no_temp_files "$1"
}

file_msg='src/guards.c: not writable \((Permission denied|Operation not permitted)\); left unchanged'
dir_msg='src/guards.c: cannot create a temporary file in .*/src: (Permission denied|Operation not permitted); left unchanged'

for m in $methods; do
    ro=$TMP/$m.file
    rd=$TMP/$m.dir
    make_project "$ro"
    make_project "$rd"
    case $m in
        chmod)
            chmod 444 "$ro/src/guards.c"
            chmod 555 "$rd/src"
            CLEANUP="chmod 755 '$rd/src'"
            run_fix "$ro"
            check "$ro" "read-only file" "$file_msg"
            run_fix "$rd"
            check "$rd" "read-only folder" "$dir_msg"
            ;;
        immutable)
            chattr +i "$ro/src/guards.c"
            CLEANUP="chattr -i '$ro/src/guards.c' '$rd/src' 2>/dev/null"
            chattr +i "$rd/src" || fail "chattr +i on a folder failed"
            run_fix "$ro"
            check "$ro" "immutable file" "$file_msg"
            run_fix "$rd"
            check "$rd" "immutable folder" "$dir_msg"
            chattr -i "$ro/src/guards.c" "$rd/src"
            CLEANUP=
            ;;
        nobody)
            as_nobody="setpriv --reuid=65534 --regid=65534 --clear-groups"
            chown -R 65534:65534 "$ro" "$rd"
            chmod 444 "$ro/src/guards.c"
            chown 0:0 "$rd/src"
            chmod 555 "$rd/src"
            run_fix "$ro" $as_nobody
            check "$ro" "read-only file (as nobody)" "$file_msg"
            run_fix "$rd" $as_nobody
            check "$rd" "read-only folder (as nobody)" "$dir_msg"
            ;;
    esac
done
pass "read-only files and folders are left alone ($methods)"
