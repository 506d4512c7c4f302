/*
 * index_private.h - what the files of the project index share (index.c,
 * index_table.c, index_cache.c); not for use outside them.
 */
#ifndef FSCHECK_INDEX_PRIVATE_H
#define FSCHECK_INDEX_PRIVATE_H

#include "project/index.h"
#include "base/pp.h"
#include "ir/calls.h"
#include "frontend/ixscan.h"
#include "project/compdb.h"
#include "project/driver.h"
#include "frontend/frontend.h"
#include "base/source.h"
#include "base/util.h"
#include "base/dirwalk.h"
#include "base/version.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FS_INDEX_FORMAT "fscheck-index"
#define FS_INDEX_VERSION 16
#define FS_INDEX_MAX_FILES 200000
#define FS_INDEX_ROUNDS 8
#define FS_INDEX_CACHE_DAYS 30 /* a root's cache files unused this long go (FSCHECK_CACHE_DAYS) */

typedef struct fs_strs {
    char **v;
    int n, cap;
} fs_strs;

/* A function of a file, for the call graph: whether it changes files
 * itself, and whom it calls. */
typedef struct fs_ix_fn {
    char *name;
    int is_static;
    int own_changes; /* a call of its own that creates, removes or writes */
    int derived;     /* a parameter is copied into a buffer (its summary waits for CHANGES) */
    fs_strs callees; /* project functions and macros it calls */
    fs_strs edges;   /* those of them it passes a parameter to */
    long lowered_at; /* the parse that lowered it last (0: from the cache) */
    long body_begin, body_end; /* offsets of its body's braces (-1: a macro, or unknown) */
} fs_ix_fn;

typedef struct fs_ix_file {
    char *path;   /* absolute */
    char *rel;    /* relative to the root (cache key) */
    unsigned long long hash;
    long size;
    /* what lstat said when the index walked the project; stamped: what it
     * said is older than the read by more than a clock tick, so the same
     * answer later means the same content (no need to read it again) */
    long long mtime_ns, ctime_ns;
    unsigned long long ino;
    long long st_size;
    int stamped;
    int loaded;   /* content known this run (read, or stamped as cached) */
    int fresh;    /* record valid (from the cache or parsed) */
    unsigned char cand; /* holds a function that can hold a finding, or may (index_cand.c) */
    fs_strs ids;      /* names called */
    fs_strs includes; /* #include names */
    fs_strs edges;    /* callees that get a parameter: their summaries shape ours */
    fs_summaries *sums;
    int *statics;     /* per summary: the function is static */
    int nstatics;
    fs_ix_fn *fns;
    int nfns;
    /* for the prefilter: the file's macros whose replacement names
     * something, with those names (a macro is a probe when one of them is:
     * `#define xstat stat`), and the names of the project's macros its
     * code uses */
    fs_strs macros;
    fs_strs *macro_ids; /* per macro */
    fs_strs uses;
    struct fs_ix_stamp {
        char *name;
        long at;
    } *stamps;       /* its functions whose summaries of parameters changed in this run, and when
                      * (a parse's sequence number) */
    int nstamps, capstamps;
} fs_ix_file;

/* A function name of the project: the files that define it for the
 * others, and when its summaries last changed (a parse's sequence number). */
typedef struct fs_ix_name {
    char *name;
    int *files;
    int nfiles, capfiles;
    long changed_at;
} fs_ix_name;

struct fs_index {
    char *root;
    fs_ix_file *files;
    int nfiles, capfiles;
    fs_summaries *global;
    fs_summaries *scoped; /* wrappers in one folder only: `file` is the folder (see fs_ix_scope) */
    fs_strs probes; /* names that probe (sorted) */
    fs_ix_name *names; /* open addressing by name */
    int capnames, nnames;
    fs_summaries *live; /* while building: each name's summaries in the file that defines it now */
    int *bypath;        /* file indexes sorted by path (fs_ix_find) */
    struct fs_ix_pos *byname; /* files sorted by base name, then index (fs_ix_by_suffix) */
    unsigned char *may_probe; /* per file: it, or a project file it includes (and so on), may hold a finding */
    fs_strs unres_names;      /* quoted #include names of no project file (sorted) */
    fs_strs weights;          /* "NAME dddddd": what a use of each name that weighs does, called and
                               * not (ops, probes, loops each) for the candidates (index_cand.c) */
    int **unres_of;           /* per file not may_probe: those it or a file it includes names, -1 ended */
    int uses_setuid;          /* some file calls setuid() or friends */
    fs_strs platform;         /* the project's platform macros (pp.h): known undefined (sorted) */
    fs_strs defines;          /* the -D / -U flags all of its units share (fs_index_filter) */
    const fs_index_filter *filter; /* while walking */
};


