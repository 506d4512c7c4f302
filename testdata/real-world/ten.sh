#!/bin/bash
# Run fscheck on the ten projects of testdata/real-world.md with the file
# lists and flags of its section "Repeating the runs".
#
# usage: ten.sh [--diff] [--only NAME[,NAME...]] FSCHECK SRC CFG OUT
#   FSCHECK  the fscheck binary
#   SRC      folder with one folder per project (jq nginx htop libuv tmux
#            coreutils git curl neomutt irssi, and gnulib with gnulib's lib/)
#   CFG      the stub headers (testdata/real-world/stubs.py makes them)
#   OUT      written: NAME.json (--format=json), NAME.stderr, NAME.files (the
#            file list), NAME.status (exit status and times); with --diff also
#            NAME.diff (--diff --unsafe-fixes, a second run on a warm cache)
# Each project gets its own empty FSCHECK_CACHE_DIR (OUT/cache/NAME).
# JOBS (default 2) and NICE (default 10) set -j and the nice level; EXTRA
# (default none) adds options to each run (EXTRA=--no-prefilter).
set -u -o pipefail

diff=0 only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --diff) diff=1; shift ;;
    --only) only=",$2,"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
[[ $# -eq 4 ]] || { sed -n '2,14p' "$0" >&2; exit 2; }
abs() { (cd "$1" && pwd); }
FSCHECK=$(readlink -f "$1")
SRC=$(abs "$2") || exit 2
CFG=$(abs "$3") || exit 2
mkdir -p "$4" && OUT=$(abs "$4") || exit 2
JOBS=${JOBS:-2} NICE=${NICE:-10}
read -r -a extra <<< "${EXTRA:-}"
[[ -x "$FSCHECK" ]] || { echo "ten.sh: $FSCHECK is not executable" >&2; exit 2; }

# run NAME -- FLAGS...: the list is in $OUT/NAME.files, the cwd is $SRC/NAME
run() {
  local name=$1; shift; [[ "$1" == "--" ]] && shift
  local cache="$OUT/cache/$name"
  rm -rf "$cache"; mkdir -p "$cache"
  mapfile -t files < "$OUT/$name.files"
  local t0=$(date +%s.%N) rc
  FSCHECK_CACHE_DIR="$cache" nice -n "$NICE" "$FSCHECK" -j"$JOBS" "${extra[@]}" --format=json "${files[@]}" -- "$@" \
    > "$OUT/$name.json" 2> "$OUT/$name.stderr"
  rc=$?
  local t1=$(date +%s.%N)
  printf 'status %s\nfiles %s\nseconds %.1f\n' "$rc" "${#files[@]}" "$(echo "$t1 - $t0" | bc)" > "$OUT/$name.status"
  if [[ $diff -eq 1 ]]; then
    FSCHECK_CACHE_DIR="$cache" nice -n "$NICE" "$FSCHECK" -j"$JOBS" "${extra[@]}" --diff --unsafe-fixes "${files[@]}" -- "$@" \
      > "$OUT/$name.diff" 2> "$OUT/$name.diff.stderr"
    echo "diff_status $?" >> "$OUT/$name.status"
  fi
  local n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$OUT/$name.json" 2>/dev/null || echo "?")
  printf '%-10s exit %s, %s files, %s findings, %s\n' "$name" "$rc" "${#files[@]}" "$n" "$(sed -n 's/seconds /s=/p' "$OUT/$name.status")"
  if [[ $rc -ge 2 ]]; then echo "  stderr:" && tail -5 "$OUT/$name.stderr" | sed 's/^/  /'; fi
}

want() { [[ -z "$only" || "$only" == *",$1,"* ]]; }
enter() { cd "$SRC/$1" || { echo "ten.sh: no $SRC/$1" >&2; return 1; }; }

if want jq && enter jq; then
  ls src/*.c > "$OUT/jq.files"
  run jq -- -std=gnu11 -D_GNU_SOURCE -I"$CFG" -Isrc -I.
fi

if want nginx && enter nginx; then
  find src -name '*.c' | grep -vE 'win32|darwin|freebsd|solaris|/misc/|_perl|ngx_http_xslt|ngx_http_geoip|ngx_stream_geoip|ngx_http_image|ngx_google|ngx_cpp|ngx_eventport|ngx_kqueue|ngx_devpoll|ngx_iocp|ngx_win32|ngx_select|ngx_poll_module|ngx_openssl|_ssl' > "$OUT/nginx.files"
  mapfile -t incs < <(find src -type d | grep -v win32 | sed 's/^/-I/')
  run nginx -- -std=gnu11 -D_GNU_SOURCE -I"$CFG/nginx" "${incs[@]}" -I.
fi

if want htop && enter htop; then
  find . -name '*.c' | grep -vE '^\./(darwin|freebsd|dragonflybsd|netbsd|openbsd|solaris|unsupported|pcp)/' > "$OUT/htop.files"
  run htop -- -std=gnu11 -D_GNU_SOURCE -DHAVE_CONFIG_H -I"$CFG/htop" -I. -Ilinux
fi

if want libuv && enter libuv; then
  { find src -name '*.c' | grep -vE 'src/win/|aix|bsd|darwin|os390|sunos|ibmi|haiku|cygwin|hurd|qnx|bsd-|kqueue|fsevents|posix-poll|no-fsevents|no-proctitle|pthread-fixes'; find test -name '*.c'; } > "$OUT/libuv.files"
  run libuv -- -std=gnu11 -D_GNU_SOURCE -I"$CFG" -Iinclude -Isrc -Isrc/unix -Itest -I.
fi

if want tmux && enter tmux; then
  ls *.c > "$OUT/tmux.files"
  run tmux -- -std=gnu11 -D_GNU_SOURCE -include "$CFG/tmux/config.h" -I"$CFG/tmux" -I. -Icompat
fi

if want coreutils && enter coreutils; then
  ls src/*.c > "$OUT/coreutils.files"
  run coreutils -- -std=gnu11 -D_GNU_SOURCE -I"$CFG/coreutils" -Isrc -Ilib -Igl/lib -I"$SRC/gnulib/lib" -I.
fi

if want git && enter git; then
  ls *.c builtin/*.c refs/*.c odb/*.c | grep -vE '^(http|http-|remote-curl|imap-send)' > "$OUT/git.files"
  run git -- -std=gnu11 -D_GNU_SOURCE -DNO_OPENSSL -DSHA1_DC -DSHA256_BLK -DNO_CURL '-DPAGER_ENV="LESS=FRX LV=-c"' '-DGIT_LOCALE_PATH="share/locale"' '-DGIT_HTML_PATH="share/doc/git-doc"' '-DFALLBACK_RUNTIME_PREFIX="/usr"' '-DETC_GITCONFIG="/etc/gitconfig"' '-DETC_GITATTRIBUTES="/etc/gitattributes"' '-DDEFAULT_GIT_TEMPLATE_DIR="share/git-core/templates"' '-DGIT_EXEC_PATH="libexec/git-core"' '-DGIT_MAN_PATH="share/man"' '-DGIT_INFO_PATH="share/info"' '-DBINDIR="bin"' '-DPREFIX="/usr"' '-DGIT_HOST_CPU="x86_64"' -I. -Icompat
fi

if want curl && enter curl; then
  find lib src -name '*.c' | grep -v '/vquic/\|/vssh/\|/vtls/\|lib/vauth' > "$OUT/curl.files"
  run curl -- -std=gnu11 -D_GNU_SOURCE -DHAVE_CONFIG_H -DBUILDING_LIBCURL -I"$CFG/curl" -Iinclude -Ilib -Isrc -I.
fi

if want neomutt && enter neomutt; then
  find . -name '*.c' | grep -vE '^\./(test|fuzz|contrib|docs|autosetup)/|/(lua|notmuch|autocrypt|hcache|compress|conn/(gnutls|openssl|sasl|gsasl))' | grep -vE 'ncrypt/crypt_gpgme|ncrypt/gpgme|imap/auth_(sasl|gss|oauth)|nntp|pop/' | grep -v 'hcache\|gpgme\|debug/backtrace' > "$OUT/neomutt.files"
  run neomutt -- -std=gnu11 -D_GNU_SOURCE -include sys/types.h -I"$CFG/neomutt" -I.
fi

# the tree must be in a folder named irssi: its includes are "irssi/src/..."
if want irssi && enter irssi; then
  find src -name '*.c' | grep -vE 'src/perl|src/otr|src/fe-fuzz|tls' > "$OUT/irssi.files"
  mapfile -t incs < <(find src -type d | sed 's/^/-I/')
  run irssi -- -std=gnu11 -D_GNU_SOURCE -DHAVE_CONFIG_H -I"$CFG/irssi-root" -I"$CFG/irssi" -I/usr/include/glib-2.0 -I/usr/lib/x86_64-linux-gnu/glib-2.0/include -I"$SRC" -Isrc "${incs[@]}" -I.
fi
exit 0
