#!/bin/sh
# baseline.sh - --write-baseline and --baseline.
#
#   baseline.sh FSCHECK
#
# A file with one finding is recorded in a baseline; then ten lines are
# inserted above the finding and a new finding is added below it: the old
# finding stays left out (by fingerprint, not line), the new one is reported,
# from the file's folder and from another working folder alike.  A missing
# or broken baseline is a usage error.
set -u

fscheck=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-baseline.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
flags="-std=c11 -D_GNU_SOURCE"

mkdir -p "$tmp/proj/src" "$tmp/elsewhere"
cat >"$tmp/proj/src/config.c" <<'C'
#include <sys/stat.h>
#include <unistd.h>

long config_size(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return -1;
    if (stat(path, &st) != 0)
        return -1;
    return (long)st.st_size;
}
C
cd "$tmp/proj" || exit 1

"$fscheck" --format=json src -- $flags >out.json 2>err.txt
[ $? -eq 1 ] || fail "before the baseline: expected one finding (exit 1)"

"$fscheck" --write-baseline=fscheck-baseline.json src -- $flags >out.txt 2>err.txt
[ $? -eq 0 ] || { cat err.txt; fail "--write-baseline: expected exit 0"; }
[ -s out.txt ] && { cat out.txt; fail "--write-baseline reported findings"; }
grep -q '"fingerprint"' fscheck-baseline.json || fail "the baseline has no fingerprint"
grep -q '"file": "src/config.c"' fscheck-baseline.json || fail "the baseline's path is not relative to its folder"
grep -q '"line"' fscheck-baseline.json && fail "the baseline records line numbers"

"$fscheck" --baseline=fscheck-baseline.json src -- $flags >out.txt 2>err.txt
[ $? -eq 0 ] || { cat out.txt; fail "--baseline right after --write-baseline: expected exit 0"; }

# ten lines above the finding, and a new finding in a new function below it
{
    head -n 3 src/config.c
    i=1
    while [ $i -le 9 ]; do echo "/* inserted line $i */"; i=$((i + 1)); done
    echo "static int unrelated(void) { return 0; }"
    tail -n +4 src/config.c
    cat <<'C'

int is_dir(const char *p)
{
    struct stat st;

    if (access(p, F_OK) != 0)
        return 0;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
C
} >src/config.new && mv src/config.new src/config.c

"$fscheck" --format=json src -- $flags >all.json 2>err.txt
[ "$(grep -c '"rule": "FS101"' all.json)" -eq 2 ] || fail "without the baseline: expected two findings"
grep -q '"line": 18' all.json || fail "the old finding is not on line 18 (8 + 10)"

check_new_only() {
    where=$1 out=$2
    [ "$(grep -c '"rule": "FS101"' "$out")" -eq 1 ] || { cat "$out"; fail "$where: expected exactly one finding"; }
    grep -q '"function": "is_dir"' "$out" || fail "$where: the reported finding is not the new one"
    grep -q '"function": "config_size"' "$out" && fail "$where: the baselined finding was reported"
    return 0
}

"$fscheck" --format=json --baseline=fscheck-baseline.json src -- $flags >new.json 2>err.txt
[ $? -eq 1 ] || { cat err.txt; fail "with the baseline: expected exit 1 for the new finding"; }
check_new_only "from the project folder" new.json
grep -q "1 finding in the baseline left out" err.txt || fail "no note of the finding left out"

(cd "$tmp/elsewhere" && "$fscheck" --format=json --baseline=../proj/fscheck-baseline.json ../proj/src -- $flags \
    >new2.json 2>/dev/null)
[ $? -eq 1 ] || fail "from another folder: expected exit 1"
check_new_only "from another folder" "$tmp/elsewhere/new2.json"

"$fscheck" --baseline=no-such-baseline.json src -- $flags >out.txt 2>err.txt
[ $? -eq 2 ] || fail "a missing baseline: expected exit 2"
grep -q "no-such-baseline.json" err.txt || fail "a missing baseline is not named"
echo '{"findings": 3}' >broken.json
"$fscheck" --baseline=broken.json src -- $flags >out.txt 2>err.txt
[ $? -eq 2 ] || fail "a broken baseline: expected exit 2"
grep -q "not an fscheck baseline" err.txt || fail "a broken baseline: no message"

echo "baseline.sh: all checks passed"
