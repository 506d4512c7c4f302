/* FS201 access-then-open: access() (or an exists wrapper) before an open that checks the same. */
#include "rulekit.h"

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

static void fs201_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        int ok = fs_is_access_probe(an) || (an->op.via_wrapper && fs_is_existence_probe(an));
        if (!ok || !fs_result_tested(ctx, a))
            continue;
        const int *nx;
        int n = fs_ctx_nexts(ctx, a, &nx);
        int hits[64], nh = 0;
        for (int i = 0; i < n && nh < 64; i++) {
            const fs_node *b = fs_ctx_node(ctx, nx[i]);
            if (b->op.kind == FS_OP_OPEN && fs201_open_checks(an, b) &&
                (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_SUCC_ONLY))
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
        f->message = fs_xasprintf("access check before open is a race (CWE-367): '%s' can change between %s "
                                  "and %s on line %d, which checks the same; open it directly and handle "
                                  "its failure (errno)",
                                  f->path_expr, an_name, bn_name, b->range.begin.line);
        f->syscalls_saved = 1;
        fs_note_calls(f, ctx, hits, 0, nh, "is opened by");
    }
}

const fs_rule fs_rule_fs201 = {
    "FS201", "access-then-open",
    "access() before an open of the same path that checks the same permission: a TOCTOU race",
    "warning", 367, fs201_check,
};
