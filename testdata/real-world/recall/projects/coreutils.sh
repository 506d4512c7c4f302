# coreutils: GNU core utilities (autotools + gnulib; a git checkout needs ./bootstrap)
REPO="coreutils/coreutils"
COMMIT="aa0c0de3508e9150eb0ea610f696ee353dd9353d"
# gnulib submodule commit pinned by COMMIT (git ls-tree COMMIT gnulib)
GNULIB_COMMIT="9e797dc36b3ed593d55154b6e138ed50b28a11fb"
GNULIB_MIRROR="${GNULIB_MIRROR:-/work/.mirror/coreutils+gnulib/repo}"
SCOPE=(src)
EXCLUDE=()
# What a new user would guess without building: the project's own include
# folders (lib/ is filled by bootstrap from gnulib, so it is mostly empty in a
# checkout; config.h, lib/*.h replacements and src/version.h are generated).
NOBUILD_FLAGS=(-Isrc -Ilib -Igl/lib)

# configure(): offline bootstrap from the local gnulib mirror (about 5 min),
# configure (about 20 min: gnulib runs many checks) and a full make under
# bear (about 20 min at -j2); some 45 minutes on a loaded 2-core machine.
# The database lists 118 of the 148 src/*.c (the rest are not built by
# default: chcon/runcon need SELinux, hostname/kill/uptime/arch are not
# installed by default, coreutils-*.c only for --enable-single-binary,
# tac-pipe.c is #included by tac.c, *_neon/_vmull are for other CPUs).
configure() {
  local b="$1" src="$PWD" gl jobs=2
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)"
  gl="$b/gnulib-src"
  # 1. gnulib sources at the pinned revision (offline: from the local mirror)
  if [ ! -f "$gl/gnulib-tool" ]; then
    if [ -d "$src/gnulib" ] && [ -f "$src/gnulib/gnulib-tool" ]; then
      gl="$src/gnulib"
    elif [ -d "$GNULIB_MIRROR" ]; then
      # the mirror lacks the ChangeLog blob (partial clone): leave it out
      rm -rf "$gl" && mkdir -p "$gl" &&
        git --git-dir="$GNULIB_MIRROR" archive "$GNULIB_COMMIT" -- . ':(exclude)ChangeLog' \
          2>/dev/null | tar -x -C "$gl" && touch "$gl/ChangeLog" || return 1
    else
      echo "coreutils: no gnulib sources (set GNULIB_MIRROR to a gnulib git dir)" >&2
      return 1
    fi
  fi
  # 2. bootstrap, phase 2 only (no network): configure, Makefile.in, lib/, m4/
  if [ ! -x "$src/configure" ]; then
    ./bootstrap --gen --copy --skip-po --no-git --no-bootstrap-sync --force \
      --gnulib-srcdir="$gl" >"$b/bootstrap.log" 2>&1 ||
      { echo "coreutils: bootstrap failed, see $b/bootstrap.log" >&2; return 1; }
  fi
  # 3. out-of-tree configure, optional heavy features off
  # (configure refuses to run as root without FORCE_UNSAFE_CONFIGURE)
  (cd "$b" && FORCE_UNSAFE_CONFIGURE=1 "$src/configure" --disable-nls \
      --without-selinux --disable-libcap --without-openssl --disable-libsmack \
      --without-libsmack --without-libgmp --without-systemd --disable-acl \
      --disable-xattr \
      >"$b/configure.log" 2>&1) ||
    { echo "coreutils: configure failed, see $b/configure.log" >&2; return 1; }
  # 4. build under bear: the compile commands of lib/ and src/
  (cd "$b" && nice -n 10 bear --output "$b/compile_commands.json" -- \
      make -k -j"$jobs" >"$b/make.log" 2>&1) || true
  [ -s "$b/compile_commands.json" ] ||
    { echo "coreutils: no compile_commands.json, see $b/make.log" >&2; return 1; }
}

DEBIAN_PACKAGES=(autoconf automake autopoint gettext gperf texinfo bison m4 perl
                 xz-utils gzip patch git make gcc bear)
