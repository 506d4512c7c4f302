# FindLibClang: locate libclang (the C API) of one LLVM version.
#
# Input (cache) variables:
#
#   LIBCLANG_LLVM_VERSION   LLVM major version to use: 14 (default, Debian 12's
#                           libclang-dev), 19 or 22 (libclang-19-dev,
#                           libclang-22-dev).
#   LIBCLANG_LLVM_PREFIX    installation prefix of that LLVM
#                           (default: /usr/lib/llvm-${LIBCLANG_LLVM_VERSION}).
#
# Result variables:
#
#   LibClang_FOUND          TRUE when the library, its headers and the builtin
#                           headers of the same version were all found.
#   LibClang_VERSION        full LLVM version, e.g. 14.0.6 or 19.1.7.
#   LibClang_VERSION_MAJOR  its major part, e.g. 14.
#   LibClang_CINDEX_VERSION libclang C API version from clang-c/Index.h, e.g. 0.62.
#   LibClang_INCLUDE_DIR    directory holding clang-c/Index.h.
#   LibClang_LIBRARY        the libclang shared library.
#   LibClang_LIBRARY_FILE   the file it names, all links followed.
#   LibClang_SONAME         the name it is loaded by at run time (its SONAME).
#   LibClang_RESOURCE_DIR   <prefix>/lib/clang/<ver>: the resource directory whose
#                           include/ holds the builtin headers (stddef.h, ...)
#                           of the same LLVM version as the library. LLVM 14
#                           names it after the full version (14.0.6), LLVM 16
#                           and later after the major version only (19).
#
# Imported target:
#
#   LibClang::LibClang      the library with its include directory.

set(LIBCLANG_LLVM_VERSION "14" CACHE STRING "LLVM major version of libclang to build against")
set_property(CACHE LIBCLANG_LLVM_VERSION PROPERTY STRINGS 14 19 22)
if(NOT LIBCLANG_LLVM_VERSION MATCHES "^[0-9]+$")
  message(FATAL_ERROR
    "LIBCLANG_LLVM_VERSION must be an LLVM major version such as 14, 19 or 22, "
    "not '${LIBCLANG_LLVM_VERSION}'")
endif()
set(LIBCLANG_LLVM_PREFIX "/usr/lib/llvm-${LIBCLANG_LLVM_VERSION}" CACHE PATH
  "Installation prefix of the LLVM whose libclang is used")

# The prefix default follows the version; when the version changes between two
# configure runs, forget the prefix and the results found for the old one.
if(DEFINED _LibClang_CACHED_VERSION
   AND NOT _LibClang_CACHED_VERSION STREQUAL LIBCLANG_LLVM_VERSION)
  if(LIBCLANG_LLVM_PREFIX STREQUAL "/usr/lib/llvm-${_LibClang_CACHED_VERSION}")
    set_property(CACHE LIBCLANG_LLVM_PREFIX PROPERTY VALUE "/usr/lib/llvm-${LIBCLANG_LLVM_VERSION}")
  endif()
endif()
if(DEFINED _LibClang_CACHED_PREFIX
   AND NOT _LibClang_CACHED_PREFIX STREQUAL LIBCLANG_LLVM_PREFIX)
  unset(LibClang_INCLUDE_DIR CACHE)
  unset(LibClang_LIBRARY CACHE)
  unset(LibClang_LLVM_CONFIG CACHE)
endif()
set(_LibClang_CACHED_VERSION "${LIBCLANG_LLVM_VERSION}" CACHE INTERNAL "")
set(_LibClang_CACHED_PREFIX "${LIBCLANG_LLVM_PREFIX}" CACHE INTERNAL "")

set(_fs_llvm_prefix "${LIBCLANG_LLVM_PREFIX}")
set(_fs_llvm_major "${LIBCLANG_LLVM_VERSION}")

find_path(LibClang_INCLUDE_DIR clang-c/Index.h
  PATHS "${_fs_llvm_prefix}/include" NO_DEFAULT_PATH)
