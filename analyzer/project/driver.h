/*
 * driver.h - analyse files: parse, lower, summarize, run the rules.
 */
#ifndef FSCHECK_DRIVER_H
#define FSCHECK_DRIVER_H

#include "check/finding.h"
#include "check/stats.h"
#include "check/rule.h"
#include "ir/summary.h"

typedef enum fs_engine { FS_ENGINE_AUTO, FS_ENGINE_CLANG, FS_ENGINE_TS } fs_engine;

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
    /* For libclang: the main file's text with the bodies that need no
     * parse blanked (a malloc'd copy of the same length and lines), or NULL
     * to parse it all.  NULL: parse it all. */
    char *(*trim)(void *arg, const char *text, long len);
    void *trim_arg;
} fs_driver_opts;

/* Analyse one file; findings are appended to out.  Returns 0, or -1 when
 * the file was skipped (recorded in stats, named on stderr). */
int fs_analyze_file(const char *path, const fs_driver_opts *opts, fs_findings *out, fs_stats *stats);

#endif