typedef struct fs_ix_pos {
    const char *name;
    int index;
} fs_ix_pos;

/* Parse one file with tree-sitter, lower its functions with the global
 * summaries until its own settle, and fill the record.  Functions are
 * lowered in file order, each with the summaries of those before it (C
 * defines a helper before its callers, mostly); then only the functions
 * that call one whose summary changed since are lowered again.
 *
 * With `only` (a record of the file at hand): only the functions named
 * there, and the functions of the file that pass a parameter to them, are
 * converted and lowered again; the others keep their summaries. */
/* What the text scan leaves out of a file's whole parse: the functions that
 * cannot have summaries (ixscan.h), with the names their bodies call. */
typedef struct fs_ix_skip {
    fs_strs names;    /* sorted, unique */
    fs_strs *callees; /* per name */
    unsigned char *changes; /* per name: calls a library function that changes files */
    long *bodies;     /* begin, end offsets of their bodies (not parsed) */
    int nbodies, capbodies;
} fs_ix_skip;

typedef struct fs_ix_def {
    const char *name;
    int file;
} fs_ix_def;

typedef struct fs_ix_edge {
    int callee, caller;
} fs_ix_edge;

/* Defined in one of index.c, index_table.c, index_cache.c and used in another;
 * each is described where it is defined. */
void fs_strs_add(fs_strs *s, const char *x);
void fs_strs_sort_unique(fs_strs *s);
int fs_strs_find(const fs_strs *s, const char *x);
int fs_strs_has(const fs_strs *s, const char *x);
void fs_strs_free(fs_strs *s);
long fs_ix_stamp(const fs_ix_file *f, const char *name);
const fs_ix_file *fs_ix_find(const fs_index *ix, const char *abs);
void fs_ix_note_statics(fs_ix_file *f, int from, int is_static);
void fs_ix_add_summary(fs_ix_file *f, const fs_summary *s, int is_static);
void fs_ix_clear_macros(fs_ix_file *f);
void fs_ix_clear_record(fs_ix_file *f);
void fs_scan_includes(const char *text, long len, fs_strs *out);
void fs_changed_names(const fs_summaries *a, const fs_summaries *b, fs_strs *out);
void fs_ix_skip_free(fs_ix_skip *k);
void fs_ix_parse(fs_ix_file *f, const char *text, long len, const fs_summaries *global, const fs_strs *only,
                        const fs_ix_skip *leave, long seq);
size_t fs_ix_dir_len(const char *rel);
void fs_ix_scope(fs_index *ix, const fs_ix_def *defs, int ndefs, const fs_summary *s);
void fs_ix_global(fs_index *ix);
void fs_ix_mark_file(fs_index *ix, int i, unsigned char *dirty, fs_strs *want);
int fs_ix_mark_dirty(fs_index *ix, unsigned char *dirty, fs_strs *want);
fs_ix_pos *fs_ix_users(const fs_index *ix, int *n);
void fs_ix_users_free(fs_ix_pos *v, int n);
fs_ix_name *fs_ix_name_get(fs_index *ix, const char *name);
void fs_ix_export(fs_index *ix, int i);
const fs_summaries *fs_ix_resolve(const void *arg, const char *name);
int fs_pos_first(const fs_ix_pos *v, int n, const char *name);
void fs_ix_closure(fs_index *ix, unsigned char *dirty, fs_strs *want, fs_strs *changed);
void fs_keep_changes(fs_ix_file *f, const fs_summaries *old);
int fs_read_strs(json_t *a, fs_strs *out);
void fs_ix_touch(const char *cache);
void fs_ix_prune(const char *cache);
void fs_ix_save(const fs_index *ix, const char *cache);
json_t *fs_ix_load(const char *cache, const fs_index *ix);
json_t *fs_ix_load_graph(const char *cache, json_t *doc);
void fs_ix_save_result(const fs_index *ix, const char *cache);
int fs_ix_from_result(fs_index *ix, const char *cache);
int fs_ix_stamp_matches(const fs_ix_file *f, json_t *c);
int fs_ix_from_cache(fs_ix_file *f, json_t *j);
int fs_ix_graph_from_cache(fs_ix_file *f, json_t *g);
void fs_ix_candidates(fs_index *ix, char **texts, const long *lens);
void fs_ix_unres_free(fs_index *ix);
void fs_ix_weights_free(fs_index *ix);
/* What a file outside the project (its text) may bring a unit that
 * includes it: the names of its functions whose bodies do a path operation
 * (wrappers the unit learns of) and of its macros whose replacements do,
 * added to *extra; -1 when it cannot say (a body that includes a file, one
 * whose name it does not see), else 0. */
int fs_ix_outside_candidate(const fs_index *ix, const char *t, long len, fs_strs *extra);

#endif
