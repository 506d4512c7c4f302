#!/bin/sh
# CRLF and CR-only line endings: with every engine the finding is on the
# same line and column as in the LF file, in text (with its source line
# shown), JSON and SARIF; a NOLINT comment on a later line silences its
# line only; --fix makes the same change as on the LF file, and keeps the
# line endings.  The analysis changes no file.
#
#   line_endings.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is needed to read the reports"
src=$TMP/src
mkdir "$src"
{
    one_finding
    cat <<'EOF2'

int is_directory_too(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0) // NOLINT(FS101)
        return 0;
    if (stat(path, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}
EOF2
} >"$src/lf.c"
sed 's/$/\r/' "$src/lf.c" >"$src/crlf.c"
tr '\n' '\r' <"$src/lf.c" >"$src/cr.c"
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto clang tree-sitter; do
    run "$engine" --engine=$engine lf.c crlf.c cr.c -- $CFLAGS
    expect_status "$engine" 1
    for f in lf crlf cr; do
        expect_out "$engine" "^$f\.c:9:9: warning: existence check is redundant: stat\(\) of 'path' on line 11 .*\[FS101\]"
        expect_out "$engine" "^$f\.c:11:9: note: path is stat\(\)ed"
        [ "$(grep -A1 "^$f\.c:9:9: warning" "$TMP/$engine.out" | sed -n 2p | tr -d '\r')" = "    if (access(path, F_OK) != 0)" ] ||
            { show "$TMP/$engine.out"; fail "$engine: $f.c: the source line is not shown under the warning"; }
        no_out "$engine" "^$f\.c:2[0-9]:"
    done
    [ "$(grep -c 'warning: ' "$TMP/$engine.out")" -eq 3 ] || { show "$TMP/$engine.out"; fail "$engine: not 3 findings"; }
    for format in json sarif; do
        run "$engine-$format" --engine=$engine --format=$format lf.c crlf.c cr.c -- $CFLAGS
        expect_status "$engine-$format" 1
    done
    python3 - "$TMP/$engine-json.out" "$TMP/$engine-sarif.out" <<'PY' || fail "$engine: JSON or SARIF locations differ between line endings"
import json, sys
j = json.load(open(sys.argv[1]))
locs = sorted((f['file'], f['line'], f['column'], f['end_line'], f['end_column'], f['related'][0]['line']) for f in j['findings'])
assert [l[1:] for l in locs] == [(9, 9, 9, 27, 11)] * 3, locs
s = json.load(open(sys.argv[2]))
for r in s['runs'][0]['results']:
    reg = r['locations'][0]['physicalLocation']['region']
    assert (reg['startLine'], reg['startColumn'], reg['endLine'], reg['endColumn']) == (9, 9, 9, 27), reg
    assert reg['snippet']['text'] == 'access(path, F_OK)', reg
    assert r['relatedLocations'][0]['physicalLocation']['region']['startLine'] == 11, r
PY
    unchanged "$src" "$TMP/before"
done

# --fix: the same change whatever the line endings, which are kept
for engine in auto tree-sitter; do
    fx=$TMP/fix-$engine
    mkdir "$fx"
    cp lf.c crlf.c cr.c "$fx/"
    (cd "$fx" && "$FSCHECK" --engine=$engine --fix lf.c crlf.c cr.c -- $CFLAGS) >"$TMP/fix.out" 2>"$TMP/fix.err"
    [ $? -eq 0 ] || { show "$TMP/fix.err"; fail "$engine: --fix exited with $?"; }
    grep -q 'fixed 3 findings; 0 left' "$TMP/fix.err" || { show "$TMP/fix.err"; fail "$engine: not 3 findings fixed"; }
    ! grep -q 'access(path, F_OK) != 0)$' "$fx/lf.c" || fail "$engine: lf.c not fixed"
    sed 's/$/\r/' "$fx/lf.c" | cmp -s - "$fx/crlf.c" || fail "$engine: crlf.c fixed unlike lf.c, or lost its CRLF"
    tr '\n' '\r' <"$fx/lf.c" | cmp -s - "$fx/cr.c" || fail "$engine: cr.c fixed unlike lf.c, or lost its CRs"
done
pass "CRLF and CR-only files: same findings, lines, columns and fixes as LF"
