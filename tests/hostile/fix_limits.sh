#!/bin/sh
# --fix against a file size limit (ulimit -f) and a full disk: the file
# that cannot be written is left byte for byte as it was, with a message
# naming it and the reason; no temporary file is left; its finding is
# reported as not fixed: exit status 1 (2 with --exit-zero, as for any
# fix that could not be written).  A smaller file under the same limit is
# fixed.  The full disk is a small tmpfs, mounted where that is allowed
# (else that part is skipped).
#
#   fix_limits.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "python3 is needed to make the input"
src=$TMP/src
mkdir "$src"
one_finding small >"$src/small.c"
{ one_finding big; python3 -c 'print("".join("int filler_%d(int x) { return x + %d; }\n" % (i, i) for i in range(20000)), end="")'; } >"$src/big.c"
FIXARGS="--engine=tree-sitter --no-index"

# file size limit: 200 blocks (100 KiB or 200 KiB, as the shell counts them)
for zero in "" --exit-zero; do
    w=$TMP/ulimit$zero
    cp -R "$src" "$w"
    snapshot "$w" "$TMP/before"
    (cd "$w" && ulimit -f 200 && exec "$FSCHECK" $FIXARGS $zero --fix big.c small.c -- $CFLAGS) \
        >"$TMP/ulimit.out" 2>"$TMP/ulimit.err"
    status=$?
    if [ -z "$zero" ]; then
        expect_status ulimit 1
        expect_out ulimit "^big\.c:9:9: warning: .*\[FS101\]"
    else
        expect_status ulimit 2
    fi
    expect_err ulimit "^fscheck: big\.c: could not write the fixed file \(File too large\); left unchanged"
    expect_err ulimit "^fscheck: fixed 1 finding; 1 left"
    no_out ulimit "small\.c"
    cmp -s "$w/big.c" "$src/big.c" || fail "ulimit: big.c changed"
    ! grep -q 'access(path, F_OK)' "$w/small.c" || fail "ulimit: small.c was not fixed"
    cp "$src/small.c" "$w/small.c"   # back as it was: nothing else may differ
    unchanged "$w" "$TMP/before"
done

# a full disk
if [ "$(id -u)" -ne 0 ]; then
    pass "a file size limit leaves the file as it was (a full disk needs root to mount a tmpfs: not tried)"
fi
disk=$TMP/disk
mkdir "$disk"
mount -t tmpfs -o size=2m tmpfs "$disk" 2>/dev/null ||
    pass "a file size limit leaves the file as it was (no tmpfs could be mounted: a full disk not tried)"
CLEANUP='umount "$disk"'
cp "$src/big.c" "$src/small.c" "$disk/"
dd if=/dev/zero of="$disk/fill" bs=4096 2>/dev/null   # until the disk is full
snapshot "$disk" "$TMP/before"
(cd "$disk" && exec "$FSCHECK" $FIXARGS --fix big.c small.c -- $CFLAGS) >"$TMP/full.out" 2>"$TMP/full.err"
status=$?
expect_status full 1
expect_err full "^fscheck: big\.c: could not write the fixed file \(No space left on device\); left unchanged"
expect_err full "^fscheck: small\.c: could not write the fixed file \(No space left on device\); left unchanged"
expect_err full "^fscheck: fixed 0 findings; 2 left"
expect_out full "^big\.c:9:9: warning: "
expect_out full "^small\.c:9:9: warning: "
unchanged "$disk" "$TMP/before"
pass "a file size limit and a full disk leave the files as they were"
