/*
 * compdb.h - translation units: from compile_commands.json (through
 * libclang's compilation-database API) or from files and shared flags.
 */
#ifndef FSCHECK_COMPDB_H
#define FSCHECK_COMPDB_H

#include "base/path.h"

typedef struct fs_unit {
    char *file;       /* absolute path of the main file */
    char *shown;      /* the name reported: as given, or relative to the current folder */
    char *directory;  /* working folder of the compile command, or NULL */
    char **args;      /* compiler flags (no compiler, -c, -o, source, -M*) */
    int nargs;
    int from_db;      /* 1 when the flags come from a compilation database */
} fs_unit;

typedef struct fs_units {
    fs_unit *v;
    int n, cap;
} fs_units;

typedef struct fs_compdb fs_compdb;

/* Load dir/compile_commands.json.  Returns NULL with *err set (caller
 * frees) when it is missing or malformed; the message names the problem. */
fs_compdb *fs_compdb_load(const char *dir, char **err);
/* The same; once the file is known to be well formed, and before libclang
 * reads it, checked(arg, files, n) is told its entries' files (absolute,
 * in the file's order; they are freed after the call), and the -D / -U
 * flags all of them share (fs_shared_defines). */
typedef void (*fs_compdb_checked)(void *arg, char *const *files, int n, char *const *defines, int ndefines);
fs_compdb *fs_compdb_load_then(const char *dir, char **err, fs_compdb_checked checked, void *arg);
void fs_compdb_free(fs_compdb *db);
const char *fs_compdb_dir(const fs_compdb *db);

/* Every unit of the database, sorted by file. */
void fs_compdb_all(const fs_compdb *db, fs_units *out);
/* The unit of one file (absolute path), or 0 when the database lacks it. */
int fs_compdb_lookup(const fs_compdb *db, const char *abs_file, fs_unit *out);

/* Where a database for `file` is: the nearest of its folder and ancestors
 * holding compile_commands.json, or their build/ subfolder.  NULL if none;
 * caller frees. */
char *fs_compdb_discover(const char *file);

/* Remove what a compile command has that libclang must not see: -c,
 * -o FILE, the source file (source_abs, with relative arguments taken
 * against directory), dependency-file options.  Removed strings are freed. */
void fs_clean_args(char **args, int *nargs, const char *source_abs, const char *directory);

/* clang-tidy's --extra-arg-before and --extra-arg: flags put before and
 * after the command of each unit that has one from a database (copied). */
void fs_units_add_args(fs_units *us, char *const *before, int nbefore, char *const *after, int nafter);

void fs_unit_free(fs_unit *u);
/* The -D and -U flags (as "-DNAME", "-DNAME=VALUE", "-UNAME") that every
 * one of the n argument vectors has, sorted, in *out (to free, each and the
 * array): what the project index may decide #if arms by, for every unit. */
void fs_shared_defines(char *const *const *argvs, const int *argcs, int n, char ***out, int *nout);
/* Why unit u is not C (its name or a -x option says assembler, C++,
 * Objective-C), or NULL when it is. */
const char *fs_unit_not_c(const fs_unit *u);
void fs_units_free(fs_units *us);


#endif
