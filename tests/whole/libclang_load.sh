# libclang_load.sh - libclang is loaded when a run needs it, and a libclang
# that cannot be loaded is said: the tree-sitter engine never needs it,
# --engine=auto analyses the file with tree-sitter, --engine=clang skips it
# (named on stderr and in stats.skipped), and a compilation database that
# libclang cannot read is an input error (2).  With jobs, the index of
# -p DIR starts from the database's files before libclang reads it; when a
# .fscheck.yml excludes files so that the inputs' root is another folder,
# the index is built again for that root.
. "$(dirname "$0")/lib.sh"

cat >"$TMP/a.c" <<'C'
#include <unistd.h>

int exists_twice(const char *p)
{
    if (access(p, F_OK) != 0)
        return 0;
    return access(p, F_OK) == 0;
}
C
NONE=$TMP/no/libclang.so

# a libclang that is not there
for e in tree-sitter auto clang; do
    FSCHECK_LIBCLANG=$NONE "$FSCHECK" --no-index --engine=$e --format=json "$TMP/a.c" -- \
        >"$TMP/$e.json" 2>"$TMP/$e.err"
    echo $? >"$TMP/$e.st"
done
[ "$(cat "$TMP/tree-sitter.st")" = 1 ] || fail "tree-sitter: status $(cat "$TMP/tree-sitter.st"): $(cat "$TMP/tree-sitter.err")"
[ ! -s "$TMP/tree-sitter.err" ] || fail "tree-sitter: $(cat "$TMP/tree-sitter.err")"
grep -q '"rule": "FS102"' "$TMP/tree-sitter.json" || fail "tree-sitter: no finding: $(cat "$TMP/tree-sitter.json")"
[ "$(cat "$TMP/auto.st")" = 1 ] || fail "auto: status $(cat "$TMP/auto.st"): $(cat "$TMP/auto.err")"
grep -q "cannot load libclang: $NONE.*; analysed with tree-sitter" "$TMP/auto.err" || fail "auto: $(cat "$TMP/auto.err")"
grep -q '"rule": "FS102"' "$TMP/auto.json" || fail "auto: no finding: $(cat "$TMP/auto.json")"
grep -q '"tree-sitter": 1' "$TMP/auto.json" || fail "auto: not by tree-sitter: $(cat "$TMP/auto.json")"
[ "$(cat "$TMP/clang.st")" = 0 ] || fail "clang: status $(cat "$TMP/clang.st"): $(cat "$TMP/clang.err")"
grep -q "a.c: skipped: cannot load libclang: $NONE" "$TMP/clang.err" || fail "clang: $(cat "$TMP/clang.err")"
grep -q '"reason": "cannot load libclang: ' "$TMP/clang.json" || fail "clang: not in stats.skipped: $(cat "$TMP/clang.json")"
# a library that is not libclang
FSCHECK_LIBCLANG=$(command -v sh) "$FSCHECK" --no-index --engine=clang "$TMP/a.c" -- >/dev/null 2>"$TMP/sh.err"
grep -q "a.c: skipped: cannot load libclang: " "$TMP/sh.err" || fail "not a library: $(cat "$TMP/sh.err")"
# -p DIR: its database cannot be read
make_project "$TMP/p"
FSCHECK_LIBCLANG=$NONE "$FSCHECK" -p "$P/build" >"$TMP/p.out" 2>"$TMP/p.err"
st=$?
[ "$st" = 2 ] || fail "-p: status $st, expected 2: $(cat "$TMP/p.err")"
grep -q "compile_commands.json: cannot load libclang: $NONE" "$TMP/p.err" || fail "-p: $(cat "$TMP/p.err")"

# the index started early, for another root than the inputs'
Q=$TMP/q
mkdir -p "$Q/x" "$Q/y" "$Q/db"
cp "$TMP/a.c" "$Q/x/a.c"
cp "$TMP/a.c" "$Q/y/b.c"
printf 'int helper(void) { return 0; }\n' >"$Q/x/h.c"
printf 'exclude:\n  - "b.c"\n' >"$Q/y/.fscheck.yml"
cat >"$Q/db/compile_commands.json" <<J
[{"directory": "$Q/x", "file": "a.c", "command": "cc -c a.c"},
 {"directory": "$Q/y", "file": "b.c", "command": "cc -c b.c"}]
J
for m in .git compile_commands.json .fscheck.yml; do
    d=$Q
    while [ "$d" != / ]; do
        [ ! -e "$d/$m" ] || skip "$d/$m: a project root above the test's folder"
        d=$(dirname "$d")
    done
done
for j in 1 2; do
    FSCHECK_INDEX_STATS=1 FSCHECK_CACHE_DIR=$TMP/cache$j "$FSCHECK" -j$j --format=json -p "$Q/db" \
        >"$TMP/q$j.json" 2>"$TMP/q$j.err"
    st=$?
    [ "$st" = 1 ] || fail "-j$j: status $st, expected 1: $(cat "$TMP/q$j.err")"
    # (h.c is not in the database: the build does not compile it, and the index leaves it out)
    grep -q "index of $Q/x: 1 files" "$TMP/q$j.err" || fail "-j$j: not the index of $Q/x: $(cat "$TMP/q$j.err")"
    grep -q "index of $Q:" "$TMP/q$j.err" && fail "-j$j: an index of $Q reported: $(cat "$TMP/q$j.err")"
done
cmp -s "$TMP/q1.json" "$TMP/q2.json" || fail "-j1 and -j2 differ: $(diff "$TMP/q1.json" "$TMP/q2.json")"
grep -q '"file": ".*x/a.c"' "$TMP/q2.json" || fail "no finding in a.c: $(cat "$TMP/q2.json")"
grep -q 'y/b.c' "$TMP/q2.json" && fail "the excluded b.c reported: $(cat "$TMP/q2.json")"

pass "libclang loaded when needed; one that cannot be loaded is said; the early index follows the inputs' root"
