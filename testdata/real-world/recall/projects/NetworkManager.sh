# NetworkManager: where it comes from, what is studied, how to get its compilation database.
# Sourced, not run.

REPO="NetworkManager/NetworkManager"
COMMIT="355bc902994f8f616bc80dcb451455f7aeb6b809"
SCOPE=(src)
# vendored code (c-util / n-util libraries, the systemd fork), kernel header copies, and tests
EXCLUDE=(
  src/c-list src/c-rbtree src/c-siphash src/c-stdaux src/n-acd src/n-dhcp4
  src/libnm-systemd-core/src src/libnm-systemd-shared/src
  src/linux-headers src/nm-compat-headers
  src/libnm-client-test src/tests
  src/contrib/tests src/libnm-platform/tests src/libnm-client-aux-extern/tests
  src/nm-initrd-generator/tests src/libnm-core-aux-intern/tests src/nm-cloud-setup/tests
  src/libnmc-base/tests src/libnm-glib-aux/tests src/libnmc-setting/tests
  src/libnm-client-impl/tests src/nm-dispatcher/tests src/libnm-core-impl/tests
  src/core/ndisc/tests src/core/dnsmasq/tests src/core/dhcp/tests src/core/platform/tests
  src/core/settings/plugins/ifcfg-rh/tests src/core/settings/plugins/ifupdown/tests
  src/core/settings/plugins/keyfile/tests src/core/tests src/core/devices/bluetooth/tests
  src/core/devices/tests src/core/devices/wifi/tests src/core/devices/wwan/tests
  src/core/supplicant/tests
  src/libnm-glib-aux/nm-test-utils.h src/core/nm-test-utils-core.h
)

# What a new user would pass without building: the source include roots and GLib's folders.
NOBUILD_FLAGS=(
  -I. -Isrc -Isrc/core -Isrc/libnm-core-public -Isrc/libnm-client-public
  -I/usr/include/glib-2.0 -I/usr/lib/x86_64-linux-gnu/glib-2.0/include -I/usr/include/gio-unix-2.0
  -D_FILE_OFFSET_BITS=64
)

# meson setup with the optional features whose dependencies are small turned on (so that the
# ifcfg-rh, ifupdown, iwd, team, bluetooth, ppp, wwan code is compiled) and the heavy or
# unavailable ones off (docs, introspection, vala, Qt, polkit, libaudit, systemd, eBPF/CLAT,
# NBFT); then the generated sources (enum types, D-Bus skeletons: the .h and .c files the
# database names) are built, which takes a few minutes on two cores.
configure() {
  local b="$1"
  nice -n 10 meson setup "$b" \
    -Dtests=no -Ddocs=false -Dman=false -Dintrospection=false -Dvapi=false -Dqt=false \
    -Dselinux=true -Dsystemd_journal=false -Dsession_tracking=no \
    -Dsession_tracking_consolekit=true -Dsuspend_resume=consolekit -Dlibaudit=no \
    -Dpolkit=false -Dcrypto=nss -Dppp=true -Dpppd=/usr/sbin/pppd -Dmodem_manager=true \
    -Dmobile_broadband_provider_info_database=/usr/share/mobile-broadband-provider-info/serviceproviders.xml \
    -Difcfg_rh=true -Difupdown=true -Diwd=true -Dteamdctl=true -Dbluez5_dun=true -Dwext=force \
    -Debpf=false -Dclat=false -Dnbft=false -Dofono=true \
    -Dsystemdsystemunitdir=no -Dsystemdsystemgeneratordir=no -Dudev_dir=no \
    -Dfirewalld_zone=false -Dreadline=libreadline || return 1
  [ -f "$b/compile_commands.json" ] || return 1
  local gen
  gen=$(ninja -C "$b" -t targets all | sed -n 's/^\([^:]*\.[ch]\): CUSTOM_COMMAND$/\1/p')
  # shellcheck disable=SC2086
  nice -n 10 ninja -C "$b" -j2 $gen || return 1
}

DEBIAN_PACKAGES=(
  meson ninja-build pkg-config gcc perl python3
  libglib2.0-dev libglib2.0-dev-bin uuid-dev libudev-dev libdbus-1-dev libndp-dev
  libnss3-dev libgnutls28-dev libselinux1-dev libreadline-dev libnewt-dev libpsl-dev
  libcurl4-gnutls-dev libjansson-dev libmm-glib-dev ppp-dev libteam-dev libbluetooth-dev
)
