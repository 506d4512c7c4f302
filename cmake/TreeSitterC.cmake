# TreeSitterC: the tree-sitter C grammar, fetched with npm at configure time.
#
#   include(TreeSitterC)
#   target_link_libraries(my_target PRIVATE fscheck_ts_c)
#
# Steps, each stopping the configure run with a message that says what failed:
#   1. `npm pack tree-sitter-c@<version>` into ${CMAKE_BINARY_DIR}/_deps/tree-sitter-c,
#      unless a verified tarball is already there (or FSCHECK_TS_C_TARBALL names one);
#   2. check the tarball against the sha512 integrity hash that the npm registry
#      publishes for that version (dist.integrity), hard-coded below;
#   3. extract the grammar sources next to the tarball (never into the source tree);
#   4. check that the grammar's LANGUAGE_VERSION (src/parser.c) lies in the range
#      the installed runtime accepts: TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION ..
#      TREE_SITTER_LANGUAGE_VERSION from tree_sitter/api.h. The macros are read
#      from the header because Debian's tree-sitter.pc carries a wrong version.
#
# Defines:
#   TreeSitter::TreeSitter        imported target: the tree-sitter runtime library
#   fscheck_ts_c                  static library with the grammar; its public
#                                 include dir has <tree_sitter/tree-sitter-c.h>
#                                 declaring `const TSLanguage *tree_sitter_c(void)`
#   TreeSitter_INCLUDE_DIR, TreeSitter_LIBRARY
#   TreeSitter_LANGUAGE_VERSION, TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION
#   FSCHECK_TS_C_VERSION          grammar package version (0.23.6)
#   FSCHECK_TS_C_LANGUAGE_VERSION grammar ABI version read from parser.c
#   FSCHECK_TS_C_SOURCE_DIR       the extracted package (LICENSE, src/)
#
# Options:
#   FSCHECK_TS_C_TARBALL          path of an already downloaded
#                                 tree-sitter-c-<version>.tgz to use instead of
#                                 npm (for offline builds); it is verified too.
include_guard(GLOBAL)
if(CMAKE_VERSION VERSION_LESS 3.18)
  message(FATAL_ERROR "TreeSitterC needs CMake 3.18 or later (file(ARCHIVE_EXTRACT))")
endif()

set(FSCHECK_TS_C_VERSION "0.23.6")
# `npm view tree-sitter-c@0.23.6 dist.integrity`
set(FSCHECK_TS_C_INTEGRITY
  "sha512-0dxXKznVyUA0s6PjNolJNs2yF87O5aL538A/eR6njA5oqX3C3vH4vnx3QdOKwuUdpKEcFdHuiDpRKLLCA/tjvQ==")

set(FSCHECK_TS_C_TARBALL "" CACHE FILEPATH
  "Local tree-sitter-c-${FSCHECK_TS_C_VERSION}.tgz to use instead of running npm pack")

# --- the tree-sitter runtime ---------------------------------------------------

find_path(TreeSitter_INCLUDE_DIR tree_sitter/api.h)
find_library(TreeSitter_LIBRARY NAMES tree-sitter)
mark_as_advanced(TreeSitter_INCLUDE_DIR TreeSitter_LIBRARY)
if(NOT TreeSitter_INCLUDE_DIR OR NOT TreeSitter_LIBRARY)
  message(FATAL_ERROR
    "TreeSitterC: the tree-sitter runtime was not found "
    "(tree_sitter/api.h: ${TreeSitter_INCLUDE_DIR}, libtree-sitter: ${TreeSitter_LIBRARY}). "
    "On Debian install libtree-sitter-dev (cmake/setup.sh does).")
endif()

file(STRINGS "${TreeSitter_INCLUDE_DIR}/tree_sitter/api.h" _fs_ts_api
  REGEX "^#define TREE_SITTER_(MIN_COMPATIBLE_)?LANGUAGE_VERSION +[0-9]+")
set(TreeSitter_LANGUAGE_VERSION "")
set(TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION "")
foreach(_fs_line IN LISTS _fs_ts_api)
  if(_fs_line MATCHES "^#define TREE_SITTER_LANGUAGE_VERSION +([0-9]+)")
    set(TreeSitter_LANGUAGE_VERSION "${CMAKE_MATCH_1}")
  elseif(_fs_line MATCHES "^#define TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION +([0-9]+)")
    set(TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION "${CMAKE_MATCH_1}")
  endif()
