#!/bin/sh
# A finding in a static inline function of a header is reported once when
# two units include the header: from the database, with the flags after --,
# with -j1 and -j2, and when the units name the header differently
# ("probe.h" through -I, "../../include/probe.h" from src/util/f.c).
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

for j in 1 2; do
    in_dir "$P" "$TMP/db$j.txt" -p build -j$j src/a.c src/b.c
    expect_status 1 "$TMP/db$j.txt" "-p build -j$j src/a.c src/b.c"
    expect_warnings "$TMP/db$j.txt" include/probe.h 1 "two units from the database, -j$j"
    expect_warnings "$TMP/db$j.txt" src/a.c 1 "two units from the database, -j$j"
    expect_warnings "$TMP/db$j.txt" src/b.c 1 "two units from the database, -j$j"

    in_dir "$P" "$TMP/db$j.json" -p build -j$j --format=json src/a.c src/b.c
    expect_status 1 "$TMP/db$j.json" "--format=json"
    # a finding's own "file" (related locations and edits are nested deeper)
    n=$(grep -c '^      "file": "include/probe.h",$' "$TMP/db$j.json")
    [ "$n" -eq 1 ] || { cat "$TMP/db$j.json"; fail "-j$j: $n findings in include/probe.h, expected 1"; }
    # two functions of the units and the header's one
    grep -q '"functions": 3,' "$TMP/db$j.json" || { cat "$TMP/db$j.json"; fail "-j$j: stats.functions is not 3"; }

    # no database: the flags after --; the two spellings of the header's name
    rm -f "$P/build/compile_commands.json"
    in_dir "$P" "$TMP/flags$j.txt" -j$j src/a.c src/util/f.c -- -Iinclude -DNEED_A -DNEED_F
    expect_status 1 "$TMP/flags$j.txt" "src/a.c src/util/f.c -- flags, -j$j"
    expect_warnings "$TMP/flags$j.txt" include/probe.h 1 "two spellings of the header, -j$j"
    expect_warnings "$TMP/flags$j.txt" src/a.c 1 "two spellings of the header, -j$j"
    expect_warnings "$TMP/flags$j.txt" src/util/f.c 1 "two spellings of the header, -j$j"
    ! grep -q '\.\./' "$TMP/flags$j.txt" || { cat "$TMP/flags$j.txt"; fail "the header is named through ../"; }
    make_project "$P"
done

# every unit of the database includes the header
in_dir "$P" "$TMP/all.txt" -p build
expect_status 1 "$TMP/all.txt" "-p build"
expect_warnings "$TMP/all.txt" include/probe.h 1 "seven units"
grep -q "^include/probe\.h:14:9: warning: .*\[FS101\]$" "$TMP/all.txt" ||
    { cat "$TMP/all.txt"; fail "the header's finding is not at include/probe.h:14:9"; }

# a unit without findings of its own still reports its header's
in_dir "$P" "$TMP/clean.txt" -p build src/clean.c
expect_status 1 "$TMP/clean.txt" "-p build src/clean.c"
expect_warnings "$TMP/clean.txt" include/probe.h 1 "src/clean.c alone"

pass "a header's finding is reported once"
