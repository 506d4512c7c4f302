#!/bin/sh
# expect.sh - run a command and check its exit status and output.
#
#   expect.sh [--status N] [--stdout ERE]... [--stderr ERE]...
#             [--no-stdout ERE]... [--no-stderr ERE]... -- COMMAND [ARGS...]
#
# Each ERE (POSIX extended regex, as grep -E takes it) is searched for in the
# command's whole stdout or stderr with its newlines turned into spaces, so a
# pattern can span lines of pretty-printed JSON.  --status defaults to 0.
# The command gets no standard input and at most FSCHECK_TEST_TIMEOUT seconds
# (default 120).  Exit status: 0 when every check holds, 1 otherwise.
set -u

status=0
checks=
nl='
'
while [ $# -gt 0 ]; do
    case $1 in
        --status) status=$2; shift 2 ;;
        --stdout|--stderr|--no-stdout|--no-stderr)
            checks="$checks${1#--}$nl$2$nl"; shift 2 ;;
        --) shift; break ;;
        *) echo "expect.sh: unknown option: $1" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "expect.sh: no command" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/expect.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

if command -v timeout >/dev/null 2>&1; then
    timeout "${FSCHECK_TEST_TIMEOUT:-120}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
else
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
fi
got=$?

failed=0
report() {
    echo "FAIL: $*"
    failed=1
}

[ "$got" -eq "$status" ] || report "exit status $got, expected $status"

tr '\n' ' ' <"$tmp/out" >"$tmp/out.flat"
tr '\n' ' ' <"$tmp/err" >"$tmp/err.flat"

# walk the (kind, regex) pairs
rest=$checks
while [ -n "$rest" ]; do
    kind=${rest%%"$nl"*}; rest=${rest#*"$nl"}
    re=${rest%%"$nl"*}; rest=${rest#*"$nl"}
    case $kind in
        stdout) grep -Eq -e "$re" "$tmp/out.flat" || report "stdout does not match: $re" ;;
        stderr) grep -Eq -e "$re" "$tmp/err.flat" || report "stderr does not match: $re" ;;
        no-stdout) ! grep -Eq -e "$re" "$tmp/out.flat" || report "stdout matches: $re" ;;
        no-stderr) ! grep -Eq -e "$re" "$tmp/err.flat" || report "stderr matches: $re" ;;
    esac
done

if [ "$failed" -ne 0 ]; then
    echo "command: $*"
    echo "--- stdout"
    cat "$tmp/out"
    echo "--- stderr"
    cat "$tmp/err"
    exit 1
fi
echo "PASS: $*"
exit 0
