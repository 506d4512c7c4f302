#!/usr/bin/env bash
# realfix.sh: do fscheck's fixes keep a real C project building and passing
# its tests?
#
#   realfix.sh [OPTIONS] PROJECT SOURCE_DIR
#
# For the project PROJECT (one of projects/*.sh) whose source is in
# SOURCE_DIR (never modified, nothing is fetched), in a scratch folder:
#   1. copies the source, configures and builds it with the project's own build
#      system (warnings as errors where the unmodified tree passes that way),
#      writing compile_commands.json;
#   2. runs fscheck -p BUILD --format=json on it (findings, safe/unsafe fixes,
#      the --diff of each fix level);
#   3. runs the project's tests (the offline part) and records each result;
#   4. for each fix level (safe: --fix; unsafe: --fix --unsafe-fixes): a fresh
#      copy of the built tree, at the same path, gets fscheck's fixes, is built
#      again (only what the fixes touch is recompiled) and tested again;
#   5. prints a summary (also left in WORK/summary.txt).
#
# Exit status:
#   0  every fix level built, and no safe fix made a passing test fail
#   1  a safe-fixed or unsafe-fixed build failed, or a safe fix made a passing
#      test fail (an unsafe fix that only breaks tests is reported, status 0)
#   2  bad usage, missing tools, or the unmodified project did not configure,
#      build or run its tests
#   3  fscheck itself failed (status 2 or 3 on the unmodified project, or
#      --fix could not apply its fixes)
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

usage() {
    cat <<EOF
usage: realfix.sh [OPTIONS] PROJECT SOURCE_DIR

Build and test the C project PROJECT from SOURCE_DIR, then again after
fscheck --fix (safe fixes) and after --fix --unsafe-fixes, and compare.

Projects: $(list_projects | tr '\n' ' ')

Options:
  -w, --work DIR     scratch folder (default: a new one under \${TMPDIR:-/tmp});
                     must be empty or absent
  -f, --fscheck BIN  fscheck binary (default: \$FSCHECK, else $REPO/build/fscheck);
                     it is copied into the scratch folder first
  --fscheck-commit REV
                     the fscheck commit the binary was built from, for the
                     summary (default: \$FSCHECK_COMMIT, else the repository's
                     HEAD when the binary is its build/fscheck)
  -j N               parallel jobs for builds and fscheck (default: 2)
  --levels LIST      fix levels to try, comma list of safe,unsafe (default: both)
  --no-netns         run the tests without a loopback-only network namespace
  --keep             keep the built trees (default: only logs, reports, diffs)
  --isolate          when a fix level does not build, build and test each
                     fixed file alone (with the fixes of the other files left out)
  -h, --help         this help

Exit status: 0 ok; 1 a fix broke the build or a test; 2 bad usage, missing
tools, or the unmodified project did not build or test; 3 fscheck failed.
EOF
}

