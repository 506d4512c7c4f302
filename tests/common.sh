# common.sh - the start that tests/fix/lib.sh, tests/hostile/lib.sh and
# tests/whole/lib.sh share: sourced as
#
#   . common.sh   (with $1 = the fscheck binary, and FS_TEST_KIND set)
#
# Sets FSCHECK (absolute), makes TMP (a temporary folder of the test's own,
# removed at the end after running $CLEANUP, even when the test made parts
# of it unreadable), and defines fail (status 1), skip (77, ctest's
# SKIP_RETURN_CODE) and pass (0).
set -u

FSCHECK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[ -x "$FSCHECK" ] || { echo "FAIL: no fscheck binary at $1"; exit 1; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-$FS_TEST_KIND.XXXXXX") || exit 1
chmod 755 "$TMP"
CLEANUP=
cleanup() {
    eval "$CLEANUP"
    chmod -R u+rwx "$TMP" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

fail() {
    echo "FAIL: $*"
    exit 1
}

skip() {
    echo "SKIP: $*"
    exit 77
}

pass() {
    echo "PASS: $*"
    exit 0
}

# show FILE: its first 4000 bytes, under a header line
show() {
    echo "--- $1"
    head -c 4000 "$1"
    echo
}

# wait_for_pause ERR PID [STEP]: until the fscheck of PID (stderr in ERR)
# says that its FSCHECK_TEST_PAUSE_BEFORE_FIX pause has begun, looking every
# STEP seconds (default 0.1); fails when it ends first, or after 60 s.
wait_for_pause() {
    deadline=$(($(date +%s) + 60))
    while ! grep -q FSCHECK_TEST_PAUSE_BEFORE_FIX "$1" 2>/dev/null; do
        kill -0 "$2" 2>/dev/null || { show "$1"; fail "fscheck ended before its pause"; }
        [ "$(date +%s)" -lt "$deadline" ] || fail "fscheck did not reach its pause within 60 s"
        sleep "${3:-0.1}"
    done
}
