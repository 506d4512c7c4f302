# lib.sh - shared by the tests in tests/hostile/: sourced as
#
#   . lib.sh   (with $1 = the fscheck binary, $2 = this folder)
#
# Each test makes its hostile input in a temporary folder of its own
# (removed at the end; nothing large is kept in the repository), runs
# fscheck on it under a time limit, and checks the exit status, the
# messages, and that no file of the input changed.  fail() ends a test with
# status 1, skip() with 77 (ctest's SKIP_RETURN_CODE).
FS_TEST_KIND=hostile
. "$(cd "$2" && pwd)/../common.sh"
HOSTILE=$(cd "$2" && pwd)
CFLAGS="-std=c11 -D_GNU_SOURCE"

# the project index's cache stays in the test's folder
export FSCHECK_CACHE_DIR="$TMP/.cache"
# every run gets at most this many seconds
LIMIT=${FSCHECK_HOSTILE_TIMEOUT:-60}

# one_finding [FUNCTION]: C text with one FS101 finding, on line 9 at
# column 9 when it starts a file (testdata/cli/one_finding.c).
one_finding() {
    cat <<EOF
/* One exists-then-stat finding (FS101). */
#include <sys/stat.h>
#include <unistd.h>

int ${1:-is_directory}(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return 0;
    if (stat(path, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}
EOF
}

# python_input NAME WHY: the start of the tests whose input python3 makes:
# skipped without python3 ("python3 is needed to WHY"); the folder
# $TMP/NAME made for the input, and $TMP/finding.c (one_finding) to copy in.
python_input() {
    command -v python3 >/dev/null 2>&1 || skip "python3 is needed to $2"
    mkdir "$TMP/$1" || fail "cannot make $TMP/$1"
    one_finding >"$TMP/finding.c"
}

# make_input: run the python3 program on stdin with `src` (the folder
# $TMP/src of python_input src) and `finding` (one_finding's text) set.
make_input() {
    { printf 'import sys\nsrc, finding = sys.argv[1], open(sys.argv[2]).read()\n'; cat; } |
        python3 - "$TMP/src" "$TMP/finding.c" || fail "cannot make the input"
}

# snapshot DIR FILE [meta]: the names, types, modes, link targets and
# contents of everything under DIR (but the index cache), into FILE
# (outside DIR).  With meta, sizes, inode numbers and change times stand
# for the contents (any write, rename or chmod changes them): cheaper on
# 100,000 files.
snapshot() {
    (cd "$1" && {
        if [ "${3:-}" = meta ]; then
            find . -path ./.cache -prune -o -printf '%p|%y|%m|%l|%s|%i|%C@|%T@\n' | LC_ALL=C sort
        else
            find . -path ./.cache -prune -o -printf '%p|%y|%m|%l\n' | LC_ALL=C sort
            find . -path ./.cache -prune -o -type f -readable -exec sha256sum {} + | LC_ALL=C sort
        fi
    }) >"$2"
}

# unchanged DIR FILE [meta]: DIR is as snapshot saw it.
unchanged() {
    snapshot "$1" "$2.now" "${3:-}"
    if ! cmp -s "$2" "$2.now"; then
        diff "$2" "$2.now" | head -n 20
        fail "files under $1 changed"
    fi
}

# run NAME [fscheck arguments...]: fscheck in the current folder, with
# stdout and stderr to $TMP/NAME.out and $TMP/NAME.err, its status in
# $status (124: the time limit ran out), its peak memory in KiB in $rss.
run() {
    name=$1
    shift
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$TMP/$name.rss" timeout -k 5 "$LIMIT" "$FSCHECK" "$@" \
            >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
        status=$?
        rss=$(tail -n 1 "$TMP/$name.rss")
        case $rss in '' | *[!0-9]*) rss=0 ;; esac
    else
        timeout -k 5 "$LIMIT" "$FSCHECK" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" </dev/null
        status=$?
        rss=0
    fi
    [ $status -ne 124 ] && [ $status -ne 137 ] || { show "$TMP/$name.err"; fail "$name: no answer within $LIMIT s"; }
    [ $status -lt 128 ] || { show "$TMP/$name.err"; fail "$name: killed by signal $((status - 128))"; }
}

# expect_status NAME N
expect_status() {
    [ "$status" -eq "$2" ] || { show "$TMP/$1.out"; show "$TMP/$1.err"; fail "$1: exit status $status, expected $2"; }
}

# expect_out NAME ERE, expect_err NAME ERE, no_out NAME ERE, no_err NAME ERE
expect_out() {
    grep -Eq -e "$2" "$TMP/$1.out" || { show "$TMP/$1.out"; show "$TMP/$1.err"; fail "$1: stdout does not match: $2"; }
}
expect_err() {
    grep -Eq -e "$2" "$TMP/$1.err" || { show "$TMP/$1.err"; fail "$1: stderr does not match: $2"; }
}
no_out() {
    ! grep -Eq -e "$2" "$TMP/$1.out" || { show "$TMP/$1.out"; fail "$1: stdout matches: $2"; }
}
no_err() {
    ! grep -Eq -e "$2" "$TMP/$1.err" || { show "$TMP/$1.err"; fail "$1: stderr matches: $2"; }
}

# expect_rss NAME KIB: the run took at most KIB KiB at its peak.
expect_rss() {
    [ "$rss" -le "$2" ] || fail "$1: peak memory $rss KiB, over $2 KiB"
}

# valid_json NAME: stdout is one JSON document.
valid_json() {
    command -v python3 >/dev/null 2>&1 || return 0
    python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$TMP/$1.out" ||
        { show "$TMP/$1.out"; fail "$1: stdout is not valid JSON"; }
}
