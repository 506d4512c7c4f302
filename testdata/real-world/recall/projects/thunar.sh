# thunar: the Xfce file manager (meson).
# Sourced by recall.sh: defines where the project comes from, what is studied,
# and how to make its compilation database.
#
# Debian 12 ships libxfce4ui 4.18.2, older than the 4.21.8 this snapshot asks
# for, and its xfce4-dev-tools (4.18) has no xdt-gen-visibility.  configure()
# therefore gives meson, in a folder of the build directory, .pc files that
# copy Debian's libxfce4ui-2 / libxfce4kbd-private-3 under the required
# version, and an xdt-gen-visibility that writes the file the real tool
# writes when ENABLE_SYMBOL_VISIBILITY is undefined (the build is set up with
# -Dvisibility=false, so that is what the real tool would give).  The flags
# of the database are meson's own; only -DENABLE_SYMBOL_VISIBILITY=1 is
# missing against a default build.  Compiling every unit against the 4.18
# headers is not needed for the database, and 19 of the 140 units do not
# compile against them (XfceIconView and other API new in libxfce4ui 4.21:
# thunar-util.c, thunar-window.c, thunar-icon-view.c, ...); the generated
# headers the sources include are built.  About 1 minute.

REPO="xfce-mirror/thunar"
COMMIT="b1d2264ccae761e6bd1384fb992c4ea3d4564c44"
SCOPE=(thunar thunarx plugins)
EXCLUDE=()

NOBUILD_FLAGS=(-I. -Iplugins)   # sources include "thunar/...", <thunarx/...>, <thunar-apr/...>

DEBIAN_PACKAGES=(meson ninja-build pkg-config python3 gettext xsltproc
                 libglib2.0-dev libgtk-3-dev libpango1.0-dev libgdk-pixbuf-2.0-dev
                 libxfce4ui-2-dev libxfce4util-dev libxfconf-0-dev xfce4-dev-tools
                 libx11-dev libsm-dev libice-dev libpcre2-dev
                 libvte-2.91-dev libxfce4panel-2.0-dev)

configure() {
  local b="$1"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  local shim="$b/.shim"
  mkdir -p "$shim/bin" "$shim/pkgconfig" || return 1

  # xdt-gen-visibility (xfce4-dev-tools >= 4.19): with visibility disabled its
  # output holds nothing but the include of glib.h
  if ! command -v xdt-gen-visibility >/dev/null 2>&1; then
    cat > "$shim/bin/xdt-gen-visibility" <<'EOF'
#!/bin/sh
# stand-in: what xdt-gen-visibility writes when ENABLE_SYMBOL_VISIBILITY is undefined
out=
for a in "$@"; do case "$a" in --*) ;; *) in="$out"; out="$a" ;; esac; done
body='/* generated stand-in for xdt-gen-visibility (visibility disabled) */
#include <glib.h>'
if [ -n "$out" ] && [ -n "$in" ]; then printf '%s\n' "$body" > "$out"; else printf '%s\n' "$body"; fi
EOF
    chmod +x "$shim/bin/xdt-gen-visibility"
  fi

  # libxfce4ui >= 4.21.8 wanted; Debian 12 has 4.18.2: same headers and
  # libraries under the version the snapshot asks for
  local pc need="4.21.8"
  for pc in libxfce4ui-2 libxfce4kbd-private-3; do
    local have dir
    have="$(pkg-config --modversion "$pc" 2>/dev/null)" || { echo "configure: $pc not found (install libxfce4ui-2-dev)" >&2; return 1; }
    if [ "$(printf '%s\n%s\n' "$have" "$need" | sort -V | head -n1)" != "$need" ]; then
      dir="$(pkg-config --variable=pcfiledir "$pc")"
      sed "s/^Version:.*/Version: $need/" "$dir/$pc.pc" > "$shim/pkgconfig/$pc.pc" || return 1
    fi
  done

  PATH="$shim/bin:$PATH" PKG_CONFIG_PATH="$shim/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    meson setup "$b" . \
      -Dvisibility=false -Dintrospection=false -Dgtk-doc=false -Dtests=false \
      -Dgudev=disabled -Dlibcanberra=disabled -Dlibnotify=disabled -Dpolkit=disabled \
      -Dgexiv2=disabled -Dpcre2=enabled -Dterminal=enabled -Dthunar-tpa=enabled \
      -Dx11=enabled -Dsession-management=enabled -Dgio-unix=enabled \
    || return 1

  # generated headers and sources the units include (marshallers, gdbus
  # code, resources, enum types, thunarx-config.h, xfce-revision.h, ...)
  local gen
  gen="$(cd "$b" && ninja -t targets all 2>/dev/null \
          | sed -n 's/^\([^:]*\.[ch]\): CUSTOM_COMMAND.*/\1/p' | sort -u)"
  if [ -n "$gen" ]; then
    # shellcheck disable=SC2086
    (cd "$b" && PATH="$shim/bin:$PATH" nice -n 10 ninja -j2 $gen) || return 1
  fi
  [ -f "$b/compile_commands.json" ]
}