die()  { echo "realfix: $*" >&2; exit 2; }
note() { echo "realfix: $*" >&2; }
list_projects() { local f; for f in "$HERE"/projects/*.sh; do basename "$f" .sh; done; }

# --- arguments -------------------------------------------------------------
WORK=
FSCHECK_BIN=${FSCHECK:-$REPO/build/fscheck}
FSCHECK_COMMIT=${FSCHECK_COMMIT:-}
JOBS=2
LEVELS=safe,unsafe
NETNS=1
KEEP=0
ISOLATE=0
ARGS=()
while [ $# -gt 0 ]; do
    case $1 in
    -w|--work) [ $# -ge 2 ] || { usage >&2; die "$1 needs a folder"; }; WORK=$2; shift 2 ;;
    --work=*) WORK=${1#*=}; shift ;;
    -f|--fscheck) [ $# -ge 2 ] || { usage >&2; die "$1 needs a file"; }; FSCHECK_BIN=$2; shift 2 ;;
    --fscheck=*) FSCHECK_BIN=${1#*=}; shift ;;
    --fscheck-commit) [ $# -ge 2 ] || { usage >&2; die "$1 needs a revision"; }; FSCHECK_COMMIT=$2; shift 2 ;;
    --fscheck-commit=*) FSCHECK_COMMIT=${1#*=}; shift ;;
    -j) [ $# -ge 2 ] || { usage >&2; die "-j needs a number"; }; JOBS=$2; shift 2 ;;
    -j*) JOBS=${1#-j}; shift ;;
    --levels) [ $# -ge 2 ] || { usage >&2; die "--levels needs a list"; }; LEVELS=$2; shift 2 ;;
    --levels=*) LEVELS=${1#*=}; shift ;;
    --no-netns) NETNS=0; shift ;;
    --keep) KEEP=1; shift ;;
    --isolate) ISOLATE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; ARGS+=("$@"); break ;;
    -*) usage >&2; die "unknown option: $1" ;;
    *) ARGS+=("$1"); shift ;;
    esac
done
[ ${#ARGS[@]} -eq 2 ] || { usage >&2; die "expected PROJECT and SOURCE_DIR, got ${#ARGS[@]} argument(s)"; }
PROJECT=${ARGS[0]}
SRC=${ARGS[1]}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || die "-j wants a positive number, not '$JOBS'"
case ,$LEVELS, in
    ,safe,|,unsafe,|,safe,unsafe,|,unsafe,safe,) ;;
    *) die "--levels wants safe, unsafe or safe,unsafe, not '$LEVELS'" ;;
esac
[[ $PROJECT =~ ^[A-Za-z0-9_-]+$ ]] && [ -f "$HERE/projects/$PROJECT.sh" ] ||
    die "unknown project '$PROJECT' (known: $(list_projects | tr '\n' ' '))"
[ -d "$SRC" ] || die "source folder '$SRC' does not exist or is not a folder"
SRC=$(cd "$SRC" && pwd)
[ -x "$FSCHECK_BIN" ] || die "fscheck binary '$FSCHECK_BIN' is missing or not executable (use --fscheck)"

# shellcheck source=/dev/null
. "$HERE/projects/$PROJECT.sh"
for fn in proj_marker proj_needs proj_flags proj_configure proj_build proj_compdb_dir proj_test; do
    declare -F $fn >/dev/null || die "projects/$PROJECT.sh does not define $fn"
done
[ -e "$SRC/$(proj_marker)" ] ||
    die "'$SRC' does not look like $PROJECT: it has no $(proj_marker)"

missing=
for tool in cp tar diff awk sed sort comm jq $(proj_needs); do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
[ -z "$missing" ] || die "missing tools:$missing${PROJ_APT:+ (on Debian: apt-get install $PROJ_APT)}"

# --- scratch folder ----------------------------------------------------------
if [ -z "$WORK" ]; then
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/realfix-$PROJECT.XXXXXX")
else
    if [ -e "$WORK" ] && [ -n "$(ls -A "$WORK" 2>/dev/null)" ]; then
        die "scratch folder '$WORK' is not empty"
    fi
    mkdir -p "$WORK"
fi
WORK=$(cd "$WORK" && pwd)
case $WORK/ in "$SRC"/*) die "the scratch folder must not be inside the source folder" ;; esac
case $SRC/ in "$WORK"/*) die "the source folder must not be inside the scratch folder" ;; esac

TREE=$WORK/tree          # every variant is built here, at this one path
BUILT=$WORK/built        # the unmodified tree as built, before its tests ran
mkdir -p "$WORK/bin" "$WORK/cache" "$WORK/base"
cp "$FSCHECK_BIN" "$WORK/bin/fscheck"
FSCHECK=$WORK/bin/fscheck
export FSCHECK_CACHE_DIR=$WORK/cache
FSCHECK_VERSION=$("$FSCHECK" --version 2>/dev/null | head -n 1 || echo unknown)
# The commit the binary was built from: --fscheck-commit, else the
# repository's HEAD when the binary is the repository's own build.
if [ -z "$FSCHECK_COMMIT" ] && [ "$(cd "$(dirname "$FSCHECK_BIN")" && pwd)/$(basename "$FSCHECK_BIN")" = "$REPO/build/fscheck" ] &&
    git -C "$REPO" rev-parse HEAD >/dev/null 2>&1; then
    FSCHECK_COMMIT="$(git -C "$REPO" rev-parse HEAD) (HEAD of $REPO)"
fi

say() { echo "realfix: $*"; }
elapsed() { echo "$(( $(date +%s) - $1 ))s"; }

# --- tests in a loopback-only network namespace ------------------------------
# The tests may reach 127.0.0.1 and ::1 only. Each project also skips the
# tests that need more than that; the namespace makes sure nothing else is
# reached even so.
NETNS_OK=0
if [ $NETNS = 1 ]; then
    if command -v unshare >/dev/null 2>&1 && command -v ip >/dev/null 2>&1 &&
        unshare -n sh -c 'ip link set lo up' >/dev/null 2>&1; then
        NETNS_OK=1
    else
        note "no network namespace (unshare -n and ip are needed, as root); the tests run in the host's network, and only the projects' skip lists keep them on loopback"
    fi
fi
# isolated CMD...: run CMD with HOME and TMPDIR in the scratch folder (fresh
# for each run), in a loopback-only network namespace when there is one.
isolated() {
    rm -rf "$WORK/home" "$WORK/tmp"
    mkdir -p "$WORK/home" "$WORK/tmp"
    if [ $NETNS_OK = 1 ]; then
        HOME=$WORK/home TMPDIR=$WORK/tmp unshare -n sh -c 'ip link set lo up && exec "$@"' sh "$@"
    else
        HOME=$WORK/home TMPDIR=$WORK/tmp "$@"
    fi
}

# tap_to_tsv [PREFIX]: TAP lines on stdin to "pass|fail|skip<TAB>PREFIXname".
# Knows both ways of marking a skip: "ok N - # SKIP name" (clar) and
# "ok N - name # SKIP reason" (libuv).
tap_to_tsv() {
    awk -v pre="${1:-}" '
        /^ok [0-9]+ - # SKIP / { sub(/^ok [0-9]+ - # SKIP /, ""); print "skip\t" pre $0; next }
        /^ok [0-9]+ - / { sub(/^ok [0-9]+ - /, "");
                          if (sub(/ # SKIP.*$/, "")) print "skip\t" pre $0; else print "pass\t" pre $0; next }
        /^not ok [0-9]+ - / { sub(/^not ok [0-9]+ - /, ""); sub(/ # (SKIP|TODO).*$/, ""); print "fail\t" pre $0 }'
}

# --- steps -------------------------------------------------------------------
copy_tree() { # copy_tree FROM TO: the whole tree, times kept (without .git)
    rm -rf "$2"
    mkdir -p "$2"
    tar -C "$1" --exclude=./.git -cf - . | tar -C "$2" -xpf -
}

run_build() { # run_build OUTDIR: build TREE, log to OUTDIR/build.log; 0 when it built
    local t0; t0=$(date +%s)
    if (cd "$TREE" && proj_build) >"$1/build.log" 2>&1; then
        echo "ok" >"$1/build.result"; say "  built in $(elapsed "$t0")"
        return 0
    fi
    echo "FAILED" >"$1/build.result"; say "  build FAILED after $(elapsed "$t0") (log: $1/build.log)"
    return 1
}

run_tests() { # run_tests OUTDIR: OUTDIR/tests.tsv, OUTDIR/test.log
    local t0; t0=$(date +%s)
    : >"$1/tests.tsv"
    (cd "$TREE" && proj_test "$1") >"$1/test.log" 2>&1 || true
    sort -t "$(printf '\t')" -k2 -u -o "$1/tests.tsv" "$1/tests.tsv"
    say "  tests: $(counts "$1/tests.tsv") in $(elapsed "$t0")"
}

counts() { # counts TSV: "P passed, F failed, S skipped"
    awk -F '\t' '{ n[$1]++ } END { printf "%d passed, %d failed, %d skipped\n", n["pass"], n["fail"], n["skip"] }' "$1"
}

names() { # names STATUS TSV: the names with that status, sorted
    awk -F '\t' -v s="$1" '$1 == s { print $2 }' "$2" | LC_ALL=C sort -u
}

fscheck_json() { # fscheck_json OUT.json ERR [FLAGS...]: 0, or fscheck's status
    local out=$1 err=$2 rc=0; shift 2
    (cd "$TREE" && "$FSCHECK" -p "$(proj_compdb_dir)" --format=json --exit-zero -j "$JOBS" "$@") \
        >"$out" 2>"$err" || rc=$?
    return $rc
}

# fix_counts JSON: "total safe unsafe none" over the findings of a report
fix_counts() {
    jq -r '[.findings[] | (.fix.safety // "none")] as $s
           | "\($s | length) \([$s[] | select(. == "safe")] | length) \([$s[] | select(. == "unsafe")] | length) \([$s[] | select(. == "none")] | length)"' "$1"
}

# isolate_files OUTDIR: TREE holds a level's fixes and did not build; build
# and test each fixed file alone on a fresh copy of the built tree. One line
# per file in OUTDIR/isolate.txt; each file's logs in OUTDIR/isolate/NAME/.
isolate_files() {
    local out=$1 f sub res
    : >"$out/isolate.txt"
    mkdir -p "$out/fixed-files"
    sed -n 's/^+++ tree\/\([^	]*\).*/\1/p' "$out/applied.diff" >"$out/fixed-files.txt"
    while IFS= read -r f; do
        mkdir -p "$out/fixed-files/$(dirname "$f")"
        cp -p "$TREE/$f" "$out/fixed-files/$f"
    done <"$out/fixed-files.txt"
    while IFS= read -r f; do
        sub=$out/isolate/$(printf '%s' "$f" | tr '/' '_')
        mkdir -p "$sub"
        say "  alone: the fixes of $f"
        copy_tree "$BUILT" "$TREE"
        cp -p "$out/fixed-files/$f" "$TREE/$f"
        touch "$TREE/$f"
        if ! run_build "$sub"; then
            res="build FAILED: $(grep -m 1 -E '(^|[^A-Za-z])error[: ]' "$sub/build.log" || echo "see $sub/build.log")"
        else
            run_tests "$sub"
            names pass "$sub/tests.tsv" >"$sub/passed.txt"
            LC_ALL=C comm -23 "$WORK/base/passed.txt" "$sub/passed.txt" >"$sub/broken.txt"
            res="builds; tests $(counts "$sub/tests.tsv"); $(wc -l <"$sub/broken.txt") passed before and not now"
            [ -s "$sub/broken.txt" ] && res="$res: $(head -n 10 "$sub/broken.txt" | paste -sd ';' -)"
        fi
        printf '%s: %s\n' "$f" "$res" >>"$out/isolate.txt"
    done <"$out/fixed-files.txt"
}

