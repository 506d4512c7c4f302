#!/bin/sh
# Unreadable folders and files, as a user that cannot read them: a folder
# found while scanning is named on stderr ("cannot read folder") and the
# rest is analysed; an unreadable .c file found in a folder is skipped
# with its reason; an unreadable PATH on the command line is an input
# error (status 2).  Root reads everything, so as root the test runs
# fscheck as nobody (setpriv); where that is impossible it is skipped.
# No file changes.
#
#   unreadable.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

as=
if [ "$(id -u)" -eq 0 ]; then
    command -v setpriv >/dev/null 2>&1 || skip "running as root without setpriv"
    as="setpriv --reuid=65534 --regid=65534 --clear-groups"
    $as "$FSCHECK" --version >/dev/null 2>&1 ||
        skip "nobody (uid 65534) cannot run $FSCHECK (a folder above it is not searchable)"
fi

src=$TMP/src
mkdir -p "$src/locked" "$src/unsearchable"
one_finding >"$src/a.c"
one_finding >"$src/locked/b.c"
one_finding >"$src/unsearchable/c.c"
one_finding >"$src/secret.c"
chmod 000 "$src/locked" "$src/secret.c"
chmod 644 "$src/a.c" "$src/locked/b.c" "$src/unsearchable/c.c"
chmod 644 "$src/unsearchable"   # listable, not searchable
snapshot "$src" "$TMP/before"

# runs as nobody (or as the user running the test), without the index cache
FSCHECK_REAL=$FSCHECK
FSCHECK="sh"
nobody() {
    n=$1
    shift
    run "$n" -c 'cd "$1" && shift && exec "$@"' sh "$src/.." $as "$FSCHECK_REAL" --no-cache "$@"
}

for engine in auto tree-sitter; do
    nobody "$engine" --engine=$engine src -- $CFLAGS
    expect_status "$engine" 1
    expect_out "$engine" "^src/a\.c:9:9: warning: .*\[FS101\]"
    expect_err "$engine" "^fscheck: src/locked: cannot read folder: Permission denied"
    expect_err "$engine" "^fscheck: src/secret\.c: skipped: Permission denied"
    no_out "$engine" "b\.c|c\.c|secret\.c"
done
nobody named src/secret.c src/a.c -- $CFLAGS
expect_status named 2
expect_err named "^fscheck: src/secret\.c: Permission denied"
nobody under src/unsearchable/c.c -- $CFLAGS
expect_status under 2
expect_err under "^fscheck: src/unsearchable/c\.c: Permission denied"
unchanged "$src" "$TMP/before"
pass "unreadable folders and files are named with their reason${as:+ (as nobody)}"
