#!/bin/sh
# A file that the database does not list takes the flags after -- (and not
# a command made up from a similar file of the database), also in CMake's
# calling form (a compiler first, -o X.o -c FILE); listed files keep their
# own commands in the same run.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

in_dir "$P" "$TMP/solo.txt" -p build extra/solo.c -- -Iinclude -DSOLO
expect_status 1 "$TMP/solo.txt" "-p build extra/solo.c -- -Iinclude -DSOLO"
expect_warnings "$TMP/solo.txt" extra/solo.c 1 "extra/solo.c with -DSOLO"

# the same by discovery (build/ of the current folder)
in_dir "$P" "$TMP/disc.txt" extra/solo.c -- -Iinclude -DSOLO
expect_status 1 "$TMP/disc.txt" "extra/solo.c -- -Iinclude -DSOLO"
expect_warnings "$TMP/disc.txt" extra/solo.c 1 "extra/solo.c by discovery"

# without -DSOLO the function is not compiled: no finding
in_dir "$P" "$TMP/none.txt" -p build --rules=FS101 extra/solo.c -- -Iinclude -DNEED_A
expect_warnings "$TMP/none.txt" extra/solo.c 0 "extra/solo.c without -DSOLO"

# CMake's form: compiler, flags, -o X.o -c FILE
in_dir "$P" "$TMP/cmake.txt" -p build extra/solo.c -- /usr/bin/cc -Iinclude -DSOLO -o solo.o -c extra/solo.c
expect_status 1 "$TMP/cmake.txt" "CMake's form"
expect_warnings "$TMP/cmake.txt" extra/solo.c 1 "CMake's form"
! grep -q skipped "$TMP/cmake.txt.err" || { cat "$TMP/cmake.txt.err"; fail "CMake's form: skipped"; }

# mixed: src/a.c by its command (-DNEED_A), extra/solo.c by the flags
in_dir "$P" "$TMP/mixed.txt" -p build src/a.c extra/solo.c -- -Iinclude -DSOLO
expect_status 1 "$TMP/mixed.txt" "src/a.c extra/solo.c"
expect_warnings "$TMP/mixed.txt" src/a.c 1 "src/a.c with its own command"
expect_warnings "$TMP/mixed.txt" extra/solo.c 1 "extra/solo.c with the flags"
expect_warnings "$TMP/mixed.txt" include/probe.h 1 "src/a.c extra/solo.c"

pass "files outside the database take the flags after --"
