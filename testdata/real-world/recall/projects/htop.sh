# htop: interactive process viewer (autotools).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# The program's common sources are the top-level .c files; linux/ is the
# Linux platform and generic/ the helpers it shares with the other
# platforms.  The other platform folders (darwin, dragonflybsd, freebsd,
# netbsd, openbsd, solaris, unsupported, pcp) are left out, and so are zfs/
# (ARC meters), pcp-htop.c (the PCP build's main) and the BSD/macOS-only
# generic/fdstat_sysctl.c and generic/openzfs_sysctl.c, which the Linux build
# does not compile.  SCOPE "." stands for the top-level .c files.
REPO="htop-dev/htop"
COMMIT="1a4504c0c6a74ecd7f2eb1c17c22750c55f555ff"
SCOPE=(. linux generic)
EXCLUDE=(darwin dragonflybsd freebsd netbsd openbsd solaris unsupported pcp zfs
         scripts docs iwyu m4 pcp-htop.c
         generic/fdstat_sysctl.c generic/openzfs_sysctl.c)

# What a new user would guess without building: the source root (units
# include "linux/...", "generic/..." and the top-level headers) and linux/
# (the top-level units include "Platform.h", "ProcessField.h" from the
# platform folder, as the build's -I<src>/linux does).  config.h is
# generated (it also defines HTOP_LINUX), so it is not given.
NOBUILD_FLAGS=(-I. -Ilinux -D_GNU_SOURCE)

configure() {
  local b="$1" src="$PWD"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  if [ ! -x "$src/configure" ]; then
    (nice -n 10 autoreconf --force --install) >"$b/autoreconf.log" 2>&1 ||
      { echo "htop: autoreconf failed, see $b/autoreconf.log" >&2; return 1; }
  fi
  # out-of-tree build.  Defaults (unicode, affinity, capabilities, sensors,
  # delay accounting: all found with the packages below), plus the
  # backtrace screen and demangling, which bring generic/UnwindPtrace.c and
  # generic/Demangle.c into the build; hwloc and PCP off.
  if [ ! -f "$b/Makefile" ]; then
    (cd "$b" && nice -n 10 "$src/configure" --enable-unicode --enable-capabilities \
        --enable-sensors --enable-delayacct --enable-backtrace=unwind-ptrace \
        --enable-demangling=libiberty --disable-hwloc --disable-pcp) \
        >"$b/configure.log" 2>&1 ||
      { echo "htop: configure failed, see $b/configure.log" >&2; return 1; }
  fi
  # one program: the database records each compile (about 2 minutes of CPU;
  # 9 minutes of wall time on a busy 2-core machine, autoreconf included)
  (cd "$b" && nice -n 10 bear --output "$b/compile_commands.json" -- make -k -j2) \
      >"$b/make.log" 2>&1
  [ -s "$b/compile_commands.json" ] && [ -f "$b/config.h" ] ||
    { echo "htop: no compile_commands.json or config.h in $b, see $b/make.log" >&2; return 1; }
}

DEBIAN_PACKAGES=(autoconf automake make gcc pkg-config bear libncurses-dev
                 libcap-dev libsensors-dev libnl-3-dev libnl-genl-3-dev
                 libunwind-dev libiberty-dev)
