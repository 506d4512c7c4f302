#!/bin/sh
# A unit's main file is read once a run (base/source.c): traced with
# strace, each successful open of src/a.c, across the index (empty and
# filled cache), the prescan, libclang or tree-sitter, the suppressions,
# the fix's hash and the report's quoted lines, is counted; --diff too.
# Skipped (77) where strace cannot trace.
. "$(dirname "$0")/lib.sh"

command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null ||
    { echo "SKIP: strace cannot trace here"; exit 77; }

make_project "$TMP/p"
P="$TMP/p"
# a finding with a fix in the main file, and a NOLINT for the suppressions
cat >>"$P/src/a.c" <<'C'

int a_twice(const char *p)
{
    struct stat st;
    if (access(p, F_OK) != 0) /* NOLINT(FS999) */
        return 0;
    return stat(p, &st) == 0;
}
C
grep -q '<sys/stat.h>' "$P/src/a.c" || sed -i '1i #include <sys/stat.h>\n#include <unistd.h>' "$P/src/a.c"

# opens NAME ARGS...: run fscheck in $P under strace; the successful opens
# of src/a.c
opens() {
    n=$1
    shift
    (cd "$P" && ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
        FSCHECK_CACHE_DIR="$TMP/cache" strace -f -qq -e trace=open,openat,openat2 -o "$TMP/$n.trace" \
        "$FSCHECK" --report-unused-suppressions "$@") >"$TMP/$n.out" 2>"$TMP/$n.err"
    status=$?
    [ "$status" -eq 1 ] || { cat "$TMP/$n.out" "$TMP/$n.err"; fail "$n: exit $status, expected 1 (findings)"; }
    grep -q 'a\.c' "$TMP/$n.out" || { cat "$TMP/$n.out"; fail "$n: no finding in src/a.c"; }
    grep -E '"([^"]*/)?src/a\.c"' "$TMP/$n.trace" | grep -Evc '= -1 ' || true
}

rm -rf "$TMP/cache"
for run in "cold -p build src/a.c" "warm -p build src/a.c" "ts --engine=tree-sitter -p build src/a.c" \
           "json -p build --format=json src/a.c" "sarif -p build --format=sarif src/a.c" \
           "diff -p build --diff src/a.c" "flags src/a.c -- -Iinclude -DNEED_A" \
           "nocache --no-cache -p build src/a.c"; do
    # shellcheck disable=SC2086
    set -- $run
    name=$1
    shift
    c=$(opens "$name" "$@")
    [ "$c" = 1 ] || { grep 'src/a\.c' "$TMP/$name.trace"; fail "$name: src/a.c opened $c times, expected once"; }
done
pass "src/a.c opened once a run, with each engine, format and cache state"
