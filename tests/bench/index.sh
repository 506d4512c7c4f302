#!/usr/bin/env bash
# index.sh - the project index against clang -fsyntax-only, on one code base.
#
#   tests/bench/index.sh [OPTIONS] SRC_DIR [-- FLAGS...]
#
# SRC_DIR is the project's root: it holds .git, compile_commands.json or
# .fscheck.yml, or a .c file of its own (then it is the common folder of the
# input).  FLAGS are the compiler flags for every .c file (include folders,
# macros), given to fscheck after -- and to clang; they are used from SRC_DIR.
#
# Options:
#   -n RUNS          runs of each measure; medians are reported (default 1)
#   -j N             jobs for the prefilter runs (default 2)
#   --fscheck BIN    default: build/fscheck of this repository
#   --clang BIN      default: clang-14, else clang
#   --file FILE      the file fscheck is run on to build the index (default:
#                    the first .c file, in name order, directly in SRC_DIR)
#   --no-prefilter-check
#                    leave out the two whole runs (prefilter on and off)
#   --keep DIR       keep the reports and logs in DIR
#
# What runs (sequentially; nothing else should be running):
#   a) cold index: FSCHECK_CACHE_DIR is an empty folder, fscheck runs on one
#      file and FSCHECK_INDEX_STATS=1 reports the index's own time;
#   b) warm index: the same again with the cache that a) left;
#   c) clang -fsyntax-only on every .c file under SRC_DIR, one process per
#      file, one after the other (the index is one thread too);
#   d) fscheck -jN on every .c file with the prefilter, then with
#      --no-prefilter (both with the warm cache): units parsed and passed
#      over, and whether the findings are identical.
# Figures are wall-clock seconds and CPU seconds (user + system) from
# /usr/bin/time; the index time is the one fscheck prints.  Needs bash,
# python3 and GNU time (Debian package `time`; cmake/setup.sh installs it).
# Not run by ctest.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=1
jobs=2
fscheck="$root/build/fscheck"
clang=$(command -v clang-14 || command -v clang || true)
file=
keep=
check_prefilter=1
srcdir=
flags=()

. "$here/lib.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        -n) runs=$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        --fscheck) fscheck=$2; shift 2 ;;
        --clang) clang=$2; shift 2 ;;
        --file) file=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --no-prefilter-check) check_prefilter=0; shift ;;
        --) shift; flags=("$@"); break ;;
        -h|--help) usage ;;
        -*) echo "index.sh: unknown option $1" >&2; usage ;;
        *) [[ -z "$srcdir" ]] || usage; srcdir=$1; shift ;;
    esac
done

[[ -n "$srcdir" ]] || usage
[[ -d "$srcdir" ]] || die "no folder $srcdir"
srcdir=$(cd "$srcdir" && pwd)
[[ -x /usr/bin/time ]] || die "needs GNU time as /usr/bin/time (Debian package 'time'; cmake/setup.sh installs it)"
[[ -x "$fscheck" ]] || die "no fscheck at $fscheck (build it, or give --fscheck)"
fscheck=$(cd "$(dirname "$fscheck")" && pwd)/$(basename "$fscheck")
[[ -n "$clang" ]] || die "no clang, or give --clang"
command -v python3 >/dev/null || die "needs python3"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "-n takes a number"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die "-j takes a number"

cd "$srcdir"
if [[ -z "$file" ]]; then
    file=$(find . -maxdepth 1 -name '*.c' -type f | LC_ALL=C sort | head -n 1)
    file=${file#./}
fi
[[ -n "$file" && -f "$file" ]] || die "no .c file directly in $srcdir: give one with --file"
marker=0
for m in .git compile_commands.json .fscheck.yml; do
    [[ -e "$m" ]] && marker=1
done
if [[ $marker -eq 0 && "$(cd "$(dirname "$file")" && pwd)" != "$srcdir" ]]; then
    die "$srcdir has no .git, compile_commands.json or .fscheck.yml: give --file a .c file directly in it"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-index.XXXXXX")
trap 'if [[ -n "$keep" ]]; then mkdir -p "$keep" && cp -R "$work/." "$keep/"; fi; rm -rf "$work"' EXIT

find . -name '*.c' -type f -not -path '*/.*' | LC_ALL=C sort | sed 's|^\./||' >"$work/units"
nunits=$(wc -l <"$work/units")
nheaders=$(find . -name '*.h' -type f -not -path '*/.*' | wc -l)
[[ "$nunits" -gt 0 ]] || die "no .c files under $srcdir"
mapfile -t units <"$work/units"

# timed NAME CMD...: CMD under /usr/bin/time; appends "wall cpu" to NAME.times,
# its stdout to NAME.out and its stderr to NAME.err (of the last run)
timed() {
    local name=$1
    shift
    /usr/bin/time -f '%e %U %S' -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || true
    tail -n 1 "$work/$name.time" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }' >>"$work/$name.times"
}
# index_seconds NAME: the index time fscheck printed in NAME.err
index_seconds() {
    sed -n 's/^fscheck: index of .*: \([0-9]*\) files, \([0-9]*\) parsed, \([0-9]*\) from the cache ([0-9]* unread), \([0-9.]*\) s$/\4 \1 \2 \3/p' "$work/$1.err" | tail -n 1
}

