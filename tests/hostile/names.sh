#!/bin/sh
# File names with a space, a newline, a CR, a tab, a quote, a backslash,
# '%', ',' and ':', invalid UTF-8, valid UTF-8, and a leading '-', found in
# a folder: each file is analysed, and its name written as each format
# needs it: text quotes a name with a control character in C's escapes;
# JSON is valid (invalid UTF-8 becomes U+FFFD); SARIF's URIs are
# percent-encoded bytes; GitHub's file= property escapes '%', CR, LF, ':'
# and ','.  --fix fixes every one.  The analysis changes no file.
#
#   names.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

python_input src "make the names and read the reports"
src=$TMP/src
python3 - "$src" "$TMP/finding.c" <<'PY' || fail "cannot make the files"
import os, sys
src, finding = os.fsencode(sys.argv[1]), open(sys.argv[2], 'rb').read()
for n in [b'with space.c', b'new\nline.c', b'cr\rname.c', b'tab\there.c', b'q"uo\\te.c', b'pct%2C,colon:.c',
          b'bad\xff\xfeutf.c', b'\xc3\xa9t\xc3\xa9.c', b'-dash.c']:
    open(src + b'/' + n, 'wb').write(finding)
PY
snapshot "$src" "$TMP/before"

cd "$src" || fail "no $src"
for format in text json sarif github; do
    run "$format" --format=$format . -- $CFLAGS
    expect_status "$format" 1
    no_err "$format" "libclang could not parse"
done
python3 - "$TMP" <<'PY' || fail "a name is not written as its format needs"
import json, re, sys, urllib.parse
tmp = sys.argv[1]
names = [b'with space.c', b'new\nline.c', b'cr\rname.c', b'tab\there.c', b'q"uo\\te.c', b'pct%2C,colon:.c',
         b'bad\xff\xfeutf.c', b'\xc3\xa9t\xc3\xa9.c', b'./-dash.c']

def c_quoted(n):
    if not any(b < 0x20 or b == 0x7f for b in n):
        return n
    out = b'"'
    for b in n:
        c = bytes([b])
        out += {b'\n': b'\\n', b'\r': b'\\r', b'\t': b'\\t', b'"': b'\\"', b'\\': b'\\\\'}.get(c, c)
    return out + b'"'

text = open(tmp + '/text.out', 'rb').read()
for n in names:
    assert b'\n' + c_quoted(n) + b':9:9: warning: ' in b'\n' + text, (n, c_quoted(n))

j = json.load(open(tmp + '/json.out', 'rb'))
got = sorted(f['file'] for f in j['findings'])
assert got == sorted(n.decode('utf-8', 'replace') for n in names), got

s = json.load(open(tmp + '/sarif.out', 'rb'))
uris = [r['locations'][0]['physicalLocation']['artifactLocation']['uri'] for r in s['runs'][0]['results']]
for u in uris:
    assert re.fullmatch(r"[A-Za-z0-9\-._~!$&'()*+;=@/%]*", u) and not re.search(r'%(?![0-9A-F]{2})', u), u
assert sorted(urllib.parse.unquote_to_bytes(u) for u in uris) == sorted(n[2:] if n.startswith(b'./') else n for n in names), uris

gh = open(tmp + '/github.out', 'rb').read()
files = re.findall(rb'^::warning file=([^,]*),line=9,col=9,', gh, re.M)
def unescape(v):
    for a, b in ((b'%0D', b'\r'), (b'%0A', b'\n'), (b'%3A', b':'), (b'%2C', b','), (b'%25', b'%')):
        v = v.replace(a, b)
    return v
assert all(b'\n' not in f and b'\r' not in f and b':' not in f for f in files), files
assert sorted(unescape(f) for f in files) == sorted(names), files
PY
unchanged "$src" "$TMP/before"

# --fix, on a copy
cp -R "$src" "$TMP/fix"
(cd "$TMP/fix" && "$FSCHECK" --fix . -- $CFLAGS) >"$TMP/fix.out" 2>"$TMP/fix.err"
[ $? -eq 0 ] || { show "$TMP/fix.err"; fail "--fix exited with $?"; }
grep -q 'fixed 9 findings; 0 left' "$TMP/fix.err" || { show "$TMP/fix.err"; fail "not 9 findings fixed"; }
[ -z "$(grep -l 'access(path, F_OK)' "$TMP/fix"/*)" ] || fail "not every file was fixed"
pass "odd file names are analysed, fixed, and escaped as each format needs"
