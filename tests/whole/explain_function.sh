#!/bin/sh
# --explain-function=NAME: a wrapper (which parameter, which operation), a
# helper that is none and why (the return reached without a call on its
# parameter), a function that ends the process, a pointer parameter the
# body never writes through, a catalogue entry, a declared wrapper; an
# unknown name is exit status 2 with a message.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src"
: >"$P/.fscheck.yml"
cat >"$P/src/fs.c" <<'EOF2'
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int path_exists(char *path)
{
    return access(path, F_OK) == 0;
}

int maybe_dir(const char *path, int quick)
{
    struct stat st;

    if (quick)
        return 1;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void die(const char *why)
{
    fprintf(stderr, "%s\n", why);
    exit(1);
}
EOF2

in_dir "$P" "$TMP/w" --no-cache --explain-function=path_exists src
expect_status 0 "$TMP/w" "path_exists"
grep -q "parameter 1: an existence check (access() with F_OK); true when it exists.*never written through" "$TMP/w" ||
    fail "path_exists: no existence check in the index's view"
grep -q "src/fs.c:6: definition path_exists" "$TMP/w" || fail "path_exists: definition not shown"
grep -q "writes through it: no" "$TMP/w" || fail "path_exists: char * parameter not seen as left alone"

in_dir "$P" "$TMP/m" --no-cache --explain-function=maybe_dir src
expect_status 0 "$TMP/m" "maybe_dir"
grep -q "parameter 1 'path': not a wrapper's path: the return on line 16 is reached without a call on 'path'" "$TMP/m" ||
    fail "maybe_dir: the reason is not the early return"

in_dir "$P" "$TMP/d" --no-cache --explain-function=die src
expect_status 0 "$TMP/d" "die"
grep -q "ends the process on every path: yes" "$TMP/d" || fail "die: not seen to end the process"

in_dir "$P" "$TMP/g" --no-cache --explain-function=g_file_test src
expect_status 0 "$TMP/g" "g_file_test"
grep -q "a GLib library call (rules/library.yml)" "$TMP/g" || fail "g_file_test: catalogue entry not shown"

printf 'wrappers:\n  - {name: maybe_dir, path_arg: 1, kind: is_dir}\n' >"$P/.fscheck.yml"
in_dir "$P" "$TMP/c" --no-cache --explain-function=maybe_dir src
expect_status 0 "$TMP/c" "declared maybe_dir"
grep -q "declared in .*\.fscheck\.yml:2" "$TMP/c" || fail "maybe_dir: the declaration is not shown"
grep -q "parameter 1: a stat() that tests S_ISDIR, its answer used; true when it succeeds" "$TMP/c" ||
    fail "maybe_dir: the declared kind is not described"

in_dir "$P" "$TMP/u" --no-cache --explain-function=no_such_function src
expect_status 2 "$TMP/u" "unknown name"
grep -q "'no_such_function' is not defined" "$TMP/u.err" || fail "unknown name: no message"
pass
