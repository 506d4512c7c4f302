#!/bin/sh
# No finding depends on the order in which the files are given: the same
# files in two orders (and a folder) give byte-identical JSON.
set -eu
fscheck=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src"/. "$work"/
cd "$work"
files=$(ls *.c | sort)
rev=$(ls *.c | sort -r)
# shellcheck disable=SC2086
"$fscheck" --format=json --no-cache $files -- -std=c11 -D_GNU_SOURCE >a.json || [ $? -eq 1 ]
# shellcheck disable=SC2086
"$fscheck" --format=json --no-cache $rev -- -std=c11 -D_GNU_SOURCE >b.json || [ $? -eq 1 ]
"$fscheck" --format=json --no-cache -j1 . -- -std=c11 -D_GNU_SOURCE >c.json || [ $? -eq 1 ]
cmp a.json b.json
cmp a.json c.json
n=$(grep -c '"rule"' a.json || true)
[ "$n" -gt 0 ] || { echo "FAIL: no findings in $src"; exit 1; }
echo "same findings ($n) in every order"
