/*
 * driver.h - analyse files: parse, lower, summarize, run the rules.
 */
#ifndef FSCHECK_DRIVER_H
#define FSCHECK_DRIVER_H

#include "finding.h"
#include "rule.h"
#include "summary.h"

typedef enum fs_engine { FS_ENGINE_AUTO, FS_ENGINE_CLANG, FS_ENGINE_TS } fs_engine;

typedef struct fs_skipped {
    char *file;
    char *reason;
} fs_skipped;

typedef struct fs_stats {
    int files;          /* files analysed (also those with parse errors) */
    int functions;
    int parse_errors;   /* files with parse errors */
    int engine_clang, engine_ts;       /* files, by the engine that parsed them */
    int functions_clang, functions_ts; /* functions checked, by engine (auto: fallbacks are tree-sitter's) */
    int nothing_to_check; /* files the prefilter passed over */
    int functions_lost;   /* functions that could not be analysed at all (damaged, too deep) */
    fs_skipped *skipped;
    int nskipped, capskipped;
    /* files analysed only as far as they parse: reason "N parse errors; first: ..." */
    fs_skipped *partial;
    int npartial, cappartial;
    /* --shard: the header functions ("file:line") the shard checked, left out
     * of functions and functions_clang so that `fscheck merge` counts each
     * once however many shards checked it */
    char **shared;
    int nshared, capshared;
} fs_stats;

typedef struct fs_driver_opts {
    fs_engine engine;
    const char *const *cflags; /* flags for files without a compile command */
    int ncflags;
    const char *resource_dir;
    const fs_rule *const *rules;
    int nrules;
    int quiet;
    const fs_summaries *project; /* project-wide wrapper summaries, or NULL */
    const fs_summaries *declared; /* .fscheck.yml's wrappers: over project, and over what a
                                   * definition in the unit says; or NULL */
    int project_setuid;          /* a file of the project changes user ids (the index says) */
    const char *const *platform_names; /* the project's platform macros (pp.h), known undefined */
    int nplatform_names;
    int report_unused_suppressions; /* NOLINT comments that silence nothing are findings (FS000) */
    const char *directory;     /* working folder of the compile command, or NULL */
    /* Called before a function defined outside the main file (a header's) is
     * checked; returns 0 when another unit has it already.  NULL: check all. */
    int (*claim)(void *arg, const char *file, int line);
    void *claim_arg;
} fs_driver_opts;

/* Analyse one file; findings are appended to out.  Returns 0, or -1 when
 * the file was skipped (recorded in stats, named on stderr). */
int fs_analyze_file(const char *path, const fs_driver_opts *opts, fs_findings *out, fs_stats *stats);

void fs_stats_skip(fs_stats *st, const char *file, const char *reason);
/* A file that only partly parsed (its reason kept as given). */
void fs_stats_partial(fs_stats *st, const char *file, const char *reason);
/* What the run says of files that only partly parsed, or NULL when none
 * did (to free): a line for each of up to three, else one line that names
 * the most common first error. */
char *fs_stats_partial_summary(const fs_stats *st);
void fs_stats_free(fs_stats *st);
/* Skipped files sorted by name, shared functions sorted and unique: the
 * same stats whatever order the units were analysed in. */
void fs_stats_sort(fs_stats *st);

/* Read a whole regular file (never blocks on FIFOs or devices).  Returns
 * the contents (NUL-terminated, *len bytes) or NULL with *why set. */
char *fs_read_file(const char *path, long *len, const char **why);

#endif
