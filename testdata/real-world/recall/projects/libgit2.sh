# libgit2: the Git library and its small CLI (CMake).
# Sourced by recall.sh: defines where the project comes from, what is studied,
# and how to make its compilation database.
#
# CMake writes compile_commands.json and the generated headers the sources
# include (gen_headers/git2_features.h, gen_headers/experimental.h) at
# configure time, so nothing needs to be built.  Optional transports and
# authentication (HTTPS, SSH, NTLM, GSSAPI) are off: their dependencies are
# not needed, and the stream files (streams/openssl*.c, mbedtls.c, ...) are
# compiled in every configuration, their bodies under #ifdef.  Of the studied
# .c files only the other hash providers (src/util/hash/openssl.c, mbedtls.c,
# common_crypto.c, win32.c; no path calls) are not in the database.  Tests,
# examples and fuzzers are not built.  The build type is CMake's default for
# libgit2 (RelWithDebInfo, so GIT_ASSERT_ARG is an early return, not assert()).

REPO="libgit2/libgit2"
COMMIT="0551dfd4ad989b6a3d5683c0d4cf326c6efef929"
SCOPE=(src/libgit2 src/util src/cli)
# Windows-only folders, and the vendored SHA-1/SHA-256 implementations
EXCLUDE=(src/util/win32 src/cli/win32 src/util/hash/sha1dc src/util/hash/rfc6234)

# What a new user would guess without building: the public headers, the
# three source folders, and the bundled dependencies' folders they include
# (git2_features.h and experimental.h are generated, so they are missing).
NOBUILD_FLAGS=(-Iinclude -Isrc/util -Isrc/libgit2 -Isrc/cli
               -Ideps/llhttp -Ideps/xdiff -Ideps/pcre2 -Ideps/reftable
               -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64)

configure() {
  local b="$1" src="$PWD"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)"
  nice -n 10 cmake -S "$src" -B "$b" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DBUILD_TESTS=OFF -DBUILD_CLI=ON -DBUILD_EXAMPLES=OFF -DBUILD_FUZZERS=OFF \
      -DUSE_HTTPS=OFF -DUSE_SSH=OFF -DUSE_NTLMCLIENT=OFF -DUSE_GSSAPI=OFF \
      >"$b/cmake.log" 2>&1 ||
    { echo "libgit2: cmake failed, see $b/cmake.log" >&2; return 1; }
  [ -s "$b/compile_commands.json" ] && [ -f "$b/gen_headers/git2_features.h" ] ||
    { echo "libgit2: no compile_commands.json or git2_features.h in $b" >&2; return 1; }
}

DEBIAN_PACKAGES=(cmake make gcc libc6-dev pkg-config zlib1g-dev)