find_library(LibClang_LIBRARY NAMES clang "clang-${_fs_llvm_major}"
  PATHS "${_fs_llvm_prefix}/lib" NO_DEFAULT_PATH)
find_program(LibClang_LLVM_CONFIG llvm-config
  PATHS "${_fs_llvm_prefix}/bin" NO_DEFAULT_PATH)
mark_as_advanced(LibClang_INCLUDE_DIR LibClang_LIBRARY LibClang_LLVM_CONFIG)

# C API version (not the LLVM version): CINDEX_VERSION_MAJOR.CINDEX_VERSION_MINOR.
set(LibClang_CINDEX_VERSION "")
if(LibClang_INCLUDE_DIR)
  file(STRINGS "${LibClang_INCLUDE_DIR}/clang-c/Index.h" _fs_cindex
    REGEX "^#define CINDEX_VERSION_(MAJOR|MINOR) [0-9]+")
  if(_fs_cindex MATCHES "CINDEX_VERSION_MAJOR ([0-9]+)")
    set(_fs_cindex_major "${CMAKE_MATCH_1}")
    if(_fs_cindex MATCHES "CINDEX_VERSION_MINOR ([0-9]+)")
      set(LibClang_CINDEX_VERSION "${_fs_cindex_major}.${CMAKE_MATCH_1}")
    endif()
  endif()
endif()

