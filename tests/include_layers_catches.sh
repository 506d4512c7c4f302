#!/bin/sh
# include_layers.py fails on a tree whose lower folder includes a higher
# one, and on a project header included without its folder.
# usage: include_layers_catches.sh PYTHON SOURCE_ROOT
set -u
py=$1 src=$2
t=$(mktemp -d) || exit 1
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/analyzer" && cp -R "$src/analyzer/." "$t/analyzer/" && cp -R "$src/rules" "$t/rules" || exit 1
"$py" "$src/tests/include_layers.py" "$t" >"$t/out" || { cat "$t/out"; echo "the copy itself fails"; exit 1; }
printf '#include "tool/cli.h"\n' >>"$t/analyzer/base/util.c"
if "$py" "$src/tests/include_layers.py" "$t" >"$t/out"; then echo "an upward include passed"; exit 1; fi
grep -q 'base/ may not use tool/' "$t/out" || { cat "$t/out"; exit 1; }
cp "$src/analyzer/base/util.c" "$t/analyzer/base/util.c"
printf '#include "util.h"\n' >>"$t/analyzer/ir/ir.c"
if "$py" "$src/tests/include_layers.py" "$t" >"$t/out"; then echo "an include without its folder passed"; exit 1; fi
grep -q 'names no folder' "$t/out" || { cat "$t/out"; exit 1; }
echo "include_layers catches both"
