# wget2: GNU Wget2 and its library libwget (autotools + gnulib; a git checkout
# needs ./bootstrap).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# libwget/ is the library, src/ the wget2 program.  libwget/test_linking*.c
# are link tests.  tests/, unit-tests/, fuzz/, examples/, benchmarks/ and
# contrib/ are left out; lib/ is gnulib (filled by bootstrap).  Of the other
# TLS backends (libwget/ssl_openssl.c, ssl_wolfssl.c, ssl_none.c) the GnuTLS
# build compiles none, so they are not in the database (they hold no pair).
# In this build gnulib's lib/stdio.h has "#define fopen rpl_fopen" (open,
# stat, access, unlink, mkdir, opendir are not replaced on glibc), so the
# fopen calls of the studied units reach the analyser as rpl_fopen.
# configure() takes about 9 minutes on 2 busy cores (bootstrap, configure,
# gnulib headers, libwget/ and src/ compiled once each; src/utils.c twice,
# for wget2 and the test convenience library).
REPO="rockdaboot/wget2"
COMMIT="a06d3d9a6ee624e90f5f38e7a845161f9f78cf4f"
# gnulib submodule commit pinned by COMMIT (git ls-tree COMMIT gnulib)
GNULIB_COMMIT="88592a2880cf39a2f597cd0294a90d8dd7faa2df"
GNULIB_MIRROR="${GNULIB_MIRROR:-/work/.mirror/coreutils+gnulib/repo}"
SCOPE=(libwget src)
EXCLUDE=(libwget/test_linking)

# What a new user would guess without building: the project's include
# folders (config.h, include/wget/wgetver.h, lib/*.h replacements and
# libwget/css_tokenizer.c are generated, so they are not given) and the
# define libwget's units are built with.
NOBUILD_FLAGS=(-I. -Iinclude -Iinclude/wget -Ilib -Ilibwget -Isrc
               -D_GNU_SOURCE -DBUILDING_LIBWGET)

configure() {
  local b="$1" src="$PWD" gl jobs=2
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  gl="$b/gnulib-src"
  # 1. gnulib sources at the pinned revision (offline: from the local mirror)
  if [ -f "$src/gnulib/gnulib-tool" ]; then
    gl="$src/gnulib"
  elif [ ! -f "$gl/gnulib-tool" ]; then
    if [ -d "$GNULIB_MIRROR" ]; then
      # the mirror lacks the ChangeLog blob (partial clone): leave it out
      rm -rf "$gl" && mkdir -p "$gl" &&
        git --git-dir="$GNULIB_MIRROR" archive "$GNULIB_COMMIT" -- . ':(exclude)ChangeLog' \
          2>/dev/null | tar -x -C "$gl" && touch "$gl/ChangeLog" || return 1
    else
      echo "wget2: no gnulib sources (set GNULIB_MIRROR to a gnulib git dir)" >&2
      return 1
    fi
  fi
  # 2. bootstrap, phase 2 only (no network): configure, Makefile.in, lib/, m4/
  if [ ! -x "$src/configure" ]; then
    (nice -n 10 ./bootstrap --gen --copy --skip-po --no-git --no-bootstrap-sync --force \
        --gnulib-srcdir="$gl") >"$b/bootstrap.log" 2>&1 ||
      { echo "wget2: bootstrap failed, see $b/bootstrap.log" >&2; return 1; }
  fi
  # 3. out-of-tree configure: GnuTLS, the default; documentation, the test
  # server (libmicrohttpd) and libproxy off; nghttp2 (libwget/http2.c) and
  # gpgme (src/gpgme.c) on so that every studied unit of this backend builds.
  if [ ! -f "$b/Makefile" ]; then
    (cd "$b" && nice -n 10 "$src/configure" --disable-doc --without-libmicrohttpd \
        --disable-libproxy --with-ssl=gnutls --with-libnghttp2 --with-gpgme \
        --disable-static) \
        >"$b/configure.log" 2>&1 ||
      { echo "wget2: configure failed, see $b/configure.log" >&2; return 1; }
  fi
  # 4. gnulib's generated headers (lib/stdio.h, fcntl.h, ... : BUILT_SOURCES;
  # libgnu itself is not needed for the compile commands), then libwget/ and
  # src/ under bear (their links fail without libgnu.la: -k goes on; the
  # database records each compile with the flags the build uses)
  (cd "$b/lib" && nice -n 10 make -k -j"$jobs" $(make -s \
      --eval='print-built-sources: ; @echo $(BUILT_SOURCES)' print-built-sources)) \
      >"$b/make-lib.log" 2>&1
  (cd "$b" && nice -n 10 make -C include -k) >>"$b/make-lib.log" 2>&1
  (cd "$b" && nice -n 10 bear --output "$b/compile_commands.json" -- \
      sh -c "make -C libwget -k -j$jobs; make -C src -k -j$jobs") >"$b/make.log" 2>&1
  [ -s "$b/compile_commands.json" ] && [ -f "$b/config.h" ] ||
    { echo "wget2: no compile_commands.json or config.h in $b, see $b/make.log" >&2; return 1; }
}

DEBIAN_PACKAGES=(autoconf automake autopoint gettext libtool flex lzip texinfo
                 pkg-config git make gcc bear
                 libgnutls28-dev libidn2-dev libpsl-dev libpcre2-dev zlib1g-dev
                 liblzma-dev libbz2-dev libzstd-dev libbrotli-dev
                 libnghttp2-dev libgpgme-dev)
