/* FS302 check-then-remove: an existence probe whose "exists" outcome leads to removing the path. */
#include "rules/rulekit.h"

#include <string.h>

static int fs302_first(fs_ctx *ctx, int a)
{
    return fs_is_existence_probe(fs_ctx_node(ctx, a)) && fs_result_tested(ctx, a);
}

/* The check must lead straight to the remove: when it also guards other
 * work, removing directly is not what the code means. */
static int fs302_second(fs_ctx *ctx, int a, int b)
{
    return fs_ctx_node(ctx, b)->op.kind == FS_OP_REMOVE &&
           (fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_SUCC_ONLY) && fs_succ_target(ctx, a) >= 0 &&
           fs_straight_to(ctx, fs_succ_target(ctx, a), b);
}

/* `exists(p) && unlink(p) != 0` becomes `unlink(p) != 0 && errno != ENOENT`;
 * always unsafe: unlink() removes a dangling symlink that the check called
 * missing. */
static void fs302_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    long len;
    const char *t = fs_ctx_source(ctx, an->file, &len);
    if (!t || !an->file || !bn->file || strcmp(an->file, bn->file) != 0 || !strstr(t, "errno.h"))
        return;
    long ae = an->atom.end.offset, bb = bn->atom.begin.offset, be = bn->atom.end.offset;
    if (ae > bb || be > len || an->atom.begin.offset >= ae)
        return;
    const char *p = t + ae;
    while (p < t + bb && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    if (t + bb - p < 2 || p[0] != '&' || p[1] != '&')
        return;
    for (p += 2; p < t + bb; p++)
        if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
            return;
    /* B's atom must be true when the remove failed: `unlink(p) != 0`, `< 0` */
    const fs_func *fn = fs_ctx_func(ctx);
    int fails_true = 0;
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].test == b && fn->nodes[n].out[0] == FS_OUT_FAIL)
            fails_true = 1;
    if (!fails_true || fs_fail_target(ctx, a) < 0 || fs_fail_target(ctx, a) != fs_succ_target(ctx, b))
        return;
    fs_fix *fix = fs_finding_set_fix(f, FS_FIX_UNSAFE,
                                     "remove directly and ignore ENOENT (unsafe: the remove also takes away a "
                                     "dangling symlink that the check called missing)");
    fs_fix_add_edit(fix, an->file, an->atom.begin.offset, bb - an->atom.begin.offset, "");
    fs_fix_add_edit(fix, an->file, be, 0, " && errno != ENOENT");
}

FS_PAIR_RULE(fs_rule_fs302, "FS302", "check-then-remove",
             "an existence check whose \"exists\" outcome leads to removing the path: remove and ignore ENOENT",
             "warning", 367,
             .first = fs302_first, .second = fs302_second, .verb = "is removed by",
             .message = "existence check before remove: '%s' can vanish between %s and %s on line "
                        "%d (CWE-367); remove it directly and ignore ENOENT",
             .fix = fs302_fix,
             .on = FS_OUT_SUCC);
