#!/bin/sh
# --fix on files that are not plain: a symlink is rewritten through the
# link (the target gets the fixed text, the link stays the same link); a
# file's mode (set-group-id bit included) and, as root, its owner and
# group are kept; a file changed between the analysis and the writing is
# refused with a message, and keeps the change.  No other file
# changes.
#
#   fix_files.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

src=$TMP/src
mkdir -p "$src/lib" "$src/src"
one_finding linked >"$src/lib/linked.c"
ln -s ../lib/linked.c "$src/src/linked.c"
one_finding moded >"$src/src/moded.c"
chmod 2751 "$src/src/moded.c"
one_finding owned >"$src/src/owned.c"
chmod 640 "$src/src/owned.c"
root=
if [ "$(id -u)" -eq 0 ]; then
    root=1
    chown 65534:65534 "$src/src/owned.c"
fi
one_finding stale >"$src/src/stale.c"
FIXARGS="--engine=tree-sitter --no-index"
(cd "$src" && "$FSCHECK" $FIXARGS --fix src/moded.c -- $CFLAGS) >/dev/null 2>&1   # the fixed text
fixed=$(cat "$src/src/moded.c")
one_finding moded >"$src/src/moded.c"
modes=$(cd "$src" && stat -c '%n %a %u:%g' src/moded.c src/owned.c lib/linked.c)
snapshot "$src" "$TMP/before"

# symlink, modes and owner
cd "$src" || fail "no $src"
run plain $FIXARGS --fix src/linked.c src/moded.c src/owned.c -- $CFLAGS
expect_status plain 0
expect_err plain "^fscheck: fixed 3 findings; 0 left"
[ -L src/linked.c ] || fail "src/linked.c is no longer a symlink"
[ "$(readlink src/linked.c)" = ../lib/linked.c ] || fail "src/linked.c points elsewhere: $(readlink src/linked.c)"
! grep -q 'access(path, F_OK)' lib/linked.c || fail "the link's target lib/linked.c was not fixed"
[ "$(cat src/moded.c)" = "$fixed" ] || fail "src/moded.c was not fixed as expected"
now=$(stat -c '%n %a %u:%g' src/moded.c src/owned.c lib/linked.c)
[ "$now" = "$modes" ] || { echo "before: $modes"; echo "after:  $now"; fail "modes or owners changed"; }
[ -z "$(find . -name '.fscheck-fix-*')" ] || fail "temporary files left behind"

# a file changed after the analysis (during fscheck's test pause)
(FSCHECK_TEST_PAUSE_BEFORE_FIX=2 exec "$FSCHECK" $FIXARGS --fix src/stale.c -- $CFLAGS) \
    >"$TMP/stale.out" 2>"$TMP/stale.err" &
pid=$!
CLEANUP='kill $pid 2>/dev/null'
wait_for_pause "$TMP/stale.err" $pid
printf '/* edited meanwhile */\n' >>src/stale.c
cp src/stale.c "$TMP/stale.edited"
wait $pid
status=$?
CLEANUP=
expect_status stale 1
expect_err stale "^fscheck: src/stale\.c: changed since it was analysed; no fix applied to it"
expect_err stale "^fscheck: fixed 0 findings; 1 left"
expect_out stale "^src/stale\.c:9:9: warning: "
cmp -s src/stale.c "$TMP/stale.edited" || fail "the edit of src/stale.c was overwritten"

# nothing else changed: put back what the fixes changed, and compare
one_finding linked >lib/linked.c
one_finding moded >src/moded.c
one_finding owned >src/owned.c
one_finding stale >src/stale.c
unchanged "$src" "$TMP/before"
pass "a symlink is fixed through the link, modes${root:+ and owners} are kept, a file changed meanwhile is refused"
