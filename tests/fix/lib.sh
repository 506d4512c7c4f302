# lib.sh - shared by the tests in tests/fix/: sourced as
#
#   . lib.sh   (with $1 = the fscheck binary, $2 = this folder)
#
# Each test works on copies of project/ in a temporary folder of its own,
# removed at the end.  fail() ends a test with status 1; skip() with 77
# (ctest's SKIP_RETURN_CODE).
FS_TEST_KIND=fix-test
. "$(cd "$2" && pwd)/../common.sh"
FIXDIR=$(cd "$2" && pwd)
CFLAGS="-std=c11 -D_GNU_SOURCE -Iinclude"

# make_project DEST: a fresh copy of project/, with src/crlf.c made from
# src/crlf.c.in (CRLF line endings, no newline after the last line).
make_project() {
    mkdir -p "$1" || fail "cannot make $1"
    cp -R "$FIXDIR/project/." "$1/" || fail "cannot copy the project to $1"
    sed 's/$/\r/' "$1/src/crlf.c.in" | head -c -2 >"$1/src/crlf.c" || fail "cannot make src/crlf.c"
    rm -f "$1/src/crlf.c.in"
}

# in_dir DIR fscheck ARGS... : run fscheck in DIR, stdout and stderr to
# DIR.out and DIR.err; sets $status.
in_dir() {
    d=$1
    shift
    (cd "$d" && "$FSCHECK" "$@") >"$d.out" 2>"$d.err"
    status=$?
}

# fix DIR [MORE ARGS]: fscheck --fix on every file under DIR/src.
fix() {
    d=$1
    shift
    in_dir "$d" --fix "$@" src -- $CFLAGS
    case $status in
        0|1) ;;
        *) show "$d.err"; fail "fscheck --fix $* in $d exited with $status" ;;
    esac
}

# same_tree A B: the two folders hold the same files, byte for byte.
same_tree() {
    if ! diff -r "$1" "$2" >"$TMP/tree.diff" 2>&1; then
        cat "$TMP/tree.diff"
        fail "$1 and $2 differ"
    fi
}

# no_temp_files DIR: the fixer left no temporary file behind.
no_temp_files() {
    left=$(find "$1" -name '.fscheck-fix-*' -print)
    [ -z "$left" ] || fail "temporary files left behind: $left"
}

# fix_mode MODE NAME: for mode safe or unsafe, $extra set (--unsafe-fixes
# for unsafe), the projects $TMP/MODE.orig, $TMP/MODE.fix (fixed in place)
# and $TMP/MODE.NAME (for the run compared with it).
fix_mode() {
    extra=
    [ "$1" = unsafe ] && extra=--unsafe-fixes
    make_project "$TMP/$1.orig"
    make_project "$TMP/$1.fix"
    make_project "$TMP/$1.$2"
    fix "$TMP/$1.fix" $extra
}
