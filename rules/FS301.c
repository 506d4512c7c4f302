/* FS301 check-then-create: an existence probe whose "missing" outcome leads to creating the path. */
#include "rules/rulekit.h"

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

/* Does every way from probe a's "missing" outcome create its path, or end
 * the function with an error (a negative constant)?  A way that returns
 * otherwise, leaves the function, or goes round a loop without creating
 * (a sentinel created only under another condition) says the create is not
 * what "missing" leads to. */
static int fs301_missing_creates(fs_ctx *ctx, int a)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a);
    unsigned char *seen = fs_xcalloc((size_t)fn->nnodes, 1);
    int *stack = fs_xmalloc(sizeof(int) * ((size_t)fn->nnodes + 2));
    int sp = 0, ok = 1;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_BRANCH || x->test != a)
            continue;
        for (int e = 0; e < x->nsucc && e < 2; e++)
            if (x->out[e] == FS_OUT_FAIL && !seen[x->succ[e].to]) {
                if (x->succ[e].back)
                    ok = 0;
                seen[x->succ[e].to] = 1;
                stack[sp++] = x->succ[e].to;
            }
    }
    while (sp > 0 && ok) {
        int n = stack[--sp];
        const fs_node *x = &fn->nodes[n];
        if (x->kind == FS_N_CALL && x->op.kind == FS_OP_CREATE && fs_path_same(an, x))
            continue;
        if (x->kind == FS_N_RETURN) {
            if (x->ret_const && x->ret_value < 0)
                continue;
            ok = 0;
            break;
        }
        if (n == fn->exit) {
            ok = 0;
            break;
        }
        for (int i = 0; i < x->nsucc; i++) {
            if (x->succ[i].back) {
                ok = 0;
                break;
            }
            int t = x->succ[i].to;
            if (!seen[t]) {
                seen[t] = 1;
                stack[sp++] = t;
            }
        }
    }
    free(seen);
    free(stack);
    return ok;
}

static int fs301_second(fs_ctx *ctx, int a, int b)
{
    return fs_ctx_node(ctx, b)->op.kind == FS_OP_CREATE &&
           (fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_FAIL_ONLY) && fs301_missing_creates(ctx, a);
}

static void fs301_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    if (bn->op.exists_ok)
        f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                                  "%d (CWE-367); create it directly: %s succeeds when it is there already",
                                  f->path_expr, n->first, n->second, n->line, n->second);
    else if (!bn->op.excl && bn->op.via_wrapper)
        f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                                  "%d (CWE-367); create it directly, in a way that fails with EEXIST or succeeds "
                                  "when it is there, and handle that",
                                  f->path_expr, n->first, n->second, n->line);
    else if (!bn->op.excl)
        f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                                  "%d (CWE-367), and the create replaces what appeared; create it exclusively "
                                  "(O_EXCL, \"wx\") and treat EEXIST as \"already there\"",
                                  f->path_expr, n->first, n->second, n->line);
    else
        f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                                  "%d (CWE-367); create it directly and treat EEXIST as \"already there\"",
                                  f->path_expr, n->first, n->second, n->line);
}

FS_PAIR_RULE(fs_rule_fs301, "FS301", "check-then-create",
             "an existence check whose \"missing\" outcome leads to creating the path: create and handle EEXIST",
             "warning", 367, .first = fs301_first, .second = fs301_second, .verb = "is created by",
             .report = fs301_report, .fix = fs301_fix, .on = FS_OUT_FAIL);
