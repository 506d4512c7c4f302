/* FS301 check-then-create: an existence probe whose "missing" outcome leads to creating the path. */
#include "rulekit.h"

static void fs301_check(fs_ctx *ctx)
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
            if (b->op.kind == FS_OP_CREATE && (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_FAIL_ONLY))
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
        f->message = fs_xasprintf("existence check before create: '%s' can appear between %s and %s on line "
                                  "%d (CWE-367); create it directly and treat EEXIST as \"already there\"",
                                  f->path_expr, an_name, bn_name, b->range.begin.line);
        f->syscalls_saved = 1;
        fs_note_calls(f, ctx, hits, 0, nh, "is created by");
        if (fs_is_guard(ctx, a, hits[0]) && !an->macro) {
            /* `if (exists(p)) return ...; mkdir(p)`: the guard's "exists" branch
             * must now come from the create's EEXIST */
            fs_fix *fix = fs_finding_set_fix(f, FS_FIX_UNSAFE,
                "drop the existence check and treat the create's EEXIST failure as \"already there\"");
            fs_fix_delete_statement(ctx, fix, a);
        }
    }
}

const fs_rule fs_rule_fs301 = {
    "FS301", "check-then-create",
    "an existence check whose \"missing\" outcome leads to creating the path: create and handle EEXIST",
    "warning", 367, fs301_check,
};
