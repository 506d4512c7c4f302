# prefilter_same.sh - the prefilter changes nothing but the time: over every
# case of testdata/ (the rules' folders, GLib's, libuv's, the example),
# with each engine, the findings (fixes included) are those of
# --no-prefilter, with an empty and with a filled index cache; and the
# prefilter does pass over units there (cases without a candidate), or it
# would prove nothing.
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
pass "the prefilter's findings are --no-prefilter's over testdata/, both engines, cold and warm ($n findings, $p units passed over)"
