/* FS302 check-then-remove: an existence probe whose "exists" outcome leads to removing the path. */
#include "rulekit.h"

static void fs302_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        if (!fs_is_existence_probe(an) || !fs_result_tested(ctx, a))
            continue;
        const int *nx;
        int n = fs_ctx_nexts(ctx, a, &nx);
        int hits[64], nh = 0;
        for (int i = 0; i < n && nh < 64; i++) {
            const fs_node *b = fs_ctx_node(ctx, nx[i]);
            /* the check must lead straight to the remove: when it also guards
             * other work, removing directly is not what the code means */
            if (b->op.kind == FS_OP_REMOVE && (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_SUCC_ONLY) &&
                fs_succ_target(ctx, a) >= 0 && fs_straight_to(ctx, fs_succ_target(ctx, a), nx[i]))
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
        f->message = fs_xasprintf("existence check before remove: '%s' can vanish between %s and %s on line "
                                  "%d (CWE-367); remove it directly and ignore ENOENT",
                                  f->path_expr, an_name, bn_name, b->range.begin.line);
        f->syscalls_saved = 1;
        fs_note_calls(f, ctx, hits, 0, nh, "is removed by");
    }
}

const fs_rule fs_rule_fs302 = {
    "FS302", "check-then-remove",
    "an existence check whose \"exists\" outcome leads to removing the path: remove and ignore ENOENT",
    "warning", 367, fs302_check,
};
