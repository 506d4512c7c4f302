/* FS202 stat-then-open: a stat of a path followed by an open of it. */
#include "rules/rulekit.h"

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

/* Is the stat's buffer read inside the open call itself (its mode or flags
 * argument: `open(p, O_RDWR, st.st_mode & 0777)`)?  Not for a wrapper: its
 * other arguments need not reach the open (git's copy_file(dst, src, mode)
 * opens src, and the mode is the new dst's). */
static int fs202_buf_in_args(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (bn->op.via_wrapper)
        return 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *r = &fn->nodes[n];
        if (r->kind == FS_N_READ && r->var == an->buf_var && r->range.end.offset > 0 &&
            r->range.begin.offset >= bn->range.begin.offset && r->range.end.offset <= bn->range.end.offset)
            return 1;
    }
    return 0;
}

static int fs202_first(fs_ctx *ctx, int a)
{
    return fs_is_stat_probe(fs_ctx_node(ctx, a)) && fs_result_tested(ctx, a);
}

static int fs202_second(fs_ctx *ctx, int a, int b)
{
    if (fs_ctx_node(ctx, b)->op.kind != FS_OP_OPEN)
        return 0;
    int how = fs_outcome_reach(fs_ctx_walk(ctx), a, b);
    return (how & FS_REACH) && !(how & FS_REACH_FAIL_ONLY) && !fs202_compared_after(ctx, a, b) &&
           !fs202_buf_in_args(ctx, a, b);
}

static void fs202_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    f->message = fs_xasprintf("stat before open is a race (CWE-367): '%s' can change between %s and %s "
                              "on line %d; open it first, then fstat() the descriptor%s",
                              f->path_expr, n->first, n->second, n->line,
                              fs_ctx_node(ctx, a)->op.follows == 0
                                  ? " (with O_NOFOLLOW, as the lstat() did not follow links)" : "");
}

FS_PAIR_RULE(fs_rule_fs202, "FS202", "stat-then-open",
             "stat() of a path before opening it: open first and fstat() the descriptor",
             "warning", 367, .first = fs202_first, .second = fs202_second, .verb = "is opened by",
             .report = fs202_report, .on = FS_OUT_SUCC);
