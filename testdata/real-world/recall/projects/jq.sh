# jq: command-line JSON processor (autotools).
# Sourced by recall.sh: where the project comes from, what is studied, and how
# to make its compilation database.
#
# src/ holds libjq and the jq program (src/lexer.c and src/parser.c are
# flex/bison output, committed).  src/inject_errors.c is the LD_PRELOAD
# error-injection shim used only by the tests (--enable-error-injection);
# it defines fopen/fclose/... itself, so it is left out.  vendor/ (decNumber,
# the oniguruma submodule), tests/, docs/ and build/ are outside the scope.
REPO="jqlang/jq"
COMMIT="579e6f76cffd7643ba4002a2c3618a5ea710589a"
SCOPE=(src)
EXCLUDE=(src/inject_errors.c)

# What a new user would guess without building: the source root (units
# include "src/..."), src/, and vendor/ (units include "decNumber/...").
# src/version.h, src/builtin.inc and src/config_opts.inc are generated, so
# they are not given.
NOBUILD_FLAGS=(-I. -Isrc -Ivendor -D_GNU_SOURCE)

configure() {
  local b="$1" src="$PWD"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)" || return 1
  # configure.ac takes its version from scripts/version, which needs a git
  # checkout; in an exported tree it fails and AC_INIT gets an empty version
  # (the build then uses that), which changes nothing in the sources' arms.
  if [ ! -x "$src/configure" ]; then
    (nice -n 10 autoreconf -fi) >"$b/autoreconf.log" 2>&1 ||
      { echo "jq: autoreconf failed, see $b/autoreconf.log" >&2; return 1; }
  fi
  # out-of-tree build: the system Oniguruma (the vendored submodule is not
  # in the tree), the bundled decNumber, no manual page or docs.
  if [ ! -f "$b/Makefile" ]; then
    (cd "$b" && nice -n 10 "$src/configure" --with-oniguruma=yes --enable-decnum \
        --disable-docs --disable-valgrind --disable-maintainer-mode) \
        >"$b/configure.log" 2>&1 ||
      { echo "jq: configure failed, see $b/configure.log" >&2; return 1; }
  fi
  # About 6 minutes on a busy 2-core machine (autoreconf and configure
  # included).  "make all": the generated files the units include (src/version.h,
  # src/builtin.inc, src/config_opts.inc: BUILT_SOURCES, made before
  # anything else), then libjq and jq; the database records each compile.
  # There is no config.h: configure's results are -D flags on each command.
  # "make clean" first, so that a second run records every unit again.
  (cd "$b" && make clean >/dev/null 2>&1;
   nice -n 10 bear --output "$b/compile_commands.json" -- make -k -j2) \
      >"$b/make.log" 2>&1
  [ -s "$b/compile_commands.json" ] && [ -f "$b/src/builtin.inc" ] && [ -f "$b/src/version.h" ] ||
    { echo "jq: no compile_commands.json, src/builtin.inc or src/version.h in $b, see $b/make.log" >&2; return 1; }
}

DEBIAN_PACKAGES=(autoconf automake libtool make gcc pkg-config bear libonig-dev)
