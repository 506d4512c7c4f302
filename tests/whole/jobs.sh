#!/bin/sh
# -j1 and -j4 give byte for byte the same report (JSON and text), over a
# compile_commands.json whose units each need their own flags; several -j4
# runs, so that the order in which threads finish varies.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

in_dir "$P" "$TMP/j1.json" -p build -j1 --format=json
expect_status 1 "$TMP/j1.json" "-j1 --format=json"
in_dir "$P" "$TMP/j1.txt" -p build -j1
expect_status 1 "$TMP/j1.txt" "-j1"

# every unit was analysed with its own compile command
for u in $UNITS; do
    expect_warnings "$TMP/j1.txt" "$u" 1 "-j1"
done
expect_warnings "$TMP/j1.txt" src/clean.c 0 "-j1"
expect_warnings "$TMP/j1.txt" include/probe.h 1 "-j1"
[ "$(units "$TMP/j1.json")" -eq 7 ] || fail "-j1: the report accounts for $(units "$TMP/j1.json") units, not 7"

for run in 1 2 3; do
    in_dir "$P" "$TMP/j4.json" -p build -j4 --format=json
    expect_status 1 "$TMP/j4.json" "-j4 --format=json"
    cmp "$TMP/j1.json" "$TMP/j4.json" >/dev/null ||
        { diff "$TMP/j1.json" "$TMP/j4.json"; fail "-j4 run $run: JSON differs from -j1"; }
    in_dir "$P" "$TMP/j4.txt" -p build -j4
    expect_status 1 "$TMP/j4.txt" "-j4"
    cmp "$TMP/j1.txt" "$TMP/j4.txt" >/dev/null ||
        { diff "$TMP/j1.txt" "$TMP/j4.txt"; fail "-j4 run $run: text differs from -j1"; }
done

# not a terminal: no progress lines on stderr
[ ! -s "$TMP/j4.txt.err" ] || { cat "$TMP/j4.txt.err"; fail "stderr is not empty when it is not a terminal"; }

pass "-j1 and -j4 give the same report"
