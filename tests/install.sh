#!/bin/sh
# install.sh - `cmake --install` puts the binary, the man page and the rule
# pages where they belong, and the installed binary runs.
#
#   install.sh BUILD_DIR [CMAKE]
set -u

build=$1
cmake=${2:-cmake}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fscheck-install.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "cmake --install failed"; }
p=$tmp/prefix
[ -x "$p/bin/fscheck" ] || fail "no bin/fscheck"
man=$(find "$p" -path '*/man1/fscheck.1' | head -n 1)
[ -n "$man" ] || fail "no man1/fscheck.1"
case $man in
*/share/man/man1/fscheck.1) ;;
*) fail "the man page is at $man, not share/man/man1" ;;
esac
for id in $("$p/bin/fscheck" --list-rules | awk '{ print $1 }'); do
    [ -s "$p/share/doc/fscheck/rules/$id.md" ] || fail "no share/doc/fscheck/rules/$id.md"
done
"$p/bin/fscheck" --version | grep -q '^fscheck ' || fail "the installed fscheck does not run"
echo "install.sh: binary, man page and rule pages installed"
