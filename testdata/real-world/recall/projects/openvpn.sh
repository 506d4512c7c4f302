# openvpn: the OpenVPN daemon (autotools; a CMake build exists mainly for Windows).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# src/openvpn is the daemon, src/compat the replacement functions, src/plugins
# the auth-pam and down-root plugins.  src/openvpnserv, src/openvpnmsica and
# src/tapctl are Windows-only; inside src/openvpn, win32.c, win32-util.c,
# wfp_block.c and dco_win.c are Windows-only and dco_freebsd.c,
# networking_freebsd.c FreeBSD-only (they compile to nothing on Linux).
# tests/, sample/ and contrib/ are left out.
REPO="OpenVPN/openvpn"
COMMIT="3de926089fdebd79b9d25e80c31e45c1e044911d"
SCOPE=(src/openvpn src/compat src/plugins)
EXCLUDE=(src/openvpn/win32.c src/openvpn/win32-util.c src/openvpn/wfp_block.c
         src/openvpn/dco_win.c src/openvpn/dco_freebsd.c src/openvpn/networking_freebsd.c)

# What a new user would guess without building: the project's include
# folders (config.h and include/openvpn-plugin.h are generated, so not given)
# and the define the sources test for config.h.
NOBUILD_FLAGS=(-I. -Iinclude -Isrc/openvpn -Isrc/compat -D_GNU_SOURCE)

configure() {
  local b="$1" src
  src="$(pwd)"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  if [ ! -x "$src/configure" ]; then
    (nice -n 10 autoreconf -fi) >"$b/autoreconf.log" 2>&1 ||
      { echo "openvpn: autoreconf failed, see $b/autoreconf.log" >&2; return 1; }
  fi
  # out-of-tree build; optional features with extra dependencies off
  # (LZO, LZ4, DCO/libnl, PKCS#11, systemd, SELinux, unit tests); OpenSSL
  # is the crypto library; management, plugins (auth-pam, down-root) on.
  if [ ! -f "$b/Makefile" ]; then
    (cd "$b" && nice -n 10 "$src/configure" --disable-lzo --disable-lz4 --disable-dco \
        --disable-pkcs11 --disable-systemd --disable-selinux --disable-unit-tests \
        --with-crypto-library=openssl) >"$b/configure.log" 2>&1 ||
      { echo "openvpn: configure failed, see $b/configure.log" >&2; return 1; }
  fi
  # the studied units are all under src/; the database records each compile
  (cd "$b/src" && nice -n 10 bear --output "$b/compile_commands.json" -- make -k -j2) \
      >"$b/make.log" 2>&1
  [ -s "$b/compile_commands.json" ] && [ -f "$b/config.h" ] ||
    { echo "openvpn: no compile_commands.json or config.h in $b, see $b/make.log" >&2; return 1; }
}

DEBIAN_PACKAGES=(autoconf automake libtool make gcc pkg-config bear
                 libssl-dev libcap-ng-dev libpam0g-dev)
