#!/bin/sh
# doc_examples.sh CC DOC.md - every ```c block of a rule doc is a whole
# translation unit that compiles (-std=c11 -D_GNU_SOURCE -fsyntax-only).
set -u
cc=$1
doc=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/docex.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

awk -v dir="$tmp" '
    /^```c[[:space:]]*$/ { n++; inside = 1; start = NR; file = sprintf("%s/example%02d.c", dir, n);
                           printf "#line %d\n", NR + 1 > file; next }
    /^```/ && inside     { inside = 0; close(file); next }
    inside               { print > file }
    END                  { if (inside) { print "unterminated code block at line " start > "/dev/stderr"; exit 1 } }
' "$doc" || exit 1

set -- "$tmp"/example*.c
if [ ! -f "$1" ]; then
    echo "FAIL: $doc has no \`\`\`c example"
    exit 1
fi
failed=0
for f in "$@"; do
    if ! "$cc" -std=c11 -D_GNU_SOURCE -fsyntax-only -x c "$f" 2>"$tmp/err"; then
        sed "s|$f|$doc|g" "$tmp/err"
        failed=1
    fi
done
[ "$failed" -eq 0 ] && echo "PASS: $doc ($# examples)"
exit "$failed"
