/* FS202 stat-then-open: a stat of a path followed by an open of it. */
#include "rulekit.h"

#include <string.h>

/* The race-free form: stat, open, then fstat the descriptor and compare
 * the two (st_dev, st_ino).  The first stat's buffer is read after an
 * fstat() that follows the open. */
static int fs202_compared_after(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a);
    if (an->buf_var < 0)
        return 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_CALL || !x->callee || (strcmp(x->callee, "fstat") != 0 && strcmp(x->callee, "fstat64") != 0))
            continue;
        if (!fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL))
            continue;
        for (int r = 0; r < fn->nnodes; r++)
            if (fn->nodes[r].kind == FS_N_READ && fn->nodes[r].var == an->buf_var &&
                fs_reach(fs_ctx_walk(ctx), n, r, NULL, NULL))
                return 1;
    }
    return 0;
}

static void fs202_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        if (!fs_is_stat_probe(an) || !fs_result_tested(ctx, a))
            continue;
        const int *nx;
        int n = fs_ctx_nexts(ctx, a, &nx);
        int hits[64], nh = 0;
        for (int i = 0; i < n && nh < 64; i++) {
            const fs_node *b = fs_ctx_node(ctx, nx[i]);
            if (b->op.kind != FS_OP_OPEN)
                continue;
            int how = fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]);
            if ((how & FS_REACH) && !(how & FS_REACH_FAIL_ONLY) && !fs202_compared_after(ctx, a, nx[i]))
                hits[nh++] = nx[i];
        }
        if (!nh)
            continue;
        fs_finding *f = fs_ctx_report(ctx, a);
        if (!f)
            continue;
        const fs_node *b = fs_ctx_node(ctx, hits[0]);
        char an_name[96], bn_name[96];
        fs_call_name(an, an_name, sizeof an_name);
        fs_call_name(b, bn_name, sizeof bn_name);
        f->message = fs_xasprintf("stat before open is a race (CWE-367): '%s' can change between %s and %s "
                                  "on line %d; open it first, then fstat() the descriptor%s",
                                  f->path_expr, an_name, bn_name, b->range.begin.line,
                                  an->op.follows == 0 ? " (with O_NOFOLLOW, as the lstat() did not follow links)" : "");
        f->syscalls_saved = 1;
        fs_note_calls(f, ctx, hits, 0, nh, "is opened by");
    }
}

const fs_rule fs_rule_fs202 = {
    "FS202", "stat-then-open",
    "stat() of a path before opening it: open first and fstat() the descriptor",
    "warning", 367, fs202_check,
};
