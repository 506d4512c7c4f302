#!/usr/bin/env bash
# cmake_hook.sh - the build of a CMake project's target with fscheck as its
# CMAKE_C_CLANG_TIDY, against the same build without it.
#
#   tests/bench/cmake_hook.sh [OPTIONS] SRC_DIR [-- CMAKE_ARGS...]
#
# Options:
#   -n RUNS          builds of each kind; medians are reported (default 3)
#   -j JOBS          the build's jobs (default 2)
#   --target NAME    the target to build (default: all)
#   --fscheck BIN    default: build/fscheck of this repository
#   --keep DIR       keep the build logs in DIR
#
# Two build folders are configured once, with the same CMAKE_ARGS, one of
# them with -DCMAKE_C_CLANG_TIDY="BIN;--quiet;--exit-zero".  Each run
# builds the target from clean (`cmake --build --clean-first`) in each,
# one after the other: without fscheck; with it and an empty index cache
# (FSCHECK_CACHE_DIR emptied first: the first build of a checkout); with
# it and the cache that build left.  Every figure is the whole build's
# wall-clock time (GNU time).  Nothing else should be running.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=3
jobs=2
target=all
fscheck="$root/build/fscheck"
keep=
src=
cmake_args=()

. "$here/lib.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        -n) runs=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        --target) target=$2; shift 2 ;;
        --fscheck) fscheck=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --) shift; cmake_args=("$@"); break ;;
        -h|--help) usage ;;
        -*) echo "cmake_hook.sh: unknown option $1" >&2; usage ;;
        *) src=$1; shift ;;
    esac
done
[[ -n "$src" && -f "$src/CMakeLists.txt" ]] || die "no CMakeLists.txt in '${src}'"
[[ -x /usr/bin/time ]] || die "needs GNU time as /usr/bin/time (Debian package 'time')"
[[ -x "$fscheck" ]] || die "no fscheck at $fscheck (build it, or give --fscheck)"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "-n takes a number"
fscheck=$(cd "$(dirname "$fscheck")" && pwd)/$(basename "$fscheck")

work=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-hook.XXXXXX")
trap 'if [[ -n "$keep" ]]; then mkdir -p "$keep" && cp "$work"/*.log "$work"/*.times "$keep/" 2>/dev/null; fi; rm -rf "$work"' EXIT

echo "cmake_hook.sh: configuring" >&2
cmake -S "$src" -B "$work/plain" "${cmake_args[@]+"${cmake_args[@]}"}" >"$work/configure-plain.log" 2>&1 ||
    die "cmake failed (see $work/configure-plain.log)"
cmake -S "$src" -B "$work/hook" "${cmake_args[@]+"${cmake_args[@]}"}" \
    "-DCMAKE_C_CLANG_TIDY=$fscheck;--quiet;--exit-zero" >"$work/configure-hook.log" 2>&1 ||
    die "cmake failed (see $work/configure-hook.log)"

# build NAME DIR: a clean build of the target, timed; appends the seconds to $work/NAME.times
build() {
    local name=$1 dir=$2
    /usr/bin/time -f "%e" -o "$work/$name.time" cmake --build "$dir" --target "$target" --clean-first -j "$jobs" \
        >"$work/$name.log" 2>&1 || die "the build failed (see $work/$name.log)"
    cat "$work/$name.time" >>"$work/$name.times"
}

export FSCHECK_CACHE_DIR="$work/cache"
for ((r = 1; r <= runs; r++)); do
    echo "cmake_hook.sh: run $r" >&2
    build plain "$work/plain"
    rm -rf "$FSCHECK_CACHE_DIR"
    build cold "$work/hook"
    build warm "$work/hook"
done
grep -q "warning: .*\[FS[0-9]*\]" "$work/warm.log" && echo "(fscheck reported findings in the build)"

python3 - "$work" "$runs" "$target" "$jobs" <<'EOF'
import statistics, sys
work, runs, target, jobs = sys.argv[1:5]
med = {n: statistics.median(float(l) for l in open("%s/%s.times" % (work, n)) if l.strip()) for n in ("plain", "cold", "warm")}
print("target %s, -j%s, medians of %s builds from clean" % (target, jobs, runs))
print()
print("| build | time (s) | × without fscheck |")
print("|---|---:|---:|")
for n, label in (("plain", "without fscheck"), ("cold", "fscheck as CMAKE_C_CLANG_TIDY, empty index cache"),
                 ("warm", "fscheck as CMAKE_C_CLANG_TIDY, index cache filled")):
    print("| %s | %.2f | %.2f |" % (label, med[n], med[n] / med["plain"]))
EOF
