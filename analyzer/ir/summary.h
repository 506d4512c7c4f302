/*
 * summary.h - what a project function or macro does to its path parameter.
 *
 * A function whose path parameter reaches a probe (or an open, create,
 * remove) on every path through it is that operation at its call sites
 * ("wrapper"); one that may change the file on some paths is FS_OP_MAYBE.
 */
#ifndef FSCHECK_SUMMARY_H
#define FSCHECK_SUMMARY_H

#include "ir/ir.h"

/* Function-level entries (param < 0): the function is defined in the
 * project (FS_SUMMARY_DEFINED), and it may change some file
 * (FS_SUMMARY_CHANGES: writes, child processes, creates or removes), it
 * returns on no path (FS_SUMMARY_NORETURN: exit(), die(), an endless loop). */
enum { FS_SUMMARY_CHANGES = -1, FS_SUMMARY_DEFINED = -2, FS_SUMMARY_NORETURN = -3 };
/* It returns on no path when its parameter k (< FS_SUMMARY_WHEN_PARAMS) is
 * nonzero (or zero): a selector its body tests (`if (doexit) exit(code);`),
 * resolved at each call where that argument is a constant. */
#define FS_SUMMARY_WHEN_PARAMS 32
#define FS_SUMMARY_NORETURN_WHEN(k, nonzero) (-16 - 2 * (k) - ((nonzero) ? 1 : 0))
#define FS_SUMMARY_LOWEST (FS_SUMMARY_NORETURN_WHEN(FS_SUMMARY_WHEN_PARAMS - 1, 1))
/* For param = FS_SUMMARY_NORETURN_WHEN(k, nonzero): 1, and k and nonzero set; else 0. */
int fs_summary_noreturn_when(int param, int *k, int *nonzero);

typedef struct fs_summary {
    char *name;
    int param;  /* 0-based index of the path parameter */
    fs_op op;   /* what a call does to that argument */
    char *file; /* where the function is defined */
    int line;
} fs_summary;

struct fs_summaries {
    fs_summary *v;
    int n, cap;
    int *hash; /* open addressing over v, by name: first index of a name, -1 empty */
    int hcap;
    int *nextidx; /* per entry: the next entry of the same name, -1 */
    const struct fs_summaries *parent; /* looked up under this table's own entries, not owned */
    /* a table of no entries of its own may find each name's in a table
     * chosen per name (the project index: the file that defines it) */
    const struct fs_summaries *(*resolve)(const void *arg, const char *name);
    const void *resolve_arg;
};

#ifndef FSCHECK_SUMMARIES_TYPEDEF
#define FSCHECK_SUMMARIES_TYPEDEF
typedef struct fs_summaries fs_summaries;
#endif

fs_summaries *fs_summaries_new(void);
/* An empty table over `parent`: find/next see its own entries, then the
 * parent's of a (name, parameter) it does not have itself, as if merged
 * (fs_summaries_merge) but without a copy.  equal and merge look at own
 * entries only.  The parent must outlive it. */
fs_summaries *fs_summaries_new_over(const fs_summaries *parent);
/* An empty table whose lookups of a name go to resolve(arg, name) (a table
 * without parent), or find nothing when it returns NULL. */
fs_summaries *fs_summaries_new_resolver(const fs_summaries *(*resolve)(const void *arg, const char *name),
                                        const void *arg);
void fs_summaries_delete(fs_summaries *self);
void fs_summaries_clear(fs_summaries *self);
/* Copies s (name and file are duplicated). */
void fs_summaries_add(fs_summaries *self, const fs_summary *s);
/* The first summary of function `name`, then the next ones of the same name. */
const fs_summary *fs_summaries_find(const fs_summaries *self, const char *name);
const fs_summary *fs_summaries_next(const fs_summaries *self, const fs_summary *prev);
/* Same content (order-insensitive)? */
int fs_summaries_equal(const fs_summaries *a, const fs_summaries *b);
/* The same operation, field by field. */
int fs_op_equal(const fs_op *a, const fs_op *b);
/* Call node n changes a file by itself: an operation that creates, removes
 * or changes its path argument, or a C library call that writes (not a
 * project function that changes something elsewhere). */
int fs_node_changes_here(const fs_node *n);
/* Adds every summary of src that dst lacks (by name and param). */
void fs_summaries_merge(fs_summaries *dst, const fs_summaries *src);

/* Summarize function fn (lowered) into out: one entry per path parameter. */
void fs_summarize(const fs_func *fn, fs_summaries *out);

/* Why pointer parameter variable var of fn (lowered) is no wrapper's path:
 * a sentence into buf ("the return on line 12 is reached without a call on
 * it").  For --explain-function. */
void fs_param_why_not(const fs_func *fn, int var, char *buf, size_t n);

/* What op does to a path, in words ("an existence check (access F_OK), true
 * when the path exists"). */
void fs_op_describe(const fs_op *op, char *buf, size_t n);

#endif
