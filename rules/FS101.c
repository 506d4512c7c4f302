/* FS101 exists-then-stat: an existence probe followed by a stat of the same path. */
#include "rulekit.h"

static void fs101_check(fs_ctx *ctx)
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
            if (fs_is_stat_probe(b) && (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_SUCC_ONLY))
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
        f->message = fs_xasprintf("existence check is redundant: %s of '%s' on line %d fails with ENOENT "
                                       "too; drop %s and test the result of the one stat() (for "
                                       "\"exists and not a directory\", use !S_ISDIR(st.st_mode))",
                                       bn_name, f->path_expr, b->range.begin.line, an_name);
        f->syscalls_saved = 1;
        fs_note_calls(f, ctx, hits, 0, nh, b->op.family == FS_PROBE_STAT ? "is stat()ed by" : "is probed by");
    }
}

const fs_rule fs_rule_fs101 = {
    "FS101", "exists-then-stat",
    "an existence check followed by a stat() of the same path: the stat() alone answers both",
    "warning", 0, fs101_check,
};
