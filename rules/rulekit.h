/* rulekit.h - small helpers shared by the rule files (rules/ only). */
#ifndef FSCHECK_RULEKIT_H
#define FSCHECK_RULEKIT_H

#include "rule.h"

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

/* Was call a's result tested in a way that tells success from failure? */
static inline int fs_result_tested(const fs_ctx *ctx, int a)
{
    return fs_result_used(fs_ctx_func(ctx), a);
}

#endif
