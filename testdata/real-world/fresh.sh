#!/bin/bash
# Run fscheck on a drawn project as a new user would (../../../shared/FRESH.md,
# step 2): `fscheck DIR` with no configuration, from the project's root, an
# empty index cache; then, with --build-dir, again with -p on a compilation
# database made beforehand.  Records what the protocol asks: exit status,
# wall time and peak memory (GNU time), units passed over, partial parses,
# functions defined (the text scan's count) against analysed and not.
#
# usage: fresh.sh [--build-dir DIR] FSCHECK SRC OUT
#   FSCHECK  the fscheck binary
#   SRC      the project's exported tree (its root)
#   OUT      written: nobuild.json, nobuild.txt (the text report), .stderr,
#            .time; with --build-dir the same as build.*; summary.txt
# JOBS (default 2) sets -j.
set -u -o pipefail
build=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --build-dir) build="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[[ $# -eq 3 ]] || { sed -n '2,15p' "$0" >&2; exit 2; }
FSCHECK=$(readlink -f "$1")
SRC=$(cd "$2" && pwd) || exit 2
mkdir -p "$3" && OUT=$(cd "$3" && pwd) || exit 2
JOBS=${JOBS:-2}
[[ -x "$FSCHECK" ]] || { echo "fresh.sh: $FSCHECK is not executable" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "fresh.sh: needs GNU time (Debian package time)" >&2; exit 2; }

# one CONFIG ARGS...: a run in SRC with an empty cache, JSON then text
one() {
  local config=$1; shift
  local cache="$OUT/cache/$config"
  rm -rf "$cache"; mkdir -p "$cache"
  (cd "$SRC" && FSCHECK_CACHE_DIR="$cache" /usr/bin/time -f 'wall %e\nmaxrss_kib %M' -o "$OUT/$config.time" \
     "$FSCHECK" -j"$JOBS" --format=json "$@") >"$OUT/$config.json" 2>"$OUT/$config.stderr"
  echo "status $?" >>"$OUT/$config.time"
  (cd "$SRC" && FSCHECK_CACHE_DIR="$cache" "$FSCHECK" -j"$JOBS" "$@") >"$OUT/$config.txt" 2>/dev/null
  python3 - "$OUT/$config.json" "$OUT/$config.time" "$config" <<'EOF' | tee -a "$OUT/summary.txt"
import json, sys
d = json.load(open(sys.argv[1]))
t = dict(l.split(None, 1) for l in open(sys.argv[2]).read().split("\n") if " " in l)
s = d["stats"]
defined = s["functions"] + s.get("functions_not_analysed", 0)
rules = {}
for f in d["findings"]:
    rules[f["rule"]] = rules.get(f["rule"], 0) + 1
fixes = sum(1 for f in d["findings"] if f.get("fix"))
print(f"{sys.argv[3]}: exit {t.get('status','?').strip()}, {float(t['wall']):.1f} s, "
      f"{int(t['maxrss_kib']) // 1024} MiB; units {s['files']} analysed, {s.get('nothing_to_check', 0)} passed over, "
      f"{len(s['skipped'])} skipped, {len(s['partial'])} partly parsed; functions {s['functions']} analysed, "
      f"{s.get('functions_not_analysed', 0)} not ({100.0 * s['functions'] / defined if defined else 100:.1f} % "
      f"analysed); findings {len(d['findings'])} {dict(sorted(rules.items()))}, {fixes} with a fix")
EOF
}

# functions: every unit parsed (--no-prefilter), against the function
# definitions universal-ctags finds in the .c and .h files under SRC
coverage() {
  local config=$1; shift
  (cd "$SRC" && FSCHECK_CACHE_DIR="$OUT/cache/$config" "$FSCHECK" -j"$JOBS" --no-prefilter --format=json "$@") \
    >"$OUT/$config.all.json" 2>/dev/null
  local defined
  defined=$(cd "$SRC" && ctags -R --languages=C --kinds-C=f -x --_xformat='%N %F' . 2>/dev/null | wc -l)
  python3 - "$OUT/$config.all.json" "$defined" "$config" <<'EOF' | tee -a "$OUT/summary.txt"
import json, sys
s = json.load(open(sys.argv[1]))["stats"]
d = int(sys.argv[2])
a, n = s["functions"], s.get("functions_not_analysed", 0)
print(f"{sys.argv[3]}, every unit parsed: {a} functions analysed, {n} counted as not; ctags finds {d} definitions "
      f"in the .c and .h files: {100.0 * (a + n) / d if d else 100:.1f} % analysed or counted")
EOF
}

: >"$OUT/summary.txt"
command -v ctags >/dev/null || { echo "fresh.sh: needs universal-ctags" >&2; exit 2; }
one nobuild .
coverage nobuild .
if [[ -n "$build" ]]; then
  one build -p "$(cd "$build" && pwd)"
  coverage build -p "$(cd "$build" && pwd)"
fi
