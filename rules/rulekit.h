/* rulekit.h - small helpers shared by the rule files (rules/ only). */
#ifndef FSCHECK_RULEKIT_H
#define FSCHECK_RULEKIT_H

#include "check/rule.h"

#include <stdio.h>
#include <stdlib.h>

/* Adds "what: NAME() at line N" notes for the calls in v[from..n). */
static inline void fs_note_calls(fs_finding *f, const fs_ctx *ctx, const int *v, int from, int n, const char *what)
{
    char name[128], msg[256];
    for (int i = from; i < n; i++) {
        const fs_node *b = fs_ctx_node(ctx, v[i]);
        char *p = fs_node_path(ctx, b);
        snprintf(msg, sizeof msg, "%s %s %s here", p, what, fs_call_name(b, name, sizeof name));
        fs_finding_add_related(f, b->file ? b->file : fs_ctx_func(ctx)->file, b->range.begin.line,
                               b->range.begin.col, msg);
        free(p);
    }
}

/* The pair rules (FS101, FS201, FS202, FS301, FS302): for each call a that
 * `first` accepts, the nearest later calls on its path that `second`
 * accepts; a is reported with the first of them (the others become notes
 * "PATH <verb> NAME() here"), and `report` writes the message and the fix. */
typedef struct fs_pair_names {
    char first[96], second[96]; /* "access()", "is_dir()" */
    int line;                   /* of the second call */
} fs_pair_names;

typedef struct fs_pair_spec {
    int (*first)(fs_ctx *ctx, int a);
    int (*second)(fs_ctx *ctx, int a, int b);
    const char *verb;
    void (*report)(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *names);
    const char *message; /* without report: the message, a format of the path expression,
                          * the first call, the second and the second's line */
    void (*fix)(fs_ctx *ctx, fs_finding *f, int a, int b); /* after report; NULL: no fix */
    fs_outcome on; /* the probe's outcome the rule follows: the path need be unchanged on its ways
                    * only (FS_OUT_UNKNOWN: on every way) */
} fs_pair_spec;

void fs_pairs(fs_ctx *ctx, const fs_pair_spec *spec);

/* A rule made of pairs: its check (fs_pairs over the fs_pair_spec that the
 * designated initializers after CWE make) and its descriptor SYM, with the
 * fields of fs_rule. */
#define FS_PAIR_RULE(SYM, ID, NAME, SUMMARY, SEVERITY, CWE, ...)                  \
    static void SYM##_check(fs_ctx *ctx)                                          \
    {                                                                             \
        static const fs_pair_spec spec = { __VA_ARGS__ };                         \
        fs_pairs(ctx, &spec);                                                     \
    }                                                                             \
    const fs_rule SYM = { ID, NAME, SUMMARY, SEVERITY, CWE, SYM##_check }

/* Was call a's result tested in a way that tells success from failure? */
static inline int fs_result_tested(const fs_ctx *ctx, int a)
{
    return fs_result_used(fs_ctx_func(ctx), a);
}

#endif
