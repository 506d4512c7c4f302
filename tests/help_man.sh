#!/bin/sh
# help_man.sh - `fscheck --help` and the man page fscheck(1) list the same
# options, every one of them is accepted by the command line, and the page
# is clean roff (groff -ww, when groff is installed).
#
#   help_man.sh FSCHECK MAN_PAGE
set -u

fscheck=$1
page=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-help-man.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

[ -s "$page" ] || fail "no man page at $page"
"$fscheck" --help >"$tmp/help" || fail "fscheck --help failed"

# --help: "  -q, --quiet   text", "  --format=FORMAT   text", "  -j N   text" lines
awk '/^  -/ {
        spelling = substr($0, 3); sub(/   .*/, "", spelling)
        n = split(spelling, names, ", ")
        for (i = 1; i <= n; i++) { sub(/[= ].*/, "", names[i]); print names[i] }
    }' "$tmp/help" | sort -u >"$tmp/help.opts"
# the man page: the line after each .TP, "\fB\-q\fR, \fB\-\-quiet\fR" or "\fB\-\-format\fR=\fIFORMAT\fR"
awk 'prev == ".TP" { print } { prev = $0 }' "$page" | sed -n '/^\\fB\\-/p' |
    sed 's/\\fR, \\fB/\n/g' | sed 's/\\-/-/g; s/^\\fB//; s/\\fR.*//' | sort -u >"$tmp/man.opts"

[ -s "$tmp/help.opts" ] || fail "no options found in --help"
if ! diff -u "$tmp/help.opts" "$tmp/man.opts" >"$tmp/diff"; then
    cat "$tmp/diff"
    fail "--help (-) and the man page (+) list different options"
fi

# every listed option is one the command line takes
while read -r opt; do
    case $opt in
    --) continue ;;
    esac
    "$fscheck" "$opt" >/dev/null 2>"$tmp/err" </dev/null
    grep -q "unknown option" "$tmp/err" && fail "fscheck does not take its own option $opt"
done <"$tmp/help.opts"

if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z "$page" 2>"$tmp/groff" || fail "groff failed on the man page"
    [ -s "$tmp/groff" ] && { cat "$tmp/groff"; fail "groff warns about the man page"; }
fi
echo "help_man.sh: $(wc -l <"$tmp/help.opts") options in both"
