# libuv: cross-platform asynchronous I/O library (CMake; autotools also exist).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# src/ holds the library: the common files, src/unix (POSIX) and src/win
# (Windows-only).  Inside src/unix many files are built only on another OS
# (CMakeLists.txt picks them by CMAKE_SYSTEM_NAME); on Linux the build
# compiles the common unix files plus linux.c, procfs-exepath.c,
# random-getrandom.c, random-sysctl-linux.c and proctitle.c.  test/, docs/
# and include/ (public headers only) are left out.
REPO="libuv/libuv"
COMMIT="6179e7af87413396d5853a1c3722c8b5749336c8"
SCOPE=(src)
EXCLUDE=(src/win
         src/unix/aix-common.c src/unix/aix.c src/unix/bsd-ifaddrs.c src/unix/bsd-proctitle.c
         src/unix/cygwin.c src/unix/darwin-proctitle.c src/unix/darwin.c src/unix/freebsd.c
         src/unix/fsevents.c src/unix/haiku.c src/unix/hurd.c src/unix/ibmi.c src/unix/kqueue.c
         src/unix/netbsd.c src/unix/no-fsevents.c src/unix/no-proctitle.c src/unix/openbsd.c
         src/unix/os390-proctitle.c src/unix/os390-syscalls.c src/unix/os390.c
         src/unix/posix-hrtime.c src/unix/posix-poll.c src/unix/qnx.c
         src/unix/random-getentropy.c src/unix/sunos.c src/unix/sysinfo-loadavg.c
         src/unix/sysinfo-memory.c)

# What a new user would guess without building: the public headers and src/
# (nothing is generated).  The Linux build also defines _GNU_SOURCE,
# _POSIX_C_SOURCE=200112, _FILE_OFFSET_BITS=64 and _LARGEFILE_SOURCE.
NOBUILD_FLAGS=(-Iinclude -Isrc -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64)

configure() {
  local b="$1" src="$PWD"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  # CMake writes compile_commands.json at configure time; no header is
  # generated, so nothing needs to be built.  Tests and benchmarks off; the
  # clang-tidy targets (on by default) off.  The default build makes both the
  # shared and the static library, so each unit is listed twice (the shared
  # one with -fPIC -DBUILDING_UV_SHARED=1).
  nice -n 10 cmake -S "$src" -B "$b" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_BUILD_TYPE=Debug \
      -DLIBUV_BUILD_TESTS=OFF -DLIBUV_BUILD_BENCH=OFF -DENABLE_CLANG_TIDY=OFF \
      >"$b/cmake.log" 2>&1 ||
    { echo "libuv: cmake failed, see $b/cmake.log" >&2; return 1; }
  [ -s "$b/compile_commands.json" ] ||
    { echo "libuv: no compile_commands.json in $b" >&2; return 1; }
}

DEBIAN_PACKAGES=(cmake make gcc libc6-dev)
