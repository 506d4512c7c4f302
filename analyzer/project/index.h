/*
 * index.h - the project index: every .c and .h file under the project root
 * read with tree-sitter once, for
 *   - wrapper summaries across files (a file_exists() defined in one file and
 *     called in fifty others; wrappers of wrappers; macros that probe), fed
 *     to both engines, and
 *   - the prefilter: a translation unit whose main file (and the project
 *     headers it includes) holds no candidate function (one that uses a
 *     probe and another path operation, or a probe in a loop) cannot hold
 *     a finding, so libclang need not parse it.
 * The index is cached on disk keyed by each file's content: a second run
 * reads again only the files that changed (and those whose wrappers did).
 */
#ifndef FSCHECK_INDEX_H
#define FSCHECK_INDEX_H

#include "ir/summary.h"

typedef struct fs_index fs_index;

typedef struct fs_index_stats {
    int files;       /* .c and .h files under the root */
    int parsed;      /* of which read with tree-sitter in this run */
    int parses;      /* tree-sitter parses of them (a file may be parsed again, in part) */
    int from_cache;  /* of which taken from the cache */
    int unread;      /* of those, not read at all (lstat says as when cached) */
    double seconds;  /* time spent indexing */
    int cache_used;  /* a valid cache was found */
    int whole_result; /* the cache's result was the whole index: the same files, unchanged */
} fs_index_stats;

/* The project root for these inputs: the nearest common ancestor holding
 * .git, compile_commands.json or .fscheck.yml, else their common folder.
 * Caller frees. */
char *fs_project_root(char *const *inputs, int n);

/* What the index is at, for a progress line: step(arg, PASS, N, TOTAL,
 * FILE) before the N-th of the TOTAL files it parses in pass PASS (0 the
 * first; a later one lowers again what calls what changed), FILE relative
 * to the root.  Called on the thread that builds the index. */
typedef struct fs_index_progress {
    void (*step)(void *arg, int pass, int n, int total, const char *file);
    void *arg;
} fs_index_progress;

/* Index every .c and .h under root.  cache_file: where to read and write the
 * cache, or NULL for none; progress: NULL for none. Never fails: unreadable
 * files are left out. */
/* Which files the index reads: keep(arg, path, rel) says whether the file
 * at path (rel: relative to the root) is one the build compiles or a
 * header, and not excluded.  NULL: every .c and .h file. */
typedef struct fs_index_filter {
    int (*keep)(void *arg, const char *path, const char *rel);
    void *arg;
    const char *const *defines; /* -D / -U flags all of the build's units share: they decide #if arms
                                 * of every file the index reads (with the platform's macros) */
    int ndefines;
} fs_index_filter;

/* Files whose name says that only another platform compiles them: a
 * folder named win32, windows, vms, amiga, os2, msdos, darwin, macos,
 * freebsd, ... on the way, or a name ending in _win32, -windows, _darwin,
 * _freebsd, ... (as Go's build constraints by file name). */
int fs_index_other_platform_file(const char *rel);

fs_index *fs_index_build_filtered(const char *root, const char *cache_file, const fs_index_filter *filter,
                                  const fs_index_progress *progress, fs_index_stats *st);
fs_index *fs_index_build(const char *root, const char *cache_file, const fs_index_progress *progress,
                         fs_index_stats *st);
void fs_index_free(fs_index *ix);

/* The project's files, as the index walked them (absolute paths). */
int fs_index_nfiles(const fs_index *ix);
const char *fs_index_file_path(const fs_index *ix, int i);

/* Summaries of the project's non-static functions and probing macros. */
const fs_summaries *fs_index_summaries(const fs_index *ix);

/* The summaries a unit whose main file is abs_path sees, when they are not
 * fs_index_summaries(): a name that several files define, and that is a
 * wrapper only in some of them, is one in the units of a folder whose own
 * definitions agree (the program built there).  NULL: the project's
 * summaries as they are; else a table over them, which the caller deletes. */
fs_summaries *fs_index_summaries_for(const fs_index *ix, const char *abs_path);

/* Does some file of the project call setuid(), seteuid(), setreuid() or
 * setresuid()?  Then dropping an access() is never safe in it. */
int fs_index_uses_setuid(const fs_index *ix);

/* The project's platform macros (pp.h: names it defines only in arms the
 * target decides against), known undefined; not to free. */
const char *const *fs_index_platform_names(const fs_index *ix, int *n);

/* Can the translation unit of main file abs_path hold a finding?  1 when it
 * (or a project file it includes) holds a candidate function (one that uses
 * a probe and another path operation, or a probe inside a loop: the
 * index's text scan, project/index_cand.c), when its index record is
 * unknown, or when the file is not in the index. */
int fs_index_may_match(const fs_index *ix, const char *abs_path);

/* The text of a unit's main file for libclang, with the function bodies
 * that need no parse blanked (a malloc'd copy, of the same length and the
 * same lines), or NULL to parse it all: those that are no candidate, that
 * no kept body names (a callee, a callback, through the file's macros),
 * and that hold no preprocessor line.  NULL too when no body of the file is
 * a candidate (the unit is parsed for a header's). */
char *fs_index_trim(const fs_index *ix, const char *text, long len);

/* Without a compilation database: the folders the quoted #includes of the
 * unit of main file abs_path need (those the project's files say: a name
 * not beside its includer is the project file whose path ends with it,
 * nearest the includer), for its main file and the project headers it
 * reaches; sorted, in *dirs (to free, each and the array). */
void fs_index_guess_include_dirs(const fs_index *ix, const char *abs_path, char ***dirs, int *ndirs);

/* The quoted #include names, of no project file, that the unit of main
 * file abs_path may include (it or the project files it includes): in
 * *names (the caller frees the array, not the names), their number
 * returned.  Where the unit's include folders hold one, the unit may hold a
 * finding after all. */
int fs_index_unresolved(const fs_index *ix, const char *abs_path, const char ***names);

/* Can a file that a unit's flags include (`-include FILE`, `-imacros FILE`),
 * or a header outside the project that it includes, make the unit of main
 * file main_file hold a finding?  Its index entry when the index has it;
 * else 1 when a function it defines (or a file it includes beside it) does
 * a path operation, or a macro of it names one, and the main file uses that
 * name (a wrapper the unit learns of), or when the file cannot be read or
 * its functions cannot be told apart. */
int fs_index_forced_may_match(const fs_index *ix, const char *abs_path, const char *main_file);

/* The default cache file for a root: $FSCHECK_CACHE_DIR, $XDG_CACHE_HOME/fscheck
 * or ~/.cache/fscheck, one file per root.  Caller frees; NULL when none. */
char *fs_index_default_cache(const char *root);

#endif
