#!/usr/bin/env bash
# bench.sh - fscheck against clang-tidy with one cheap check and against
# clang -fsyntax-only, over the same translation units, in one go.
#
#   tests/bench/bench.sh [OPTIONS] BUILD_DIR
#       the units of BUILD_DIR/compile_commands.json, each with its command
#   tests/bench/bench.sh [OPTIONS] --dir SRC_DIR -- FLAGS...
#       every .c file under SRC_DIR, all with FLAGS
#
# Options:
#   -n RUNS           runs of each tool; medians are reported (default 3)
#   --fscheck BIN     default: build/fscheck of this repository
#   --clang-tidy BIN  default: clang-tidy-14, else clang-tidy
#   --clang BIN       default: clang-14, else clang
#   --check NAME      the clang-tidy check (default readability-braces-around-statements)
#   --keep DIR        keep the reports and logs in DIR
#   --only LIST       only these of the runs below (comma list of fs1, fs1w,
#                     fs2, fs1np, fs2np, fs1ni, syntax; clang-tidy always runs)
#
# What runs (sequentially, nothing else should be running), when this
# fscheck has a project index and a prefilter:
#   fs1    fscheck -j1 --engine=clang                 prefilter, index cache empty
#   fs1w   fscheck -j1 --engine=clang                 prefilter, index cache filled
#   fs2    fscheck -j2 --engine=clang                 prefilter, index cache filled
#   fs1np  fscheck -j1 --engine=clang --no-prefilter  index cache filled
#   fs2np  fscheck -j2 --engine=clang --no-prefilter  index cache filled
#   fs1ni  fscheck -j1 --engine=clang --no-index      no index, no prefilter
#   tidy   clang-tidy -checks=-*,CHECK                one process over all the units
#   syntax clang -fsyntax-only                        one process per unit, its own flags
# (an older fscheck: -j1 and -j2 only).  Every figure is a whole process
# (or, for clang, the whole loop) under /usr/bin/time -v: wall-clock
# seconds, CPU seconds (user + system: steadier than wall-clock time on a
# loaded machine) and peak resident memory.  The index cache is in a folder
# of the run (FSCHECK_CACHE_DIR): emptied before the "empty" runs, filled
# by an unmeasured run first for the others.  Needs bash, python3 and GNU
# time (Debian package `time`; cmake/setup.sh installs it).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=3
fscheck="$root/build/fscheck"
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
clang=$(command -v clang-14 || command -v clang || true)
check=readability-braces-around-statements
keep=
only=
srcdir=
builddir=
flags=()

. "$here/lib.sh"

while [[ $# -gt 0 ]]; do
    case $1 in
        -n) runs=$2; shift 2 ;;
        --fscheck) fscheck=$2; shift 2 ;;
        --clang-tidy) tidy=$2; shift 2 ;;
        --clang) clang=$2; shift 2 ;;
        --check) check=$2; shift 2 ;;
        --keep) keep=$2; shift 2 ;;
        --only) only=",$2,tidy,"; shift 2 ;;
        --dir) srcdir=$2; shift 2 ;;
        --) shift; flags=("$@"); break ;;
        -h|--help) usage ;;
        -*) echo "bench.sh: unknown option $1" >&2; usage ;;
        *) builddir=$1; shift ;;
    esac
done

[[ -n "$builddir" || -n "$srcdir" ]] || usage
[[ -z "$builddir" || -f "$builddir/compile_commands.json" ]] || die "no compile_commands.json in $builddir"
[[ -z "$srcdir" || -d "$srcdir" ]] || die "no folder $srcdir"
[[ -x /usr/bin/time ]] || die "needs GNU time as /usr/bin/time (Debian package 'time'; cmake/setup.sh installs it)"
[[ -x "$fscheck" ]] || die "no fscheck at $fscheck (build it, or give --fscheck)"
[[ -n "$tidy" ]] || die "no clang-tidy (Debian package clang-tidy), or give --clang-tidy"
[[ -n "$clang" ]] || die "no clang, or give --clang"
command -v python3 >/dev/null || die "needs python3"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || die "-n takes a number"

work=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-bench.XXXXXX")
trap 'if [[ -n "$keep" ]]; then mkdir -p "$keep" && cp -R "$work/." "$keep/"; fi; rm -rf "$work"' EXIT

