# geany: GTK3 text editor / IDE (meson; an autotools build also exists)
REPO="geany/geany"
COMMIT="be6bcd1e6d95902722681562aca2130d52a79fed"
# src/ holds the editor and its tagmanager (src/tagmanager), plugins/ the bundled plugins.
# ctags/ and scintilla/ are vendored; src/win32.c is Windows-only, src/osx.c macOS-only
# (both compile to nothing here); src/prefix.c is the autotools binreloc helper that the
# meson build does not compile; src/gb.c is #included by src/about.c.
SCOPE=(src plugins)
EXCLUDE=(src/win32.c src/osx.c)
# What a new user would guess without building: the project's include folders (config.h and
# signallist.i are generated), the private-API define the sources expect, and GTK's pkg-config
# flags (GTK/GLib headers are system headers, not generated).
NOBUILD_FLAGS=(-I. -Isrc -Isrc/tagmanager -Iplugins -Iscintilla/include -Iscintilla/lexilla/include
               -Ictags/main -D_GNU_SOURCE -DGTK -DGEANY_PRIVATE
               $(pkg-config --cflags gtk+-3.0 2>/dev/null))

configure() {
  local b="$1"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)"
  # meson writes compile_commands.json at setup time; docs and macOS integration off
  if [ ! -f "$b/build.ninja" ]; then
    nice -n 10 meson setup "$b" -Dhtml-docs=disabled -Dpdf-docs=disabled -Dapi-docs=disabled \
        -Dgtkdoc=false -Dmac-integration=disabled -Dvte=true -Dplugins=true -Dsocket=true \
        >"$b/meson-setup.log" 2>&1 ||
      { echo "geany: meson setup failed, see $b/meson-setup.log" >&2; return 1; }
  fi
  # the one generated file the studied sources include besides config.h (src/callbacks.c)
  nice -n 10 ninja -C "$b" -j2 signallist.i >"$b/ninja-gen.log" 2>&1 ||
    { echo "geany: could not generate signallist.i, see $b/ninja-gen.log" >&2; return 1; }
  [ -s "$b/compile_commands.json" ] && [ -f "$b/config.h" ] ||
    { echo "geany: no compile_commands.json or config.h in $b" >&2; return 1; }
}

DEBIAN_PACKAGES=(meson ninja-build gcc g++ pkg-config libgtk-3-dev gettext python3 git)