endforeach()
if(TreeSitter_LANGUAGE_VERSION STREQUAL "" OR TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION STREQUAL "")
  message(FATAL_ERROR
    "TreeSitterC: could not read TREE_SITTER_LANGUAGE_VERSION and "
    "TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION from "
    "${TreeSitter_INCLUDE_DIR}/tree_sitter/api.h")
endif()

if(NOT TARGET TreeSitter::TreeSitter)
  add_library(TreeSitter::TreeSitter UNKNOWN IMPORTED)
  set_target_properties(TreeSitter::TreeSitter PROPERTIES
    IMPORTED_LOCATION "${TreeSitter_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${TreeSitter_INCLUDE_DIR}")
endif()

# --- download and verify the grammar package ------------------------------------

# Hex digest to base64 (RFC 4648, with '=' padding), as npm's integrity strings use.
function(_fs_ts_hex_to_base64 hex out_var)
  set(_alphabet "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
  string(LENGTH "${hex}" _len)
  set(_b64 "")
  set(_i 0)
  while(_i LESS _len)
    string(SUBSTRING "${hex}" ${_i} 6 _chunk)
    string(LENGTH "${_chunk}" _clen)
    set(_pad 0)
    if(_clen EQUAL 4)
      set(_chunk "${_chunk}00")
      set(_pad 1)
    elseif(_clen EQUAL 2)
      set(_chunk "${_chunk}0000")
      set(_pad 2)
    endif()
    math(EXPR _v "0x${_chunk}")
    set(_n 0)
    foreach(_shift 18 12 6 0)
      math(EXPR _n "${_n} + 1")
      math(EXPR _limit "4 - ${_pad}")
      if(_n GREATER _limit)
        string(APPEND _b64 "=")
      else()
        math(EXPR _idx "(${_v} >> ${_shift}) & 63")
        string(SUBSTRING "${_alphabet}" ${_idx} 1 _c)
        string(APPEND _b64 "${_c}")
      endif()
    endforeach()
    math(EXPR _i "${_i} + 6")
  endwhile()
  set(${out_var} "${_b64}" PARENT_SCOPE)
endfunction()

# Sets out_var to the npm-style integrity string ("sha512-<base64>") of file.
function(_fs_ts_integrity file out_var)
  file(SHA512 "${file}" _hex)
  _fs_ts_hex_to_base64("${_hex}" _b64)
  set(${out_var} "sha512-${_b64}" PARENT_SCOPE)
endfunction()

set(_fs_ts_dir "${CMAKE_BINARY_DIR}/_deps/tree-sitter-c")
set(_fs_ts_tgz "${_fs_ts_dir}/tree-sitter-c-${FSCHECK_TS_C_VERSION}.tgz")
file(MAKE_DIRECTORY "${_fs_ts_dir}")

if(FSCHECK_TS_C_TARBALL)
  if(NOT EXISTS "${FSCHECK_TS_C_TARBALL}")
    message(FATAL_ERROR "TreeSitterC: FSCHECK_TS_C_TARBALL=${FSCHECK_TS_C_TARBALL} does not exist")
  endif()
  _fs_ts_integrity("${FSCHECK_TS_C_TARBALL}" _fs_ts_got)
  if(NOT _fs_ts_got STREQUAL FSCHECK_TS_C_INTEGRITY)
    message(FATAL_ERROR
      "TreeSitterC: ${FSCHECK_TS_C_TARBALL} is not tree-sitter-c ${FSCHECK_TS_C_VERSION} as "
      "published on npm:\n  expected ${FSCHECK_TS_C_INTEGRITY}\n  got      ${_fs_ts_got}")
  endif()
  configure_file("${FSCHECK_TS_C_TARBALL}" "${_fs_ts_tgz}" COPYONLY)
endif()

set(_fs_ts_have_tgz FALSE)
if(EXISTS "${_fs_ts_tgz}")
  _fs_ts_integrity("${_fs_ts_tgz}" _fs_ts_got)
  if(_fs_ts_got STREQUAL FSCHECK_TS_C_INTEGRITY)
    set(_fs_ts_have_tgz TRUE)
  else()
    message(STATUS "TreeSitterC: ${_fs_ts_tgz} does not verify; downloading it again")
    file(REMOVE "${_fs_ts_tgz}")
  endif()
endif()

if(NOT _fs_ts_have_tgz)
  find_program(FSCHECK_NPM_EXECUTABLE npm)
  mark_as_advanced(FSCHECK_NPM_EXECUTABLE)
  if(NOT FSCHECK_NPM_EXECUTABLE)
    message(FATAL_ERROR
      "TreeSitterC: npm is needed to fetch the tree-sitter-c ${FSCHECK_TS_C_VERSION} grammar "
      "but was not found. Run cmake/setup.sh (it installs nodejs and npm), or pass "
      "-DFSCHECK_TS_C_TARBALL=/path/to/tree-sitter-c-${FSCHECK_TS_C_VERSION}.tgz")
  endif()
  message(STATUS "TreeSitterC: npm pack tree-sitter-c@${FSCHECK_TS_C_VERSION}")
  execute_process(
    COMMAND "${FSCHECK_NPM_EXECUTABLE}" pack "tree-sitter-c@${FSCHECK_TS_C_VERSION}"
            --prefer-offline --ignore-scripts --no-update-notifier --no-fund --no-audit
            --loglevel=error
    WORKING_DIRECTORY "${_fs_ts_dir}"
    RESULT_VARIABLE _fs_ts_rc
    OUTPUT_VARIABLE _fs_ts_out
    ERROR_VARIABLE _fs_ts_err
    TIMEOUT 600)
  if(NOT _fs_ts_rc EQUAL 0 OR NOT EXISTS "${_fs_ts_tgz}")
    message(FATAL_ERROR
      "TreeSitterC: `npm pack tree-sitter-c@${FSCHECK_TS_C_VERSION}` failed in ${_fs_ts_dir} "
      "(exit status ${_fs_ts_rc}):\n${_fs_ts_out}${_fs_ts_err}\n"
      "Check that the npm registry is reachable, or pass "
      "-DFSCHECK_TS_C_TARBALL=/path/to/tree-sitter-c-${FSCHECK_TS_C_VERSION}.tgz")
  endif()
  _fs_ts_integrity("${_fs_ts_tgz}" _fs_ts_got)
  if(NOT _fs_ts_got STREQUAL FSCHECK_TS_C_INTEGRITY)
    file(RENAME "${_fs_ts_tgz}" "${_fs_ts_tgz}.rejected")
    message(FATAL_ERROR
      "TreeSitterC: integrity check FAILED for tree-sitter-c ${FSCHECK_TS_C_VERSION}: the "
      "downloaded tarball is not the one published on npm.\n"
      "  expected ${FSCHECK_TS_C_INTEGRITY}\n"
      "  got      ${_fs_ts_got}\n"
      "The file was kept as ${_fs_ts_tgz}.rejected; nothing from it is built.")
  endif()
endif()

# --- extract ----------------------------------------------------------------------

# Extracted once per verified tarball; the stamp records which one.
set(FSCHECK_TS_C_SOURCE_DIR "${_fs_ts_dir}/package")
set(_fs_ts_stamp "${_fs_ts_dir}/extracted.stamp")
set(_fs_ts_stamp_text "")
if(EXISTS "${_fs_ts_stamp}")
  file(READ "${_fs_ts_stamp}" _fs_ts_stamp_text)
endif()
if(NOT _fs_ts_stamp_text STREQUAL FSCHECK_TS_C_INTEGRITY
   OR NOT EXISTS "${FSCHECK_TS_C_SOURCE_DIR}/src/parser.c")
  file(REMOVE_RECURSE "${FSCHECK_TS_C_SOURCE_DIR}" "${_fs_ts_dir}/extract.tmp")
  file(ARCHIVE_EXTRACT INPUT "${_fs_ts_tgz}" DESTINATION "${_fs_ts_dir}/extract.tmp"
    PATTERNS "package/src" "package/LICENSE" "package/package.json")
  if(NOT EXISTS "${_fs_ts_dir}/extract.tmp/package/src/parser.c")
    message(FATAL_ERROR "TreeSitterC: ${_fs_ts_tgz} has no package/src/parser.c")
  endif()
  file(RENAME "${_fs_ts_dir}/extract.tmp/package" "${FSCHECK_TS_C_SOURCE_DIR}")
  file(REMOVE_RECURSE "${_fs_ts_dir}/extract.tmp")
  file(WRITE "${_fs_ts_stamp}" "${FSCHECK_TS_C_INTEGRITY}")
endif()

# --- ABI check ----------------------------------------------------------------------

file(STRINGS "${FSCHECK_TS_C_SOURCE_DIR}/src/parser.c" _fs_ts_lang
  REGEX "^#define LANGUAGE_VERSION +[0-9]+" LIMIT_COUNT 1)
if(NOT _fs_ts_lang MATCHES "LANGUAGE_VERSION +([0-9]+)")
  message(FATAL_ERROR
    "TreeSitterC: no LANGUAGE_VERSION in ${FSCHECK_TS_C_SOURCE_DIR}/src/parser.c")
endif()
set(FSCHECK_TS_C_LANGUAGE_VERSION "${CMAKE_MATCH_1}")
if(FSCHECK_TS_C_LANGUAGE_VERSION LESS TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION
   OR FSCHECK_TS_C_LANGUAGE_VERSION GREATER TreeSitter_LANGUAGE_VERSION)
  message(FATAL_ERROR
    "TreeSitterC: tree-sitter-c ${FSCHECK_TS_C_VERSION} is generated for language ABI "
    "${FSCHECK_TS_C_LANGUAGE_VERSION}, but the tree-sitter runtime in "
    "${TreeSitter_INCLUDE_DIR}/tree_sitter/api.h accepts ABI "
    "${TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION} to ${TreeSitter_LANGUAGE_VERSION}. "
    "Use a grammar version generated for that range, or a runtime that accepts it.")
endif()
message(STATUS
  "TreeSitterC: tree-sitter-c ${FSCHECK_TS_C_VERSION} (ABI ${FSCHECK_TS_C_LANGUAGE_VERSION}; "
  "runtime accepts ${TreeSitter_MIN_COMPATIBLE_LANGUAGE_VERSION}..${TreeSitter_LANGUAGE_VERSION})")

# --- the grammar library ------------------------------------------------------------

set(_fs_ts_include "${_fs_ts_dir}/include")
file(MAKE_DIRECTORY "${_fs_ts_include}/tree_sitter")
file(CONFIGURE OUTPUT "${_fs_ts_include}/tree_sitter/tree-sitter-c.h" CONTENT
"/* Generated by cmake/TreeSitterC.cmake: tree-sitter-c @FSCHECK_TS_C_VERSION@. */
#ifndef TREE_SITTER_C_H_
#define TREE_SITTER_C_H_

#include <tree_sitter/api.h>

#ifdef __cplusplus
extern \"C\" {
#endif

/* The C language. Static data owned by the library: never freed. */
const TSLanguage *tree_sitter_c(void);

#ifdef __cplusplus
}
#endif

#endif
" @ONLY)

set(_fs_ts_sources "${FSCHECK_TS_C_SOURCE_DIR}/src/parser.c")
if(EXISTS "${FSCHECK_TS_C_SOURCE_DIR}/src/scanner.c")
  list(APPEND _fs_ts_sources "${FSCHECK_TS_C_SOURCE_DIR}/src/scanner.c")
endif()

add_library(fscheck_ts_c STATIC ${_fs_ts_sources})
target_include_directories(fscheck_ts_c
  PRIVATE "${FSCHECK_TS_C_SOURCE_DIR}/src"
  PUBLIC "${_fs_ts_include}")
target_link_libraries(fscheck_ts_c PUBLIC TreeSitter::TreeSitter)
# Generated third-party code: its warnings are not ours to fix, so -Werror from
# the directory's options must not fail the build on them.
get_target_property(_fs_ts_opts fscheck_ts_c COMPILE_OPTIONS)
if(_fs_ts_opts)
  list(REMOVE_ITEM _fs_ts_opts -Werror)
  set_property(TARGET fscheck_ts_c PROPERTY COMPILE_OPTIONS ${_fs_ts_opts})
endif()
target_compile_options(fscheck_ts_c PRIVATE -w)
set_target_properties(fscheck_ts_c PROPERTIES
  C_STANDARD 11
  C_EXTENSIONS ON
  POSITION_INDEPENDENT_CODE ON)

unset(_fs_ts_api)
unset(_fs_line)
unset(_fs_ts_dir)
unset(_fs_ts_tgz)
unset(_fs_ts_got)
unset(_fs_ts_have_tgz)
unset(_fs_ts_rc)
unset(_fs_ts_out)
unset(_fs_ts_err)
unset(_fs_ts_stamp)
unset(_fs_ts_stamp_text)
unset(_fs_ts_lang)
unset(_fs_ts_include)
unset(_fs_ts_sources)
unset(_fs_ts_opts)