# --- 1. the unmodified project -------------------------------------------------
T0=$(date +%s)
say "$PROJECT from $SRC in $WORK"
say "fscheck: $FSCHECK_BIN ($FSCHECK_VERSION${FSCHECK_COMMIT:+, commit $FSCHECK_COMMIT})"
say "build flags: $(proj_flags)"
copy_tree "$SRC" "$TREE"
say "configuring"
(cd "$TREE" && proj_configure) >"$WORK/base/configure.log" 2>&1 ||
    die "the unmodified project did not configure (log: $WORK/base/configure.log)"
say "building the unmodified project"
run_build "$WORK/base" ||
    { tail -n 30 "$WORK/base/build.log" >&2; die "the unmodified project did not build (log: $WORK/base/build.log)"; }
CDB=$TREE/$(proj_compdb_dir)/compile_commands.json
[ -s "$CDB" ] || die "no compilation database at $CDB after the build"
say "  $(jq length "$CDB") compile commands"
copy_tree "$TREE" "$BUILT"

# --- 2. fscheck ------------------------------------------------------------------
say "fscheck on the unmodified project"
t0=$(date +%s)
rc=0
fscheck_json "$WORK/base/findings.json" "$WORK/base/fscheck.err" || rc=$?
if [ $rc -ne 0 ] || ! jq -e '.findings' "$WORK/base/findings.json" >/dev/null 2>&1; then
    tail -n 20 "$WORK/base/fscheck.err" >&2
    note "fscheck failed on the unmodified project (status $rc; log: $WORK/base/fscheck.err)"
    exit 3