# The units: absolute file names (sorted, one per file) and, for clang, one
# shell command per unit: cd DIR && CLANG FLAGS -fsyntax-only FILE.
python3 - "$work" "$clang" "${builddir:-}" "${srcdir:-}" "${flags[@]+"${flags[@]}"}" <<'EOF'
import json, os, shlex, sys
work, clang, builddir, srcdir, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
units = {}
if builddir:
    for e in json.load(open(os.path.join(builddir, "compile_commands.json"))):
        d = e["directory"]
        f = os.path.normpath(os.path.join(d, e["file"]))
        if f in units:
            continue
        args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
        out, skip = [], False
        for i, a in enumerate(args[1:], 1):
            if skip:
                skip = False
                continue
            if a in ("-o", "-MF", "-MT", "-MQ"):
                skip = True
                continue
            if a in ("-c", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG") or a.startswith(("-MF", "-MT", "-MQ")):
                continue
            if a.startswith("-o") and len(a) > 2:
                continue
            if not a.startswith("-") and os.path.normpath(os.path.join(d, a)) == f:
                continue
            out.append(a)
        units[f] = (d, out)
else:
    for dp, dn, fn in os.walk(srcdir):
        dn[:] = sorted(x for x in dn if not x.startswith("."))
        for n in fn:
            if n.endswith(".c"):
                units[os.path.abspath(os.path.join(dp, n))] = (os.getcwd(), list(flags))
with open(os.path.join(work, "units"), "w") as fu, open(os.path.join(work, "syntax.sh"), "w") as fs:
    for f in sorted(units):
        d, a = units[f]
        fu.write(f + "\n")
        fs.write("cd %s && %s >/dev/null 2>&1\n" % (shlex.quote(d), " ".join(shlex.quote(x) for x in [clang] + a + ["-fsyntax-only", f])))
EOF
nunits=$(wc -l <"$work/units")
[[ "$nunits" -gt 0 ]] || die "no translation units"
mapfile -t files <"$work/units"

has_prefilter=0
"$fscheck" --help 2>/dev/null | grep -q -- --no-prefilter && has_prefilter=1

# measure NAME CMD...: run CMD under /usr/bin/time -v; appends to
# $work/NAME.times ("secs kib cpu-secs"); stdout to $work/NAME.out, stderr to $work/NAME.err
measure() {
    local name=$1
    shift
    local cache="$work/cache-warm"
    if [[ $name == fs1 ]]; then
        cache="$work/cache-cold"
        rm -rf "$cache"
    fi
    mkdir -p "$cache"
    FSCHECK_CACHE_DIR="$cache" /usr/bin/time -v -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || true
    python3 - "$work/$name.time" >>"$work/$name.times" <<'EOF'
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", t)
secs = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1))
cpu = float(re.search(r"User time \(seconds\): ([\d.]+)", t).group(1)) + float(re.search(r"System time \(seconds\): ([\d.]+)", t).group(1))
print(secs, kib, cpu)
EOF
}

if [[ -n "$builddir" ]]; then
    fs_in=(-p "$builddir")
    tidy_in=(-p "$builddir" "${files[@]}")
else
    fs_in=("$srcdir" -- "${flags[@]+"${flags[@]}"}")
    tidy_in=("${files[@]}" -- "${flags[@]+"${flags[@]}"}")
fi
fs_common=(--engine=clang --format=json --quiet --exit-zero)

names=()
labels=()
add() { [[ -z "$only" || "$only" == *",$1,"* ]] || return 0; names+=("$1"); labels+=("$2"); }
if [[ $has_prefilter -eq 1 ]]; then
    add fs1 "fscheck -j1 (prefilter, empty index cache)"
    add fs1w "fscheck -j1 (prefilter)"
    add fs2 "fscheck -j2 (prefilter)"
    add fs1np "fscheck -j1 (no prefilter)"
    add fs2np "fscheck -j2 (no prefilter)"
    add fs1ni "fscheck -j1 (no index, no prefilter)"
else
    add fs1 "fscheck -j1 (clang engine)"
    add fs2 "fscheck -j2 (clang engine)"
fi
add tidy "clang-tidy ($check)"
add syntax "clang -fsyntax-only (a process per unit)"

echo "bench.sh: $nunits units, $runs runs of each tool" >&2
if [[ $has_prefilter -eq 1 ]]; then
    echo "bench.sh: filling the index cache" >&2
    mkdir -p "$work/cache-warm"
    FSCHECK_CACHE_DIR="$work/cache-warm" "$fscheck" -j1 "${fs_common[@]}" "${fs_in[@]}" >/dev/null 2>&1 || true
