#!/bin/sh
# What the build compiles, with both engines: an #if arm decided by a -D
# flag, by a config.h found along -I, and by the platform; a header found
# along -I by the tree-sitter engine; a Windows-only #define that must not
# change a Linux helper; a file only another platform builds left out of
# the index; the flags of CMake's CMAKE_C_CLANG_TIDY form winning over an
# ancestor's compilation database.
. "$(dirname "$0")/lib.sh"

P="$TMP/p"
mkdir -p "$P/src" "$P/include" "$P/build" "$P/util/win32"
: >"$P/.fscheck.yml"

# -- an arm decided by -D, -U, and by config.h -----------------------------
cat >"$P/src/size.c" <<'EOF2'
#include "config.h"
#include <sys/stat.h>

long regular_size(const char *p)
{
    struct stat st;
#ifdef CHECK_FIRST
    if (stat(p, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
#endif
    if (stat(p, &st) != 0)
        return -1;
    return (long)st.st_size;
}
EOF2
printf '#define CHECK_FIRST 1\n' >"$P/build/config.h"

for engine in clang tree-sitter; do
    in_dir "$P" "$TMP/d-$engine" --no-cache --engine=$engine src/size.c -- -DCHECK_FIRST
    expect_status 1 "$TMP/d-$engine" "$engine -DCHECK_FIRST"
    grep -q "^src/size.c:11:9: warning: .*\[FS102\]" "$TMP/d-$engine" || fail "$engine -DCHECK_FIRST: no FS102"
    # (build/config.h away: the project's own config.h would be found)
    mv "$P/build/config.h" "$P/build/config.h.off"
    in_dir "$P" "$TMP/u-$engine" --no-cache --engine=$engine src/size.c -- -UCHECK_FIRST
    expect_status 0 "$TMP/u-$engine" "$engine -UCHECK_FIRST"
    in_dir "$P" "$TMP/n-$engine" --no-cache --engine=$engine src/size.c
    expect_status 0 "$TMP/n-$engine" "$engine without flags (the arm may not be compiled)"
    mv "$P/build/config.h.off" "$P/build/config.h"
    # without flags, the project's config.h is found where it is
    in_dir "$P" "$TMP/g-$engine" --no-cache --engine=$engine src/size.c
    expect_status 1 "$TMP/g-$engine" "$engine, build/config.h found by its name"
    # config.h: the one in build/ comes first along -iquote
    in_dir "$P" "$TMP/c-$engine" --no-cache --engine=$engine src/size.c -- -iquote build
    expect_status 1 "$TMP/c-$engine" "$engine, build/config.h"
    printf '/* #undef CHECK_FIRST */\n' >"$P/build/config.h"
    in_dir "$P" "$TMP/c0-$engine" --no-cache --engine=$engine src/size.c -- -iquote build
    expect_status 0 "$TMP/c0-$engine" "$engine, build/config.h without it"
    printf '#define CHECK_FIRST 1\n' >"$P/build/config.h"
done

# -- a header along -I: the tree-sitter engine reads its macro -------------
cat >"$P/include/fileutil.h" <<'EOF2'
#include <unistd.h>
#define FILE_EXISTS(p) (access((p), F_OK) == 0)
EOF2
cat >"$P/src/open.c" <<'EOF2'
#include <stdio.h>
#include "fileutil.h"

FILE *open_config(const char *p)
{
    if (!FILE_EXISTS(p))
        return NULL;
    return fopen(p, "r");
}
EOF2
for engine in clang tree-sitter; do
    in_dir "$P" "$TMP/i-$engine" --no-cache --no-index --engine=$engine src/open.c -- -Iinclude
    expect_status 1 "$TMP/i-$engine" "$engine -Iinclude"
    grep -q "^src/open.c:6:10: warning: .*\[FS201\]" "$TMP/i-$engine" || fail "$engine -Iinclude: no FS201"
done

# -- a Windows-only #define, a Windows-only file ---------------------------
cat >"$P/util/compat.h" <<'EOF2'
#include <sys/stat.h>
#if defined(_WIN32) && !defined(__CYGWIN__)
# define UTIL_WIN32 1
#endif
#ifdef UTIL_WIN32
# define stat(p, b) win_stat(p, b)
#endif
EOF2
cat >"$P/util/path.c" <<'EOF2'
#include "compat.h"

int path_isdir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

int path_isfile(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}
EOF2
cat >"$P/util/win32/path_w32.c" <<'EOF2'
extern int win_lstat(const char *p);
int path_isdir(const char *p)
{
    return win_lstat(p) == 2;
}
EOF2
cat >"$P/src/use.c" <<'EOF2'
int path_isdir(const char *p);
int path_isfile(const char *p);

int kind(const char *p)
{
    if (path_isfile(p))
        return 1;
    else if (path_isdir(p))
        return 2;
    return 0;
}
EOF2
for engine in auto tree-sitter; do
    in_dir "$P" "$TMP/w-$engine" --no-cache --engine=$engine src/use.c util/path.c
    expect_status 1 "$TMP/w-$engine" "$engine: Linux helpers"
    grep -q "^src/use.c:8:14: warning: .*\[FS102\]" "$TMP/w-$engine" ||
        { cat "$TMP/w-$engine" "$TMP/w-$engine.err"; fail "$engine: the Windows-only #define or file hid path_isdir()"; }
done

# -- CMake's CMAKE_C_CLANG_TIDY form: the flags after the compiler win -----
cat >"$P/build/compile_commands.json" <<EOF2
[{"directory": "$P", "file": "$P/src/size.c", "arguments": ["cc", "-UCHECK_FIRST", "-c", "src/size.c"]}]
EOF2
for engine in clang tree-sitter; do
    in_dir "$P" "$TMP/k-$engine" --no-cache --engine=$engine src/size.c -- /usr/bin/cc -DCHECK_FIRST -o size.o -c src/size.c
    expect_status 1 "$TMP/k-$engine" "$engine, CMake form"
    # without the compiler word the ancestor's database is the unit's, as before
    in_dir "$P" "$TMP/db-$engine" --no-cache --engine=$engine src/size.c -- -DCHECK_FIRST
    expect_status 0 "$TMP/db-$engine" "$engine, the database's flags"
done

pass "arms decided by -D, config.h and platform; -I headers; platform-only code out of the index; CMake-form flags"
