#!/bin/sh
# Code as met without a build: config.h missing.  A chain of #if arms that
# only the missing header could decide has each arm analysed; one that a
# header that was found decides stays decided (with both engines).  With
# --engine=clang, what libclang dropped is not silent: each function it
# lost a call of, or lacks, is counted in functions_not_analysed; so is a
# definition tree-sitter cannot read.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src" "$P/include"
: >"$P/.fscheck.yml"
cat >"$P/include/proj_features.h" <<'EOF2'
#define HAVE_OPENAT 1
EOF2
cat >"$P/src/unit.c" <<'EOF2'
#include "config.h"
#include "proj_features.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef HAVE_OPENAT
/* proj_features.h, found, says this arm is not compiled */
int decided_away(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    return open(p, O_RDONLY);
}
#endif

#ifdef WITH_SPOOL
int undecided(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    return open(p, O_RDONLY);
}
#endif
EOF2
cat >"$P/src/undeclared.c" <<'EOF2'
#include <sys/stat.h>
#include <unistd.h>
/* no <fcntl.h>: libclang drops the open() whose O_RDWR it does not know */
int load(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    return open(p, O_RDWR);
}
EOF2

for engine in auto tree-sitter; do
    in_dir "$P" "$TMP/$engine" --no-cache --engine=$engine --format=json src/unit.c -- -Iinclude
    expect_status 1 "$TMP/$engine" "$engine: unit.c"
    grep -q '"function": "undecided"' "$TMP/$engine" || { cat "$TMP/$engine"; fail "$engine: the undecided arm not analysed"; }
    grep -q '"function": "decided_away"' "$TMP/$engine" && { cat "$TMP/$engine"; fail "$engine: an arm a header found decides was analysed"; }
    grep -q '"functions_not_analysed": 0' "$TMP/$engine" || { cat "$TMP/$engine"; fail "$engine: functions not analysed"; }
done

in_dir "$P" "$TMP/clang" --no-cache --engine=clang --format=json src/unit.c src/undeclared.c -- -Iinclude
expect_status 0 "$TMP/clang" "clang: libclang's damaged functions are not believed"
grep -q '"functions_not_analysed": 2' "$TMP/clang" || { cat "$TMP/clang"; fail "clang: the undecided function and the one that lost its open() not counted"; }

in_dir "$P" "$TMP/auto2" --no-cache --format=json src/undeclared.c
expect_status 1 "$TMP/auto2" "auto: undeclared.c"
grep -q '"rule": "FS202"' "$TMP/auto2" && grep -q '"functions_not_analysed": 0' "$TMP/auto2" ||
    { cat "$TMP/auto2"; fail "auto: the function libclang damaged is not tree-sitter's"; }

# a definition tree-sitter cannot read (mostly broken) is counted, not lost
cat >"$P/src/broken.c" <<'EOF2'
#include <sys/stat.h>
int broken(const char *p)
{
    @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@
    @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@ ### @@@
    return stat(p, 0);
}
int after(const char *p)
{
    struct stat st;
    if (stat(p, &st) != 0)
        return -1;
    return stat(p, &st);
}
EOF2
in_dir "$P" "$TMP/ts-broken" --no-cache --engine=tree-sitter --format=json src/broken.c
expect_status 1 "$TMP/ts-broken" "tree-sitter: broken.c"
grep -q '"functions_not_analysed": 1' "$TMP/ts-broken" && grep -q '"functions": 1,' "$TMP/ts-broken" ||
    { cat "$TMP/ts-broken"; fail "tree-sitter: the definition it cannot read not counted"; }
exit 0
