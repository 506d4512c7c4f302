#!/bin/sh
# Bytes that are not text: NUL bytes (in a comment, in a string), and
# invalid UTF-8 (stray continuation bytes, an overlong form, a surrogate,
# 0xFF) in comments, strings and the very call a finding points at.  A file
# with NUL bytes is skipped as binary, with a message; invalid UTF-8 is
# analysed, and every output format stays valid (JSON and SARIF parse,
# their strings are UTF-8).  No file changes.
#
#   encodings.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

python_input src "make the input and read the reports"
src=$TMP/src
python3 - "$src" "$TMP/finding.c" <<'PY' || fail "cannot make the input"
import sys
src, finding = sys.argv[1], open(sys.argv[2], 'rb').read()
bad = b'\xff\xfe \x80\xbf \xc0\xaf \xed\xa0\x80 \xf8\x88\x80\x80\x80'
open(src + '/nul_comment.c', 'wb').write(finding.replace(b'/* One', b'/* \0\0 One'))
open(src + '/nul_string.c', 'wb').write(finding + b'const char *s = "a\0b";\n')
open(src + '/utf8.c', 'wb').write(
    finding.replace(b'/* One', b'/* ' + bad + b' One')
           .replace(b'access(path, F_OK)', b'access(path /* ' + bad + b' */, F_OK)')
    + b'const char *s = "' + bad + b'";\n')
open(src + '/clean.c', 'wb').write(finding)
PY
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for engine in auto tree-sitter; do
    run "$engine" --engine=$engine . -- $CFLAGS
    expect_status "$engine" 1
    expect_err "$engine" "^fscheck: nul_comment\.c: skipped: binary file \(contains NUL bytes\)"
    expect_err "$engine" "^fscheck: nul_string\.c: skipped: binary file \(contains NUL bytes\)"
    expect_out "$engine" "^utf8\.c:9:9: warning: .*\[FS101\]"
    expect_out "$engine" "^clean\.c:9:9: warning: .*\[FS101\]"
    no_out "$engine" "^nul_"
done
for format in json sarif github; do
    run "$format" --format=$format . -- $CFLAGS
    expect_status "$format" 1
done
python3 - "$TMP" <<'PY' || fail "a report is not valid"
import json, sys
tmp = sys.argv[1]
j = json.load(open(tmp + '/json.out', 'rb'))      # json.load rejects invalid UTF-8
assert sorted(f['file'] for f in j['findings']) == ['clean.c', 'utf8.c'], j['findings']
assert sorted(s['file'] for s in j['stats']['skipped']) == ['nul_comment.c', 'nul_string.c'], j['stats']
s = json.load(open(tmp + '/sarif.out', 'rb'))
res = s['runs'][0]['results']
assert sorted(r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in res) == ['clean.c', 'utf8.c']
for r in res:
    region = r['locations'][0]['physicalLocation']['region']
    assert region['startLine'] == 9 and region['startColumn'] == 9, region
open(tmp + '/github.out', 'rb').read().decode('utf-8')
PY
unchanged "$src" "$TMP/before"
pass "NUL bytes are skipped as binary; invalid UTF-8 is analysed, and reported as valid JSON and SARIF"
