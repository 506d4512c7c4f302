# libxml2: the XML parser library and its xmllint / xmlcatalog programs (CMake; meson and
# autotools builds also exist).
# Sourced by recall.sh: defines where the project comes from, what is studied,
# and how to make its compilation database.
#
# All the library sources sit at the top level of the tree, next to the test
# programs (test*.c, runtest.c, runsuite.c, runxmlconf.c), which are left out,
# as are fuzz/, python/, example/, codegen/ and doc/.  xmllint.c, lintmain.c
# and shell.c (xmllint) and xmlcatalog.c are studied with the library.
# CMake writes compile_commands.json, config.h and libxml/xmlversion.h (which
# holds the LIBXML_*_ENABLED feature macros) at configure time, so nothing
# needs to be built.  Options are CMake's defaults (zlib, ICU, readline,
# Python off; catalogs, HTML, reader, output, ... on) except that the tests are
# not configured and Schematron and the HTTP ABI stubs are on, so that
# schematron.c and nanohttp.c (neither has a path call) are in the database
# too: every studied .c file is.

REPO="GNOME/libxml2"
COMMIT="c8eaf2236ff16667970f96f3f01e119c99d38ab2"
# The studied sources are files at the top level, among the test programs
# and folders left out, so they are listed one by one (the library, then the
# xmllint and xmlcatalog programs are among them: lintmain.c xmllint.c
# shell.c xmlcatalog.c).
SCOPE=(HTMLparser.c HTMLtree.c SAX2.c buf.c c14n.c catalog.c chvalid.c debugXML.c dict.c encoding.c
       entities.c error.c globals.c hash.c lintmain.c list.c nanohttp.c parser.c parserInternals.c
       pattern.c relaxng.c schematron.c shell.c threads.c tree.c uri.c valid.c xinclude.c xlink.c
       xmlIO.c xmlcatalog.c xmllint.c xmlmemory.c xmlmodule.c xmlreader.c xmlregexp.c xmlsave.c
       xmlschemas.c xmlschemastypes.c xmlstring.c xmlwriter.c xpath.c xpointer.c)
EXCLUDE=()

# What a new user would guess without building: the top level (libxml.h) and
# the public and private include folders (config.h and libxml/xmlversion.h are
# generated, so they are missing, and with them HAVE_DECL_MMAP and the
# LIBXML_*_ENABLED feature macros).
NOBUILD_FLAGS=(-I. -Iinclude -D_GNU_SOURCE)

configure() {
  local b="$1" src="$PWD"
  mkdir -p "$b" || return 1
  b="$(cd "$b" && pwd)"
  nice -n 10 cmake -S "$src" -B "$b" \
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DLIBXML2_WITH_TESTS=OFF -DLIBXML2_WITH_PROGRAMS=ON \
      -DLIBXML2_WITH_PYTHON=OFF -DLIBXML2_WITH_DOCS=OFF \
      -DLIBXML2_WITH_SCHEMATRON=ON -DLIBXML2_WITH_HTTP=ON \
      >"$b/cmake.log" 2>&1 ||
    { echo "libxml2: cmake failed, see $b/cmake.log" >&2; return 1; }
  [ -s "$b/compile_commands.json" ] && [ -f "$b/config.h" ] && [ -f "$b/libxml/xmlversion.h" ] ||
    { echo "libxml2: no compile_commands.json, config.h or libxml/xmlversion.h in $b" >&2; return 1; }
}

DEBIAN_PACKAGES=(cmake make gcc libc6-dev pkg-config)
