/*
 * run.h - analyse many translation units: worker threads (each with its own
 * libclang index), a deterministic merge, progress on a terminal, shards.
 */
#ifndef FSCHECK_RUN_H
#define FSCHECK_RUN_H

#include "project/compdb.h"
#include "project/driver.h"
#include "project/index.h"

typedef struct fs_run_opts {
    fs_driver_opts drv;  /* cflags/ncflags are those of units without a database entry */
    int jobs;            /* worker threads, >= 1 */
    int progress;        /* "[n/N] file" on stderr */
    int shard_i, shard_n;/* analyse only units with index % shard_n == shard_i - 1; 0: all */
    /* per unit: adjust the driver options (configuration file), and look at
     * the unit's findings once analysed (severities); either may be NULL */
    void (*prepare)(void *arg, int unit, fs_driver_opts *d);
    void (*finish)(void *arg, int unit, fs_findings *f);
    void *arg;
    const fs_index *index; /* with prefilter: units that cannot match are not parsed */
    int prefilter;
    int guess_includes;    /* units without a database entry get the include folders the
                            * index finds their quoted #includes in (fs_index_guess_include_dirs) */
} fs_run_opts;

/* Findings of all units, sorted and without duplicates; stats summed.
 * Output is the same for every number of jobs. */
void fs_run(const fs_units *units, const fs_run_opts *opts, fs_findings *out, fs_stats *stats);

/* Which units belong to shard i of n (1-based i). */
int fs_in_shard(int index, int shard_i, int shard_n);

#endif
