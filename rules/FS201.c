/* FS201 access-then-open: access() (or an exists wrapper) before an open that checks the same. */
#include "rules/rulekit.h"

static int fs201_open_checks(const fs_node *a, const fs_node *b)
{
    int mode = a->op.family == FS_PROBE_ACCESS ? a->op.access_mode : FS_F_OK;
    if (mode == FS_MODE_UNKNOWN || (mode & FS_X_OK))
        return 0;
    if ((mode & FS_R_OK) && !(b->op.open_mode & FS_OPEN_READ))
        return 0;
    if ((mode & FS_W_OK) && !(b->op.open_mode & FS_OPEN_WRITE))
        return 0;
    return 1;
}

/* The failure value of an open's result: NULL for streams, -1 for fds. */
static int fs201_fail_value(const fs_node *b, long *v)
{
    if (b->op.sense.kind == FS_VAL_PTR)
        *v = 0;
    else if (b->op.sense.kind == FS_VAL_FD)
        *v = -1;
    else
        return 0;
    return 1;
}

/* Does the open's failure end in `return v` too? */
static int fs201_open_fails_with(fs_ctx *ctx, int b, long v)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *bn = fs_ctx_node(ctx, b);
    long fv, rv;
    if (!fs201_fail_value(bn, &fv))
        return 0;
    /* `return open(...)` */
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_RETURN && fn->nodes[n].ret_test == b &&
            fn->nodes[n].ret_sense.kind == bn->op.sense.kind && fs_straight_to(ctx, b, n) == 0) {
            /* fs_straight_to stops at non-empty nodes; the return follows the call directly */
        }
    int n = b;
    for (int steps = 0; steps < 8; steps++) {
        const fs_node *x = &fn->nodes[n];
        if (x->nsucc != 1)
            break;
        n = x->succ[0].to;
        const fs_node *y = &fn->nodes[n];
        if (y->kind == FS_N_RETURN)
            return y->ret_test == b && y->ret_sense.kind == bn->op.sense.kind && fv == v;
        if (y->kind != FS_N_NOP)
            break;
    }
    int ft = fs_fail_target(ctx, b);
    return ft >= 0 && fs_returns_const(ctx, ft, &rv) && rv == v;
}

static void fs201_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    char an_name[96];
    fs_call_name(an, an_name, sizeof an_name);
    if (!fs_is_guard(ctx, a, b) || an->macro || fs_is_creating_open(fs_ctx_node(ctx, b)))
        return; /* (an open that creates does not fail for a missing file: no rewrite keeps it) */
    long v;
    int same = fs_returns_const(ctx, fs_fail_target(ctx, a), &v) && fs_straight_to(ctx, fs_succ_target(ctx, a), b) &&
               fs201_open_fails_with(ctx, b, v);
    /* a guard whose failure branch differs from the open's is not dropped */
    if (!same)
        return;
    int safe = !an->op.via_wrapper && !fs_ctx_uses_setuid(ctx);
    char *d = fs_xasprintf("drop the %s guard: the open below fails the same way and returns the same", an_name);
    fs_fix *fix = fs_finding_set_fix(f, safe ? FS_FIX_SAFE : FS_FIX_UNSAFE, d);
    free(d);
    fs_fix_delete_statement(ctx, fix, a);
}

static int fs201_first(fs_ctx *ctx, int a)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    return (fs_is_access_probe(an) || (an->op.via_wrapper && fs_is_existence_probe(an))) && fs_result_tested(ctx, a);
}

static int fs201_second(fs_ctx *ctx, int a, int b)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    return (bn->op.kind == FS_OP_OPEN || fs_is_creating_open(bn)) && fs201_open_checks(fs_ctx_node(ctx, a), bn) &&
           (fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_SUCC_ONLY);
}

static void fs201_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    (void)a;
    if (fs_is_creating_open(fs_ctx_node(ctx, b)))
        f->message = fs_xasprintf("access check before open is a race (CWE-367): '%s' can change between %s and %s "
                                  "on line %d, which creates the file anew if it is gone by then; open it without "
                                  "creating it and handle its failure (errno), or create it exclusively",
                                  f->path_expr, n->first, n->second, n->line);
    else
        f->message = fs_xasprintf("access check before open is a race (CWE-367): '%s' can change between %s and %s "
                                  "on line %d, which checks the same; open it directly and handle its failure (errno)",
                                  f->path_expr, n->first, n->second, n->line);
}

FS_PAIR_RULE(fs_rule_fs201, "FS201", "access-then-open",
             "access() before an open of the same path that checks the same permission: a TOCTOU race",
             "warning", 367,
             .first = fs201_first, .second = fs201_second, .verb = "is opened by",
             .report = fs201_report,
             .fix = fs201_fix,
             .on = FS_OUT_SUCC);
