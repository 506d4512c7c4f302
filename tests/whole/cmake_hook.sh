#!/bin/sh
# CMake's clang-tidy hook runs fscheck on every compile of
# testdata/cmake-hook (`TOOL ARGS --extra-arg-before=--driver-mode=gcc FILE
# -- COMPILER FLAGS -o X.o -c FILE`), and the build shows the finding of
# config.c, which needs the project's -D flag to be seen:
#   - with "fscheck;--quiet;--exit-zero" the build goes on, as with
#     clang-tidy's warnings;
#   - with "fscheck;--quiet" a finding stops the build (exit status 1), as
#     with clang-tidy's --warnings-as-errors.
# $3 is the cmake to use (default: cmake from PATH).
. "$(dirname "$0")/lib.sh"

CMAKE=${3:-cmake}
command -v "$CMAKE" >/dev/null 2>&1 || { echo "SKIP: no cmake"; exit 77; }
SRC="$WHOLEDIR/../../testdata/cmake-hook"
[ -f "$SRC/CMakeLists.txt" ] || fail "no testdata/cmake-hook"
cp -R "$SRC" "$TMP/hook" || fail "cannot copy testdata/cmake-hook"
H="$TMP/hook"
FINDING="config\.c:13:9: warning: existence check is redundant: .*\[FS101\]"

# configure DIR TIDY: configure the project in build folder DIR
configure() {
    "$CMAKE" -S "$H" -B "$1" "-DCMAKE_C_CLANG_TIDY=$2" >"$1.configure" 2>&1 ||
        { cat "$1.configure"; fail "cmake could not configure with CMAKE_C_CLANG_TIDY=$2"; }
}

# 1. --exit-zero: the build succeeds and shows the finding, once
configure "$TMP/b1" "$FSCHECK;--quiet;--exit-zero"
"$CMAKE" --build "$TMP/b1" >"$TMP/b1.log" 2>&1 || { cat "$TMP/b1.log"; fail "the build with --exit-zero failed"; }
[ -x "$TMP/b1/hook_demo" ] || fail "the build with --exit-zero made no hook_demo"
n=$(grep -c "$FINDING" "$TMP/b1.log")
[ "$n" -eq 1 ] || { cat "$TMP/b1.log"; fail "the build with --exit-zero shows the finding $n times, expected once"; }
! grep -q "main\.c:[0-9]*:[0-9]*: warning" "$TMP/b1.log" || { cat "$TMP/b1.log"; fail "a finding in main.c"; }
! grep -Eq "unknown option|skipped|error:" "$TMP/b1.log" || { cat "$TMP/b1.log"; fail "fscheck complained"; }

# 2. fscheck on each compile: a wrapper records its arguments; without
#    --exit-zero the finding stops the build at config.c
cat >"$TMP/tidy.sh" <<EOF
#!/bin/sh
printf '%s\n' "\$@" >"$TMP/args.\$\$"
exec "$FSCHECK" "\$@"
EOF
chmod +x "$TMP/tidy.sh"
configure "$TMP/b2" "$TMP/tidy.sh;--quiet"
if "$CMAKE" --build "$TMP/b2" -j1 >"$TMP/b2.log" 2>&1; then
    cat "$TMP/b2.log"
    fail "the build without --exit-zero went on after a finding"
fi
grep -q "$FINDING" "$TMP/b2.log" || { cat "$TMP/b2.log"; fail "the build without --exit-zero does not show the finding"; }
[ ! -e "$TMP/b2/hook_demo" ] || fail "hook_demo was linked although fscheck reported a finding"
for f in main.c config.c; do
    grep -lq "^$H/$f\$" "$TMP"/args.* 2>/dev/null || fail "fscheck did not run on $f"
done
# the calling form that was accepted: ... FILE -- COMPILER ... -o X.o -c FILE
args=$(grep -l "config\.c\$" "$TMP"/args.* | head -n 1)
grep -qx -- "--" "$args" && grep -qx -- "-c" "$args" && grep -qx -- "-o" "$args" ||
    { cat "$args"; fail "CMake did not call fscheck in the expected form"; }

pass "CMAKE_C_CLANG_TIDY runs fscheck on each compile"