# Full LLVM version, from the first source that gives one:
#   1. llvm-config --version (only when the llvm-N package is installed);
#   2. CLANG_VERSION_STRING in clang/Basic/Version.inc (shipped by libclang-N-dev);
#   3. a resource directory named after the full version (LLVM 14 and older);
#   4. the versioned library link, e.g. libclang-19.1.7.so.
set(LibClang_VERSION "")
if(LibClang_LLVM_CONFIG)
  execute_process(COMMAND "${LibClang_LLVM_CONFIG}" --version
    OUTPUT_VARIABLE _fs_out RESULT_VARIABLE _fs_rc
    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(_fs_rc EQUAL 0 AND _fs_out MATCHES "^([0-9]+\\.[0-9]+\\.[0-9]+)")
    set(LibClang_VERSION "${CMAKE_MATCH_1}")
  endif()
endif()
if(NOT LibClang_VERSION)
  set(_fs_inc "${_fs_llvm_prefix}/include/clang/Basic/Version.inc")
  if(EXISTS "${_fs_inc}")
    file(STRINGS "${_fs_inc}" _fs_out REGEX "^#define CLANG_VERSION_STRING ")
    if(_fs_out MATCHES "\"([0-9]+\\.[0-9]+\\.[0-9]+)")
      set(LibClang_VERSION "${CMAKE_MATCH_1}")
    endif()
  endif()
endif()
if(NOT LibClang_VERSION)
  file(GLOB _fs_names RELATIVE "${_fs_llvm_prefix}/lib/clang"
    "${_fs_llvm_prefix}/lib/clang/${_fs_llvm_major}.*")
  foreach(_fs_name IN LISTS _fs_names)
    if(_fs_name MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
      set(LibClang_VERSION "${_fs_name}")
    endif()
  endforeach()
endif()
if(NOT LibClang_VERSION)
  file(GLOB _fs_names RELATIVE "${_fs_llvm_prefix}/lib"
    "${_fs_llvm_prefix}/lib/libclang-${_fs_llvm_major}.*.so"
    "${_fs_llvm_prefix}/lib/libclang-${_fs_llvm_major}.so.${_fs_llvm_major}.*")
  foreach(_fs_name IN LISTS _fs_names)
    if(_fs_name MATCHES "([0-9]+\\.[0-9]+\\.[0-9]+)")
      set(LibClang_VERSION "${CMAKE_MATCH_1}")
    endif()
  endforeach()
endif()

set(LibClang_VERSION_MAJOR "")
if(LibClang_VERSION MATCHES "^([0-9]+)\\.")
  set(LibClang_VERSION_MAJOR "${CMAKE_MATCH_1}")
  if(NOT LibClang_VERSION_MAJOR STREQUAL _fs_llvm_major)
    message(WARNING
      "FindLibClang: ${_fs_llvm_prefix} reports LLVM ${LibClang_VERSION}, "
      "but LIBCLANG_LLVM_VERSION is ${_fs_llvm_major}")
  endif()
endif()

# Resource directory of the same version: lib/clang/<full version> (LLVM <= 15)
# or lib/clang/<major> (LLVM >= 16), holding include/stddef.h. Directories of
# other versions that may sit beside it are never taken.
set(LibClang_RESOURCE_DIR "")
set(_fs_candidates "")
if(LibClang_VERSION)
  list(APPEND _fs_candidates "${LibClang_VERSION}")
endif()
list(APPEND _fs_candidates "${_fs_llvm_major}")
file(GLOB _fs_names RELATIVE "${_fs_llvm_prefix}/lib/clang"
  "${_fs_llvm_prefix}/lib/clang/${_fs_llvm_major}.*")
list(SORT _fs_names COMPARE NATURAL ORDER DESCENDING)
list(APPEND _fs_candidates ${_fs_names})
foreach(_fs_name IN LISTS _fs_candidates)
  set(_fs_dir "${_fs_llvm_prefix}/lib/clang/${_fs_name}")
  if(EXISTS "${_fs_dir}/include/stddef.h")
    set(LibClang_RESOURCE_DIR "${_fs_dir}")
    break()
  endif()
endforeach()

if(NOT LibClang_VERSION AND LibClang_RESOURCE_DIR)
  get_filename_component(LibClang_VERSION "${LibClang_RESOURCE_DIR}" NAME)
  set(LibClang_VERSION_MAJOR "${_fs_llvm_major}")
endif()

set(_fs_hint "")
if(NOT LibClang_LIBRARY OR NOT LibClang_INCLUDE_DIR OR NOT LibClang_RESOURCE_DIR)
  string(CONCAT _fs_hint
    "looked in ${_fs_llvm_prefix}. On Debian install libclang-${_fs_llvm_major}-dev "
    "(libclang-dev for LLVM 14), or choose another version with -DLIBCLANG_LLVM_VERSION=N")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang
  REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR LibClang_RESOURCE_DIR
  VERSION_VAR LibClang_VERSION
  REASON_FAILURE_MESSAGE "${_fs_hint}")

# fscheck loads libclang when it needs it (dlopen): the library's file, and
# the name it goes by at run time (its SONAME, e.g. libclang-14.so.13).
set(LibClang_LIBRARY_FILE "")
set(LibClang_SONAME "")
if(LibClang_LIBRARY)
  get_filename_component(LibClang_LIBRARY_FILE "${LibClang_LIBRARY}" REALPATH)
  find_program(LibClang_READELF NAMES readelf "${CMAKE_READELF}")
  mark_as_advanced(LibClang_READELF)
  if(LibClang_READELF)
    execute_process(COMMAND "${LibClang_READELF}" -d "${LibClang_LIBRARY_FILE}"
      OUTPUT_VARIABLE _fs_out RESULT_VARIABLE _fs_rc ERROR_QUIET)
    if(_fs_rc EQUAL 0 AND _fs_out MATCHES "\\(SONAME\\)[^[]*\\[([^]]+)\\]")
      set(LibClang_SONAME "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(NOT LibClang_SONAME)
    get_filename_component(LibClang_SONAME "${LibClang_LIBRARY_FILE}" NAME)
  endif()
endif()

if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES
    IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}")
endif()

unset(_fs_llvm_prefix)
unset(_fs_llvm_major)
unset(_fs_cindex)
unset(_fs_cindex_major)
unset(_fs_out)
unset(_fs_rc)
unset(_fs_inc)
unset(_fs_names)
unset(_fs_name)
unset(_fs_candidates)
unset(_fs_dir)
unset(_fs_hint)
