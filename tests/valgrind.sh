#!/bin/sh
# valgrind's memcheck over every testdata case, with both engines.
#
#   tests/valgrind.sh [-B BUILD_DIR] [-j N] [testdata/FSxxx ...]
#
# For each rule folder (default: every testdata/FS*/) and each engine (auto
# and tree-sitter), fscheck runs under memcheck twice: on all the folder's
# cases at once (as ctest's runs do, one by one), and with --fix
# --unsafe-fixes on a copy of the folder.  A memory error or a definitely
# lost block fails the run (valgrind's --error-exitcode), and so does an
# exit status other than 0 or 1; the logs are kept.  tests/valgrind.supp
# may hold suppressions for libclang's and LLVM's own noise only, never for
# a frame of fscheck.
#
# BUILD_DIR (default build-valgrind/ at the top of the source tree) must be
# built without sanitizers; it is configured (Debug) when it has no
# CMakeCache.txt, and brought up to date.  The logs go to
# BUILD_DIR/valgrind/.  VALGRIND_OPTS adds valgrind options
# (--track-origins=yes, say).  It takes about half an hour of CPU (valgrind
# runs libclang some 50 times slower): not a ctest.
#
# Exit status: 0 when every run is clean, 1 otherwise, 2 on misuse.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --one ]; then
    # --one BUILD LOGDIR FOLDER ENGINE MODE: one run (called through xargs)
    build=$2 logs=$3 dir=$4 engine=$5 mode=$6
    name=$(basename "$dir").$engine.$mode
    work=$dir
    args=
    if [ "$mode" = fix ]; then
        work=$logs/$name.work
        rm -rf "$work"
        cp -R "$dir" "$work"
        args="--fix --unsafe-fixes"
    fi
    start=$(date +%s)
    status=0
    (cd "$work" && exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        --show-leak-kinds=definite --num-callers=40 --suppressions="$root/tests/valgrind.supp" \
        --log-file="$logs/$name.vg" "$build/fscheck" --engine="$engine" --format=json $args ./*.c \
        -- -std=c11 -D_GNU_SOURCE) >"$logs/$name.out" 2>"$logs/$name.err" || status=$?
    n=$(ls "$work"/*.c | wc -l)
    case $status in
    0 | 1) echo "ok    $(basename "$dir") $engine $mode: $n cases, $(($(date +%s) - start)) s" ;;
    99) echo "FAIL  $(basename "$dir") $engine $mode: memcheck errors in $logs/$name.vg" ;;
    *) echo "FAIL  $(basename "$dir") $engine $mode: exit status $status; $logs/$name.err" ;;
    esac
    [ "$mode" = fix ] && rm -rf "$work"
    exit 0
fi

usage() {
    echo "usage: tests/valgrind.sh [-B BUILD_DIR] [-j N] [testdata/FSxxx ...]" >&2
    exit 2
}

build="$root/build-valgrind"
jobs=$(nproc 2>/dev/null || echo 1)
. "$root/tests/build_opts.sh"
case "$jobs" in '' | *[!0-9]* | 0) usage ;; esac
command -v valgrind >/dev/null 2>&1 || { echo "valgrind.sh: valgrind is not installed (cmake/setup.sh installs it)" >&2; exit 2; }

if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug >/dev/null
fi
if grep -Eq '^FSCHECK_(SANITIZE|FUZZ):BOOL=ON' "$build/CMakeCache.txt"; then
    echo "valgrind.sh: $build is built with sanitizers; valgrind needs a build without (-B another folder)" >&2
    exit 2
fi
cmake --build "$build" -j"$jobs" --target fscheck >/dev/null
build=$(cd "$build" && pwd)
logs="$build/valgrind"
rm -rf "$logs"
mkdir -p "$logs"
# the index cache of these runs stays here
export FSCHECK_CACHE_DIR="$logs/cache"

if [ $# -eq 0 ]; then
    set -- "$root"/testdata/FS*/
fi
start=$(date +%s)
for d in "$@"; do
    d=$(cd "$d" && pwd)
    for e in auto tree-sitter; do
        printf '%s %s analyse\n%s %s fix\n' "$d" "$e" "$d" "$e"
    done
done | xargs -P "$jobs" -L 1 sh "$0" --one "$build" "$logs" | tee "$logs/summary"
end=$(date +%s)

runs=$(grep -c '' "$logs/summary")
failed=$(grep -c '^FAIL' "$logs/summary" || true)
# the logs that hold something: errors or definite leaks
bad=$(find "$logs" -name '*.vg' -size +0 | sort)
nbad=$(printf '%s' "$bad" | grep -c '' || true)
echo
echo "valgrind.sh: $runs runs in $((end - start)) s: $failed failed, $nbad valgrind logs with errors or definite leaks"
for f in $bad; do
    echo "--- $f"
    grep -E '^==[0-9]+== (Invalid|Conditional|Use of|Syscall|Mismatched|Source and|Argument|[0-9,]+ bytes in [0-9,]+ blocks are definitely|   (at|by) )' "$f" | head -n 12
done
[ "$failed" -eq 0 ] && [ "$nbad" -eq 0 ]
