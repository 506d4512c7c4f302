/* FS101 exists-then-stat: an existence probe followed by a stat of the same path. */
#include "rulekit.h"

/* Drop the existence check where the stat()'s own failure takes its branch. */
static void fs101_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    char an_name[96];
    fs_call_name(an, an_name, sizeof an_name);
    /* safe only when both calls resolve the path alike, the check has no
     * other effect (a library call, not a wrapper), and access()'s real-uid
     * check cannot differ from stat()'s */
    int same_follow = an->op.follows >= 0 && an->op.follows == bn->op.follows;
    int pure = !an->op.via_wrapper || an->macro;
    int uid_ok = an->op.family != FS_PROBE_ACCESS || !fs_ctx_uses_setuid(ctx);
    fs_safety safety = same_follow && pure && uid_ok ? FS_FIX_SAFE : FS_FIX_UNSAFE;
    if (fs_is_conjunct_before(ctx, a, b)) {
        char *d = fs_xasprintf("drop the %s check: the stat() right after it fails for a missing path and "
                               "takes the same branch", an_name);
        fs_fix *fix = fs_finding_set_fix(f, safety, d);
        free(d);
        fs_fix_delete_conjunct(ctx, fix, a, b);
        return;
    }
    if (fs_is_guard(ctx, a, b) && !an->macro) {
        long va, vb;
        int fb = fs_fail_target(ctx, b);
        int same = fs_returns_const(ctx, fs_fail_target(ctx, a), &va) && fb >= 0 &&
                   fs_returns_const(ctx, fb, &vb) && va == vb &&
                   fs_straight_to(ctx, fs_succ_target(ctx, a), b);
        char *d = fs_xasprintf(same ? "drop the %s guard: the stat() below returns the same when the path is missing"
                                    : "drop the %s guard and let the stat() below handle a missing path "
                                      "(its failure branch then also runs for a missing path: check errno == ENOENT "
                                      "there if the two must differ)",
                               an_name);
        fs_fix *fix = fs_finding_set_fix(f, same ? safety : FS_FIX_UNSAFE, d);
        free(d);
        fs_fix_delete_statement(ctx, fix, a);
    }
}

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
        fs101_fix(ctx, f, a, hits[0]);
    }
}

const fs_rule fs_rule_fs101 = {
    "FS101", "exists-then-stat",
    "an existence check followed by a stat() of the same path: the stat() alone answers both",
    "warning", 0, fs101_check,
};