fi
read -r N_FIND N_SAFE N_UNSAFE N_NONE < <(fix_counts "$WORK/base/findings.json")
PARSE_ERRORS=$(jq '.stats.parse_errors // 0' "$WORK/base/findings.json")
say "  $N_FIND findings ($N_SAFE with a safe fix, $N_UNSAFE with an unsafe fix, $N_NONE without) in $(elapsed "$t0"); $PARSE_ERRORS unit(s) with parse errors"
jq -r '.findings[] | "\(.file):\(.line): \(.rule) [\(.fix.safety // "no fix")] \(.message)"' \
    "$WORK/base/findings.json" >"$WORK/base/findings.txt"
for level in safe unsafe; do
    extra=(); [ $level = unsafe ] && extra=(--unsafe-fixes)
    rc=0
    (cd "$TREE" && "$FSCHECK" -p "$(proj_compdb_dir)" --diff "${extra[@]}" --exit-zero -j "$JOBS") \
        >"$WORK/base/$level.diff" 2>"$WORK/base/$level.diff.err" || rc=$?
    [ $rc -eq 0 ] || note "fscheck --diff ${extra[*]} exited with $rc (log: $WORK/base/$level.diff.err)"
done

# --- 3. the tests of the unmodified project ----------------------------------------
say "testing the unmodified project"
run_tests "$WORK/base"
[ -s "$WORK/base/tests.tsv" ] ||
    die "the tests of the unmodified project gave no result (log: $WORK/base/test.log)"
