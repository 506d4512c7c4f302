#!/bin/sh
# --extra-arg and --extra-arg-before (clang-tidy's, which CMake's hook
# passes): flags after and before each unit's compiler flags, both those of
# compile_commands.json and those after --.
. "$(dirname "$0")/lib.sh"

make_project "$TMP/p"
P="$TMP/p"

# after the command's -DNEED_A, -UNEED_A wins: no finding in src/a.c
in_dir "$P" "$TMP/after.txt" -p build --rules=FS101 --extra-arg=-UNEED_A src/a.c src/b.c
expect_status 1 "$TMP/after.txt" "--extra-arg=-UNEED_A"
expect_warnings "$TMP/after.txt" src/a.c 0 "--extra-arg=-UNEED_A"
expect_warnings "$TMP/after.txt" src/b.c 1 "--extra-arg=-UNEED_A"

# before it, -DNEED_A still wins
in_dir "$P" "$TMP/before.txt" -p build --rules=FS101 --extra-arg-before=-UNEED_A src/a.c
expect_status 1 "$TMP/before.txt" "--extra-arg-before=-UNEED_A"
expect_warnings "$TMP/before.txt" src/a.c 1 "--extra-arg-before=-UNEED_A"

# around the flags after --, in the separate-word form too; and CMake's
# --driver-mode
in_dir "$P" "$TMP/solo.txt" -p build --extra-arg -DSOLO --extra-arg-before=--driver-mode=gcc extra/solo.c -- -Iinclude
expect_status 1 "$TMP/solo.txt" "--extra-arg -DSOLO"
expect_warnings "$TMP/solo.txt" extra/solo.c 1 "--extra-arg -DSOLO"

in_dir "$P" "$TMP/none.txt" --extra-arg
expect_status 2 "$TMP/none.txt" "--extra-arg without a value"

pass "--extra-arg and --extra-arg-before"