fi
for ((r = 1; r <= runs; r++)); do
    for name in "${names[@]}"; do
        echo "bench.sh: run $r: $name" >&2
        case $name in
            # shellcheck disable=SC2016
            fs1) measure fs1 "$fscheck" -j1 "${fs_common[@]}" "${fs_in[@]}" ;;
            fs1w) measure fs1w "$fscheck" -j1 "${fs_common[@]}" "${fs_in[@]}" ;;
            fs1np) measure fs1np "$fscheck" -j1 --no-prefilter "${fs_common[@]}" "${fs_in[@]}" ;;
            fs2np) measure fs2np "$fscheck" -j2 --no-prefilter "${fs_common[@]}" "${fs_in[@]}" ;;
            fs1ni) measure fs1ni "$fscheck" -j1 --no-index "${fs_common[@]}" "${fs_in[@]}" ;;
            fs2) measure fs2 "$fscheck" -j2 "${fs_common[@]}" "${fs_in[@]}" ;;
            tidy) measure tidy "$tidy" --quiet "-checks=-*,$check" "${tidy_in[@]}" ;;
            syntax) measure syntax sh "$work/syntax.sh" ;;
        esac
    done
done

python3 - "$work" "$nunits" "$check" "${names[@]}" -- "${labels[@]}" <<'EOF'
import json, statistics, sys
work, nunits, check = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rest = sys.argv[4:]
sep = rest.index("--")
names, labels = rest[:sep], rest[sep + 1:]
med = {}
for n in names:
    rows = [l.split() for l in open("%s/%s.times" % (work, n)) if l.strip()]
    med[n] = (statistics.median(float(r[0]) for r in rows), statistics.median(int(r[1]) for r in rows) / 1024.0,
              statistics.median(float(r[2]) for r in rows))
def stats(n):
    try:
        s = json.load(open("%s/%s.out" % (work, n)))["stats"]
        return s.get("files", 0), s.get("nothing_to_check", 0), len(s.get("skipped", [])), len(json.load(open("%s/%s.out" % (work, n)))["findings"])
    except Exception:
        return None
ref = med["tidy"][0]
print("%d translation units; medians of %s runs" % (nunits, len(open("%s/tidy.times" % work).readlines())))
print()
print("| tool | time (s) | × clang-tidy | CPU time (s) | × clang-tidy | peak memory (MiB) |")
print("|---|---:|---:|---:|---:|---:|")
for n, l in zip(names, labels):
    print("| %s | %.2f | %.2f | %.2f | %.2f | %.0f |" % (l, med[n][0], med[n][0] / ref, med[n][2], med[n][2] / med["tidy"][2], med[n][1]))
print()
tidy_unit = ref / nunits
tidy_unit_cpu = med["tidy"][2] / nunits
for n, l in zip(names, labels):
    st = stats(n)
    if not st or not n.startswith("fs"):
        continue
    parsed, passed, skipped, nf = st
    line = "%s: %d units parsed, %d passed over by the prefilter, %d skipped, %d findings" % (l, parsed, passed, skipped, nf)
    if parsed and n not in ("fs2", "fs2np"):
        line += "; %.3f s per parsed unit against clang-tidy's %.3f s per unit (%.2f×; CPU time %.2f×)" % (
            med[n][0] / parsed, tidy_unit, med[n][0] / parsed / tidy_unit,
            med[n][2] / parsed / tidy_unit_cpu)
    print(line)
base = "fs1w" if "fs1w" in med else "fs1"
if base in med and "fs2" in med:
    print("fscheck -j2 against -j1%s: %.2f× faster (wall-clock)" % (" (index cache filled)" if base == "fs1w" else "", med[base][0] / med["fs2"][0]))
if "fs2np" in med and "fs1np" in med:
    print("fscheck -j2 against -j1, every unit parsed (no prefilter): %.2f× faster (wall-clock)" % (med["fs1np"][0] / med["fs2np"][0]))
try:
    print("load average at the end: %s" % open("/proc/loadavg").read().split()[0])
except OSError:
    pass
errs = sum(1 for l in open("%s/tidy.err" % work) if " error: " in l) + sum(1 for l in open("%s/tidy.out" % work) if " error: " in l)
print("clang-tidy reported %d compiler errors (last run)" % errs)
EOF