# clang: one process per file, from SRC_DIR, with FLAGS
{
    for u in "${units[@]}"; do
        printf '%q ' "$clang" "${flags[@]+"${flags[@]}"}" -fsyntax-only "$u"
        printf '>/dev/null 2>&1 || echo "%s" >>%q\n' "$u" "$work/clang-failed"
    done
} >"$work/syntax.sh"

fs_one=("$fscheck" --quiet --exit-zero --format=json "$file" -- "${flags[@]+"${flags[@]}"}")
echo "index.sh: $nunits .c files and $nheaders .h files under $srcdir; $runs run(s) of each measure" >&2
for ((r = 1; r <= runs; r++)); do
    rm -rf "$work/cache"
    mkdir -p "$work/cache"
    echo "index.sh: run $r: cold index" >&2
    FSCHECK_CACHE_DIR="$work/cache" FSCHECK_INDEX_STATS=1 timed cold "${fs_one[@]}"
    index_seconds cold >>"$work/cold.index"
    echo "index.sh: run $r: warm index" >&2
    FSCHECK_CACHE_DIR="$work/cache" FSCHECK_INDEX_STATS=1 timed warm "${fs_one[@]}"
    index_seconds warm >>"$work/warm.index"
    echo "index.sh: run $r: clang -fsyntax-only on $nunits files" >&2
    rm -f "$work/clang-failed"
    timed clang sh "$work/syntax.sh"
done
if [[ $check_prefilter -eq 1 ]]; then
    echo "index.sh: fscheck -j$jobs on $nunits files, with the prefilter" >&2
    FSCHECK_CACHE_DIR="$work/cache" timed pre "$fscheck" -j"$jobs" --quiet --exit-zero --format=json "${units[@]}" -- "${flags[@]+"${flags[@]}"}"
    echo "index.sh: fscheck -j$jobs on $nunits files, --no-prefilter" >&2
    FSCHECK_CACHE_DIR="$work/cache" timed nopre "$fscheck" -j"$jobs" --no-prefilter --quiet --exit-zero --format=json "${units[@]}" -- "${flags[@]+"${flags[@]}"}"
fi
nfailed=0
[[ -f "$work/clang-failed" ]] && nfailed=$(wc -l <"$work/clang-failed")

python3 - "$work" "$nunits" "$nheaders" "$nfailed" "$check_prefilter" "$jobs" <<'EOF'
import json, statistics, sys
work, nunits, nheaders, nfailed, check, jobs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1", sys.argv[6]
def rows(name):
    return [l.split() for l in open("%s/%s" % (work, name)) if l.strip()]
def med(name, col):
    return statistics.median(float(r[col]) for r in rows(name))
cold, warm = rows("cold.index"), rows("warm.index")
if not cold or not warm:
    sys.exit("index.sh: fscheck printed no index figures (see %s/cold.err)" % work)
ci, wi = med("cold.index", 0), med("warm.index", 0)
cw, cc = med("clang.times", 0), med("clang.times", 1)
print("%d .c files, %d .h files; clang -fsyntax-only failed on %d of the .c files; medians of %d run(s)"
      % (nunits, nheaders, nfailed, len(rows("clang.times"))))
print("index: %s files, %s parsed cold, %s from the cache warm" % (cold[-1][1], cold[-1][2], warm[-1][3]))
print()
print("| measure | wall-clock (s) | CPU (s) | index (s) | index / clang wall-clock |")
print("|---|---:|---:|---:|---:|")
print("| a) fscheck on one file, cold cache | %.2f | %.2f | %.2f | %.1f %% |" % (med("cold.times", 0), med("cold.times", 1), ci, 100 * ci / cw))
print("| b) fscheck on one file, warm cache | %.2f | %.2f | %.2f | %.2f %% |" % (med("warm.times", 0), med("warm.times", 1), wi, 100 * wi / cw))
print("| c) clang -fsyntax-only, every .c file | %.2f | %.2f | | |" % (cw, cc))
print()
print("cold index / clang: %.1f %% of the wall-clock time (target < 5 %%); the whole cold fscheck process: %.1f %% of clang's CPU time"
      % (100 * ci / cw, 100 * med("cold.times", 1) / cc))
print("warm index / clang: %.2f %% of the wall-clock time (target < 1 %%); the whole warm fscheck process: %.2f %% of clang's CPU time"
      % (100 * wi / cw, 100 * med("warm.times", 1) / cc))
if check:
    def load(n):
        return json.load(open("%s/%s.out" % (work, n)))
    a, b = load("pre"), load("nopre")
    sa, sb = a["stats"], b["stats"]
    same = a["findings"] == b["findings"]
    print()
    print("prefilter (fscheck -j%s, warm cache): %d of %d units passed over (nothing_to_check), %d parsed; %.1f s wall / %.1f s CPU"
          % (jobs, sa.get("nothing_to_check", 0), nunits, sa.get("files", 0), med("pre.times", 0), med("pre.times", 1)))
    print("--no-prefilter: %d units parsed; %.1f s wall / %.1f s CPU" % (sb.get("files", 0), med("nopre.times", 0), med("nopre.times", 1)))
    print("findings: %d with the prefilter, %d without; identical: %s" % (len(a["findings"]), len(b["findings"]), "yes" if same else "NO"))
try:
    print("load average at the end: %s" % open("/proc/loadavg").read().split()[0])
except OSError:
    pass
EOF
