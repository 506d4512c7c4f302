# irssi: terminal IRC client (GLib, meson).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# src/ holds the client: core, lib-config, irc (+ dcc, flood, notifylist,
# proxy), the common and text frontends, the bot frontend (fe-none), the perl
# glue and the OTR module.  src/fe-fuzz is the fuzzing harness;
# src/core/capsicum.c is FreeBSD-only (Capsicum), never built on Linux.
# tests/, fuzz-support/ and utils/ are left out.
REPO="irssi/irssi"
COMMIT="43f1727ef9fe1cb51d5031ee2dd0e1965217e4cb"
SCOPE=(src)
EXCLUDE=(src/fe-fuzz src/core/capsicum.c)

# What a new user would guess without building.  The sources include their
# headers as <irssi/src/core/settings.h>, so the folder above the tree (which
# holds it as "irssi") is an include folder; "module.h" sits beside each unit.
# irssi-config.h, irssi-version.h, default-config.h, default-theme.h and the
# perl *.pl.h / signal list are generated, so they are not given.  GLib's
# headers are system headers.
NOBUILD_FLAGS=(-I. -I.. -Isrc -Isrc/core -Isrc/lib-config -Isrc/fe-common/core
               -Isrc/irc/core -Isrc/perl
               -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64
               -I/usr/include/glib-2.0 -I/usr/lib/x86_64-linux-gnu/glib-2.0/include)

configure() {
  local b="$1"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  # meson writes compile_commands.json at setup time.  Every frontend and
  # module in the scope on (text UI, bot, proxy, perl, OTR); Capsicum and the
  # fuzzer off; utf8proc off (optional dependency; it only changes
  # the arms of src/core/wcwidth-wrapper.c, which hold no path calls).
  if [ ! -f "$b/build.ninja" ]; then
    nice -n 10 meson setup "$b" . \
        -Dwith-perl=yes -Dwith-otr=yes -Dwith-proxy=yes -Dwith-bot=yes \
        -Dwithout-textui=no -Dwith-capsicum=no -Dwith-fuzzer=no \
        -Ddisable-utf8proc=yes -Dinstall-glib=no \
        >"$b/meson-setup.log" 2>&1 ||
      { echo "irssi: meson setup failed, see $b/meson-setup.log" >&2; return 1; }
  fi
  # the generated headers the studied sources include
  nice -n 10 ninja -C "$b" -j2 irssi-version.h default-config.h default-theme.h \
      src/perl/perl-signals-list.h src/perl/irssi-core.pl.h >"$b/ninja-gen.log" 2>&1 ||
    { echo "irssi: could not generate headers, see $b/ninja-gen.log" >&2; return 1; }
  [ -s "$b/compile_commands.json" ] && [ -f "$b/irssi-config.h" ] ||
    { echo "irssi: no compile_commands.json or irssi-config.h in $b" >&2; return 1; }
}

DEBIAN_PACKAGES=(meson ninja-build gcc pkg-config perl libglib2.0-dev libssl-dev
                 libncurses-dev libperl-dev libotr5-dev libgcrypt20-dev)
