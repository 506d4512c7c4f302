#!/bin/sh
# Run the libFuzzer targets of tests/fuzz/.
#
#   tests/fuzz/run.sh [-B BUILD_DIR] [-j N] TARGET|all SECONDS
#
# TARGET is ts, clang, config, baseline, fixer or report (all: each of them
# in turn, N at a time with -j).  BUILD_DIR (default build-fuzz/ at the top
# of the source tree) is configured with clang and -DFSCHECK_FUZZ=ON when it
# has no CMakeCache.txt, and brought up to date.  Each target starts from
# its seeds (testdata/fuzz/TARGET/) and the corpus it grew before
# (BUILD_DIR/fuzz-corpus/TARGET/); crashes, leaks, timeouts and out-of-memory
# inputs are written to BUILD_DIR/fuzz-artifacts/TARGET/, the log to
# BUILD_DIR/fuzz-logs/TARGET.log.  One line per target says how it went:
#
#   fuzz ts: 20 s, 41234 executions, corpus 312, no crash
#
# Exit status: 0 when no target found anything, 1 otherwise, 2 on misuse.
set -eu

usage() {
    echo "usage: tests/fuzz/run.sh [-B BUILD_DIR] [-j N] ts|clang|config|baseline|fixer|report|all SECONDS" >&2
    exit 2
}

root=$(cd "$(dirname "$0")/../.." && pwd)
build="$root/build-fuzz"
jobs=1
. "$root/tests/build_opts.sh"
[ $# -eq 2 ] || usage
all="ts clang config baseline fixer report"
case "$1" in
all) targets=$all ;;
ts | clang | config | baseline | fixer | report) targets=$1 ;;
*) usage ;;
esac
secs=$2
case "$secs" in '' | *[!0-9]*) usage ;; esac
case "$jobs" in '' | *[!0-9]* | 0) usage ;; esac

if [ ! -f "$build/CMakeCache.txt" ]; then
    cc=$(command -v clang-14 || command -v clang || true)
    [ -n "$cc" ] || { echo "run.sh: no clang to build the fuzz targets with" >&2; exit 2; }
    cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER="$cc" -DFSCHECK_FUZZ=ON -DFSCHECK_BUILD_TESTS=OFF >/dev/null
fi
cmake --build "$build" -j"$jobs" >/dev/null

# The readers of configuration and baseline files complain on stderr about
# each bad input: close the targets' stderr (the sanitizers' and libFuzzer's
# reports still come out).
run_one() {
    t=$1
    corpus="$build/fuzz-corpus/$t"
    art="$build/fuzz-artifacts/$t"
    log="$build/fuzz-logs/$t.log"
    mkdir -p "$corpus" "$art" "$build/fuzz-logs"
    mask=0
    case "$t" in config | baseline) mask=2 ;; esac
    before=$(ls "$art" | wc -l)
    rc=0
    nice -n 10 "$build/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -close_fd_mask="$mask" -artifact_prefix="$art/" \
        "$corpus" "$root/testdata/fuzz/$t" >"$log" 2>&1 || rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    found=$(($(ls "$art" | wc -l) - before))
    size=$(ls "$corpus" | wc -l)
    if [ "$rc" -eq 0 ] && [ "$found" -eq 0 ]; then
        echo "fuzz $t: $secs s, ${runs:-?} executions, corpus $size, no crash"
    else
        echo "fuzz $t: FAILED (status $rc) after ${runs:-?} executions: $found new input(s) in $art; log $log"
        grep -E '^(==[0-9]+==|SUMMARY|.*invariant broken)' "$log" | head -n 5 | sed 's/^/  /'
        return 1
    fi
}

status=0
set -- $targets
while [ $# -gt 0 ]; do
    pids=
    n=0
    while [ $# -gt 0 ] && [ "$n" -lt "$jobs" ]; do
        run_one "$1" &
        pids="$pids $!"
        n=$((n + 1))
        shift
    done
    for p in $pids; do
        wait "$p" || status=1
    done
done
exit $status
