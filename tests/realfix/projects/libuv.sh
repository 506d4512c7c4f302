# libuv (github.com/libuv/libuv): CMake, uv_run_tests.
# Sourced by realfix.sh, in the tree's folder for each step.

PROJ_APT="cmake make gcc"
proj_marker() { echo include/uv.h; }
proj_needs()  { echo cmake make cc timeout; }
# libuv has no -Werror mode of its own. Its flags are -Wall -Wextra
# -Wstrict-prototypes -Wno-unused-parameter; with -Werror added the unmodified
# tree fails on test/test-spawn.c ("control reaches end of non-void function",
# -Wreturn-type, gcc 12), so that one warning stays a warning.
proj_flags()  { echo "cmake -DCMAKE_C_FLAGS='-Werror -Wno-error=return-type' -DLIBUV_BUILD_TESTS=ON -DENABLE_CLANG_TIDY=OFF (libuv's -Wall -Wextra -Wstrict-prototypes; plain -Werror fails on the unmodified test/test-spawn.c with -Wreturn-type)"; }
proj_test_desc() { echo "uv_run_tests, each test by itself, less the ${#LIBUV_SKIP[@]} that need more network than loopback"; }
proj_compdb_dir() { echo build; }

# Tests that need the network beyond 127.0.0.1 and ::1: DNS look-ups of names
# not in /etc/hosts and reverse look-ups, connects and sends to outside,
# link-local and multicast addresses. They are skipped (recorded as skip).
LIBUV_SKIP=(
    getaddrinfo_fail getaddrinfo_fail_sync
    getnameinfo_basic_ip4 getnameinfo_basic_ip4_sync getnameinfo_basic_ip6
    metrics_pool_events threadpool_cancel_getaddrinfo threadpool_cancel_getnameinfo
    tcp_connect_timeout tcp_close_while_connecting tcp_connect6_link_local
    udp_send_hang_loop udp_multicast_interface udp_multicast_interface6
    udp_multicast_join udp_multicast_join6 udp_multicast_ttl
)

proj_configure() {
    cmake -S . -B build "-DCMAKE_C_FLAGS=-Werror -Wno-error=return-type" \
        -DLIBUV_BUILD_TESTS=ON -DENABLE_CLANG_TIDY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
}

proj_build() {
    nice -n 10 cmake --build build -j "$JOBS"
}

# libuv_run OUTDIR NAME...: each test by itself, as ctest runs them (from the
# source folder), TAP on stdout; the skipped ones as "ok N - NAME # SKIP"
LIBUV_LOOP='
skip=" $1 "; shift
for t in "$@"; do
    case $skip in *" $t "*) echo "ok 1 - $t # SKIP needs the network beyond loopback"; continue ;; esac
    UV_RUN_AS_ROOT=1 timeout 600 nice -n 10 ./build/uv_run_tests "$t" </dev/null 2>&1 || true
done'
libuv_run() {
    local out=$1; shift
    isolated bash -c "$LIBUV_LOOP" bash "${LIBUV_SKIP[*]}" "$@" >"$out/uv_run_tests.tap"
    tap_to_tsv <"$out/uv_run_tests.tap" >>"$out/tests.tsv"
    cat "$out/uv_run_tests.tap"
}

proj_test() {
    local names
    names=$(UV_RUN_AS_ROOT=1 ./build/uv_run_tests --list | awk 'NF { print $1 }')
    [ -n "$names" ] || { echo "uv_run_tests --list gave no test"; return 1; }
    # shellcheck disable=SC2086
    libuv_run "$1" $names
}

proj_retest() { libuv_run "$@"; }
