# libgit2 (github.com/libgit2/libgit2): CMake, clar tests.
# Sourced by realfix.sh, in the tree's folder for each step.

PROJ_APT="cmake make gcc python3 libssl-dev zlib1g-dev pkg-config"
proj_marker() { echo include/git2.h; }
proj_needs()  { echo cmake make cc python3; }
# The project's own -Werror mode (ENABLE_WERROR) passes on the unmodified tree
# with Debian 12's gcc 12; its warning set is -Wall -Wextra and a dozen more,
# and -std=c90 -Wdeclaration-after-statement.
proj_flags()  { echo "cmake -DENABLE_WERROR=ON -DCMAKE_BUILD_TYPE=Debug (libgit2's own -Wall -Wextra ... -std=c90 set, with -Werror), Unix Makefiles"; }
proj_test_desc() { echo "libgit2_tests -xonline (the offline clar suite, as its ctest 'offline') and util_tests"; }
proj_compdb_dir() { echo build; }

proj_configure() {
    # The default generator: with Ninja every test unit's '-include clar_suite.h'
    # is relative to build/ rather than to its own folder.
    cmake -S . -B build -DENABLE_WERROR=ON -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DBUILD_TESTS=ON -DBUILD_CLI=ON
}

proj_build() {
    nice -n 10 cmake --build build -j "$JOBS"
}

# proj_test OUTDIR: both clar runners in TAP form, each test a line
proj_test() {
    local rc=0
    cd build
    isolated ./libgit2_tests -t -xonline >"$1/libgit2_tests.tap" 2>&1 || rc=$?
    echo "libgit2_tests exited with $rc"
    tap_to_tsv libgit2_tests: <"$1/libgit2_tests.tap" >>"$1/tests.tsv"
    rc=0
    isolated ./util_tests -t >"$1/util_tests.tap" 2>&1 || rc=$?
    echo "util_tests exited with $rc"
    tap_to_tsv util_tests: <"$1/util_tests.tap" >>"$1/tests.tsv"
    cat "$1/libgit2_tests.tap" "$1/util_tests.tap"
}

# proj_retest OUTDIR NAME...: run these tests once more, each by itself
proj_retest() {
    local out=$1 name runner test; shift
    cd build
    for name in "$@"; do
        runner=${name%%:*}; test=${name#*:}
        # clar selects by name prefix; a test of a suite with a description
        # ("suite (desc)::test") cannot be selected: its whole suite reruns
        test=${test%% (*}
        isolated "./$runner" -t "-s$test" 2>&1 | tap_to_tsv "$runner:" | grep -F -x "$(printf 'pass\t%s' "$name")" >>"$out/tests.tsv" || true
    done
}