names pass "$WORK/base/tests.tsv" >"$WORK/base/passed.txt"

# --- 4. each fix level ----------------------------------------------------------------
STATUS=0
declare -A L_APPLIED L_FILES L_BUILD L_TESTS L_BROKEN L_FLAKY L_LEFT L_DIFFNOTE
for level in safe unsafe; do
    case ,$LEVELS, in *,$level,*) ;; *) continue ;; esac
    out=$WORK/$level
    mkdir -p "$out"
    extra=(--fix); [ $level = unsafe ] && extra=(--fix --unsafe-fixes)
    say "fix level $level: fscheck ${extra[*]} on a fresh copy of the built tree"
    copy_tree "$BUILT" "$TREE"
    rc=0
    fscheck_json "$out/fix.json" "$out/fix.err" "${extra[@]}" || rc=$?
    applied=$(sed -n 's/^fscheck: fixed \([0-9][0-9]*\) finding.*/\1/p' "$out/fix.err" | tail -n 1)
    L_APPLIED[$level]=${applied:-0}
    if [ $rc -ne 0 ]; then
        tail -n 20 "$out/fix.err" >&2
        note "fscheck ${extra[*]} exited with $rc (log: $out/fix.err)"
        exit 3
    fi
    # what the fixes changed, as a patch from the built tree to the fixed one
    (cd "$WORK" && diff -ruN --exclude=.git built tree) >"$out/applied.diff" || true
    L_FILES[$level]=$(grep -c '^+++ ' "$out/applied.diff" || true)
    want=$(grep -c '^+++ ' "$WORK/base/$level.diff" || true)
    L_DIFFNOTE[$level]=
    [ "$want" = "${L_FILES[$level]}" ] ||
        L_DIFFNOTE[$level]="--diff names $want file(s), --fix changed ${L_FILES[$level]}"
    say "  fixed ${L_APPLIED[$level]} finding(s) in ${L_FILES[$level]} file(s)${L_DIFFNOTE[$level]:+ (note: ${L_DIFFNOTE[$level]})}"

    say "  building"
    L_TESTS[$level]="-"; L_BROKEN[$level]="-"; L_FLAKY[$level]=0; L_LEFT[$level]="-"
    if ! run_build "$out"; then
        L_BUILD[$level]=FAILED
        STATUS=1
        # the compiler's errors, and the fixes made to the files they name
        grep -E '(^|[^A-Za-z])(error|Error)[: ]' "$out/build.log" | head -n 40 >"$out/build.errors" || true
        : >"$out/suspects.txt"
        while IFS= read -r f; do
            rel=${f#"$TREE"/}
            jq -r --arg f "$rel" --arg lv "$level" '.findings[]
                | select(.fix != null and (.fix.safety == "safe" or $lv == "unsafe"))
                | select(any(.fix.edits[]; .file == $f))
                | "\(.file):\(.line): \(.rule) [\(.fix.safety)] \(.fix.description)"' \
                "$WORK/base/findings.json" >>"$out/suspects.txt"
        done < <(grep -oE '[^ :]+\.[ch]:[0-9]+' "$out/build.errors" | sed 's/:[0-9]*$//' | sort -u)
        sort -u -o "$out/suspects.txt" "$out/suspects.txt"
        [ $ISOLATE = 1 ] && isolate_files "$out"
        continue
    fi
    L_BUILD[$level]=ok
    say "  testing"
    run_tests "$out"
    L_TESTS[$level]=$(counts "$out/tests.tsv")
    # passed before, and not passed after (failed, skipped or not run)
    names pass "$out/tests.tsv" >"$out/passed.txt"
    LC_ALL=C comm -23 "$WORK/base/passed.txt" "$out/passed.txt" >"$out/broken.txt"
    LC_ALL=C comm -13 "$WORK/base/passed.txt" "$out/passed.txt" >"$out/newly-passing.txt"
    : >"$out/flaky.txt"
    if [ -s "$out/broken.txt" ] && declare -F proj_retest >/dev/null; then
        say "  $(wc -l <"$out/broken.txt") test(s) passed before and not now: running them again"
        mkdir -p "$out/retest"
        : >"$out/retest/tests.tsv"
        mapfile -t again <"$out/broken.txt"
        (cd "$TREE" && proj_retest "$out/retest" "${again[@]}") >"$out/retest/test.log" 2>&1 || true
        names pass "$out/retest/tests.tsv" | LC_ALL=C comm -12 "$out/broken.txt" - >"$out/flaky.txt"
        LC_ALL=C comm -23 "$out/broken.txt" "$out/flaky.txt" >"$out/broken.tmp"
        mv "$out/broken.tmp" "$out/broken.txt"
    fi
    L_BROKEN[$level]=$(wc -l <"$out/broken.txt")
    L_FLAKY[$level]=$(wc -l <"$out/flaky.txt")
    if [ $level = safe ] && [ "${L_BROKEN[$level]}" -gt 0 ]; then STATUS=1; fi
    # what fscheck still reports on the fixed tree
    if fscheck_json "$out/after.json" "$out/after.err"; then
        read -r a_total a_safe a_unsafe _ < <(fix_counts "$out/after.json")
        L_LEFT[$level]="$a_total (safe-fixable $a_safe, unsafe-fixable $a_unsafe)"
    fi
done

# --- 5. summary ----------------------------------------------------------------------
{
    echo "== realfix: $PROJECT =="
    echo "source:       $SRC"
    echo "scratch:      $WORK"
    echo "fscheck:      $FSCHECK_VERSION${FSCHECK_COMMIT:+, commit $FSCHECK_COMMIT}"
    echo "build flags:  $(proj_flags)"
    echo "tests:        $(proj_test_desc 2>/dev/null || echo "the project's tests")$([ $NETNS_OK = 1 ] && echo ", in a loopback-only network namespace")"
    echo "findings:     $N_FIND ($N_SAFE with a safe fix, $N_UNSAFE with an unsafe fix, $N_NONE without); units with parse errors: $PARSE_ERRORS"
    jq -r '[.findings[].rule] | group_by(.) | map("\(.[0]) \(length)") | join(", ") | if . == "" then "" else "by rule:      " + . end' \
        "$WORK/base/findings.json" | sed '/^$/d'
    echo
    printf '%-8s %-16s %-7s %-42s %-10s %s\n' level "fixes applied" build tests "broken" "findings left"
    printf '%-8s %-16s %-7s %-42s %-10s %s\n' base - ok "$(counts "$WORK/base/tests.tsv")" - "$N_FIND"
    for level in safe unsafe; do
        [ -n "${L_BUILD[$level]:-}" ] || continue
        printf '%-8s %-16s %-7s %-42s %-10s %s\n' "$level" "${L_APPLIED[$level]} in ${L_FILES[$level]} file(s)" \
            "${L_BUILD[$level]}" "${L_TESTS[$level]}" "${L_BROKEN[$level]}" "${L_LEFT[$level]}"
    done
    echo "(broken: tests that passed before and fail, are skipped or do not run after the fixes;"
    echo " a test that passed again when rerun is counted as flaky instead)"
    for level in safe unsafe; do
        [ -n "${L_BUILD[$level]:-}" ] || continue
        out=$WORK/$level
        [ -z "${L_DIFFNOTE[$level]}" ] || echo "note ($level): ${L_DIFFNOTE[$level]}"
        if [ "${L_BUILD[$level]}" = FAILED ]; then
            echo
            echo "-- $level: the build failed; compiler errors (first 20):"
            head -n 20 "$out/build.errors" | sed 's/^/   /'
            echo "-- $level: fixes in the files the errors name:"
            if [ -s "$out/suspects.txt" ]; then sed 's/^/   /' "$out/suspects.txt"; else echo "   (none found)"; fi
            if [ -s "$out/isolate.txt" ]; then
                echo "-- $level: each fixed file alone:"
                sed 's/^/   /' "$out/isolate.txt"
            fi
            continue
        fi
        if [ -s "$out/broken.txt" ]; then
            echo
            echo "-- $level: passed before, not after:"
            sed 's/^/   /' "$out/broken.txt"
        fi
        if [ -s "$out/flaky.txt" ]; then
            echo "-- $level: failed after the fixes but passed when rerun (flaky):"
            sed 's/^/   /' "$out/flaky.txt"
        fi
    done
    echo
    echo "logs, reports and diffs: $WORK/{base,safe,unsafe}; took $(elapsed "$T0")"
    echo "status: $STATUS"
} | tee "$WORK/summary.txt"

if [ $KEEP = 0 ]; then rm -rf "$TREE" "$BUILT" "$WORK/home" "$WORK/tmp"; fi
exit $STATUS
