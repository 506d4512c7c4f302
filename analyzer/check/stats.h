/*
 * stats.h - what a run analysed, skipped and could only partly parse: kept by
 * the driver, said by every report format.
 */
#ifndef FSCHECK_STATS_H
#define FSCHECK_STATS_H

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
    int not_c;            /* units of a compilation database in another language (assembler, C++): skipped */
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

void fs_stats_skip(fs_stats *st, const char *file, const char *reason);
/* The same, with nothing said on stderr (the run says it once for many). */
void fs_stats_skip_unsaid(fs_stats *st, const char *file, const char *reason);
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

#endif
