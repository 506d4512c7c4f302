# prefilter_same.sh - the prefilter changes nothing but the time: over every
# case of testdata/ (the rules' folders, GLib's, libuv's, the example),
# with each engine, the findings (fixes included) are those of
# --no-prefilter, with an empty and with a filled index cache; and the
# prefilter does pass over units there (cases without a candidate), or it
# would prove nothing.  And a header outside the project (found along -I)
# that holds a candidate makes its unit parsed, and one that holds a
# wrapper the unit that calls it, also when the index is taken whole from
# its result file.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 is needed"; exit 77; }

TD=$TMP/td
mkdir -p "$TD"
for d in FS101 FS102 FS201 FS202 FS301 FS302 FS401 glib libuv example; do
    cp -R "$WHOLEDIR/../../testdata/$d" "$TD/" || fail "cannot copy testdata/$d"
done
: >"$TD/.fscheck.yml"

# findings JSON: the findings, one per line, as the report has them
findings() {
    python3 -c 'import json,sys
for f in sorted(json.dumps(f, sort_keys=True) for f in json.load(open(sys.argv[1]))["findings"]): print(f)' "$1"
}
passed_over() { sed -n 's/^ *"nothing_to_check": \([0-9]*\),*$/\1/p' "$1"; }

for engine in clang tree-sitter; do
    rm -rf "$TMP/cache"
    for state in cold warm; do
        out=$TMP/$engine-$state
        (cd "$TD" && FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=$engine -j2 --format=json . -- -I. \
            >"$out.json" 2>"$out.err")
        st=$?
        [ "$st" = 1 ] || fail "$engine, $state cache: exit status $st: $(head -5 "$out.err")"
    done
    out=$TMP/$engine-all
    (cd "$TD" && FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=$engine -j2 --no-prefilter --format=json . -- -I. \
        >"$out.json" 2>"$out.err")
    findings "$out.json" >"$out.txt"
    n=$(wc -l <"$out.txt")
    [ "$n" -gt 100 ] || fail "$engine: only $n findings without the prefilter"
    for state in cold warm; do
        findings "$TMP/$engine-$state.json" >"$TMP/$engine-$state.txt"
        cmp -s "$TMP/$engine-$state.txt" "$out.txt" ||
            fail "$engine, $state cache: the findings differ from --no-prefilter's: $(diff "$TMP/$engine-$state.txt" "$out.txt" | head -20)"
        p=$(passed_over "$TMP/$engine-$state.json")
        [ "${p:-0}" -gt 10 ] || fail "$engine, $state cache: ${p:-0} units passed over"
    done
done
# a project (src/, the common folder of its units) whose header is outside it
O=$TMP/outside
mkdir -p "$O/src" "$O/include"
cat >"$O/include/probe.h" <<'EOF'
#include <fcntl.h>
#include <sys/stat.h>
static inline int open_if_regular(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return open(p, O_RDONLY);
}
EOF
printf '#include "probe.h"\nint use(const char *p) { return open_if_regular(p); }\n' >"$O/src/user.c"
printf 'int add(int a, int b) { return a + b; }\n' >"$O/src/plain.c"
# a wrapper outside the project: a unit that calls it is parsed, one that
# includes it and does not is passed over
cat >"$O/include/wrap.h" <<'EOF'
#include <sys/stat.h>
static inline int is_regular(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}
EOF
printf '#include <fcntl.h>\n#include "wrap.h"\nint use2(const char *p)\n{\n    if (!is_regular(p))\n        return -1;\n    return open(p, O_RDONLY);\n}\n' >"$O/src/user2.c"
printf '#include "wrap.h"\nint add2(int a, int b) { return a + b; }\n' >"$O/src/plain2.c"
# changed over two seconds before a run reads them, the files are stamped,
# and the run after that takes the index whole from its result file
sleep 3
rm -rf "$TMP/cache"
for state in cold whole; do
    (cd "$O/src" && FSCHECK_INDEX_STATS=1 FSCHECK_CACHE_DIR=$TMP/cache "$FSCHECK" --engine=clang --format=json \
        user.c plain.c user2.c plain2.c -- -I../include >"$TMP/outside-$state.json" 2>"$TMP/outside-$state.err")
    [ "$(grep -c '"rule": "FS202"' "$TMP/outside-$state.json")" = 2 ] ||
        fail "outside header, $state cache: not the two FS202 (its function, the wrapper's caller): $(cat "$TMP/outside-$state.json" "$TMP/outside-$state.err")"
    [ "$(passed_over "$TMP/outside-$state.json")" = 2 ] ||
        fail "outside header, $state cache: plain.c and plain2.c not passed over"
done
grep -q "4 from the cache (4 unread)" "$TMP/outside-whole.err" ||
    fail "outside header: the second run did not take the index from its result file: $(cat "$TMP/outside-whole.err")"
pass "the prefilter's findings are --no-prefilter's over testdata/, both engines, cold and warm ($n findings, $p units passed over)"
