#!/bin/sh
# FIFOs, sockets, devices and symlink loops in a scanned folder, named on
# the command line, and #included: none is opened (checked with strace
# where it can trace), nothing blocks (a FIFO without a writer would block
# a reader forever; /dev/zero never ends), and each is named with a reason
# where it was asked for.  The other files' findings are reported.  No file
# changes.
#
#   special_files.sh FSCHECK TESTS_HOSTILE_DIR
. "$2/lib.sh"
LIMIT=30

src=$TMP/src
mkdir "$src"
one_finding >"$src/a.c"
mkfifo "$src/fifo.c" "$src/fifo.h" || skip "cannot make a FIFO here"
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$src/sock.c" ||
        fail "cannot make a socket"
fi
devices=
if mknod "$src/null.c" c 1 3 2>/dev/null && mknod "$src/zero.c" c 1 5 2>/dev/null; then
    devices="null.c zero.c"
fi
ln -s /dev/zero "$src/devzero.c"
ln -s /dev/zero "$src/zero.h"
ln -s .. "$src/parent"         # a folder loop
ln -s loop2.c "$src/loop1.c"   # a loop of two
ln -s loop1.c "$src/loop2.c"
ln -s self.c "$src/self.c"     # a loop of one
{ one_finding; echo '#include "fifo.h"'; } >"$src/includes_fifo.c"
{ one_finding; echo '#include "zero.h"'; } >"$src/includes_zero.c"
specials="fifo.c fifo.h sock.c null.c zero.c zero.h devzero.c"
snapshot "$src" "$TMP/before"

tracer=
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
    tracer=1
fi
# run_traced NAME ARGS...: run, under strace when it works; then none of
# the special files may have been opened
run_traced() {
    n=$1
    shift
    if [ -n "$tracer" ]; then
        FSCHECK_REAL=$FSCHECK
        FSCHECK="strace"
        # LeakSanitizer cannot work under ptrace
        ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
            run "$n" -f -qq -e trace=open,openat,openat2 -o "$TMP/$n.trace" "$FSCHECK_REAL" "$@"
        FSCHECK=$FSCHECK_REAL
        for s in $specials; do
            ! grep -q "\"\([^\"]*/\)\?$s\"" "$TMP/$n.trace" ||
                { grep "$s" "$TMP/$n.trace"; fail "$n: $s was opened"; }
        done
    else
        run "$n" "$@"
    fi
}

cd "$src" || fail "no $src"
for engine in auto tree-sitter; do
    # the folder: only a.c and the two includers are analysed
    run_traced "$engine" --engine=$engine . -- $CFLAGS
    expect_status "$engine" 1
    for f in a includes_fifo includes_zero; do
        expect_out "$engine" "^$f\.c:9:9: warning: .*\[FS101\]"
    done
    [ "$(grep -c 'warning: ' "$TMP/$engine.out")" -eq 3 ] || { show "$TMP/$engine.out"; fail "$engine: not 3 findings"; }
    no_out "$engine" "parent/"
    unchanged "$src" "$TMP/before"
done
run_traced clang --engine=clang . -- $CFLAGS
expect_status clang 1
expect_out clang "^a\.c:9:9: warning: .*\[FS101\]"
expect_err clang "^fscheck: includes_fifo\.c: skipped: not given to libclang: 'fifo\.h' \(included from includes_fifo\.c:15\) is not a regular file"
expect_err clang "^fscheck: includes_zero\.c: skipped: not given to libclang: 'zero\.h' \(included from includes_zero\.c:15\) is not a regular file"
expect_err auto "^fscheck: includes_fifo\.c: not given to libclang: 'fifo\.h' \(included from includes_fifo\.c:15\) is not a regular file; analysed with tree-sitter"
expect_err auto "^fscheck: includes_zero\.c: not given to libclang: 'zero\.h' \(included from includes_zero\.c:15\) is not a regular file; analysed with tree-sitter"

# named on the command line: skipped with a reason, never opened
named="fifo.c devzero.c"
[ -e sock.c ] && named="$named sock.c"
named="$named $devices"
run_traced named $named -- $CFLAGS
expect_status named 0
for f in $named; do
    expect_err named "^fscheck: $f: skipped: not a regular file"
done

# a symlink loop named on the command line cannot be read: an input error
run loop self.c -- $CFLAGS
expect_status loop 2
expect_err loop "^fscheck: self\.c: Too many levels of symbolic links"
run loop2 loop1.c a.c -- $CFLAGS
expect_status loop2 2
expect_err loop2 "^fscheck: loop1\.c: Too many levels of symbolic links"
unchanged "$src" "$TMP/before"
pass "FIFOs, sockets, devices and symlink loops are never opened and never block${tracer:+ (traced)}"
