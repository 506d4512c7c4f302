/* FS301 check-then-create: an existence probe whose "missing" outcome leads to creating the path. */
#include "rulekit.h"

/* `if (exists(p)) return V; if (mkdir(p) != 0) return errno == EEXIST ? V : W;`:
 * the create already answers "exists" with V, so the check can go. */
static void fs301_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (!fs_is_guard(ctx, a, b) || an->macro)
        return;
    long v;
    int then = fs_then_target(ctx, a), other = fs_else_target(ctx, a);
    const fs_func *fn = fs_ctx_func(ctx);
    int then_is_exists = 0;
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].test == a)
            for (int e = 0; e < 2 && e < fn->nodes[n].nsucc; e++)
                if (fn->nodes[n].succ[e].to == then && fn->nodes[n].out[e] == FS_OUT_SUCC)
                    then_is_exists = 1;
    int ret = fs_fail_target(ctx, b) >= 0 ? fs_return_reached(ctx, fs_fail_target(ctx, b)) : -1;
    int same = then_is_exists && fs_returns_const(ctx, then, &v) && other >= 0 && fs_straight_to(ctx, other, b) &&
               bn->op.excl && ret >= 0 && fn->nodes[ret].ret_eexist && fn->nodes[ret].ret_eexist_value == v;
    /* dropping the check alone would not treat EEXIST as "already there" */
    if (!same)
        return;
    int safe = (!an->op.via_wrapper || an->op.pure) && (an->op.family != FS_PROBE_ACCESS || !fs_ctx_uses_setuid(ctx));
    fs_fix *fix = fs_finding_set_fix(f, safe ? FS_FIX_SAFE : FS_FIX_UNSAFE,
                                     "drop the existence check: the create below already returns the same "
                                     "for an existing path (EEXIST)");
    fs_fix_delete_statement(ctx, fix, a);
}

static int fs301_first(fs_ctx *ctx, int a)
{
    return fs_is_existence_probe(fs_ctx_node(ctx, a)) && fs_result_tested(ctx, a);
}

static int fs301_second(fs_ctx *ctx, int a, int b)
{
    return fs_ctx_node(ctx, b)->op.kind == FS_OP_CREATE &&
           (fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_FAIL_ONLY);
}

static void fs301_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                              "%d (CWE-367); create it directly and treat EEXIST as \"already there\"",
                              f->path_expr, n->first, n->second, n->line);
    fs301_fix(ctx, f, a, b);
}

static void fs301_check(fs_ctx *ctx)
{
    static const fs_pair_spec spec = { fs301_first, fs301_second, "is created by", fs301_report };
    fs_pairs(ctx, &spec);
}

const fs_rule fs_rule_fs301 = {
    "FS301", "check-then-create",
    "an existence check whose \"missing\" outcome leads to creating the path: create and handle EEXIST",
    "warning", 367, fs301_check,
};
