/* FS102 repeated-probe: a probe whose answer an earlier probe of the same path gave. */
#include "rulekit.h"

#include <string.h>

/* Does the answer of probe a contain the answer of probe b? */
static int fs102_covers(const fs_node *a, const fs_node *b)
{
    if (a->op.family == FS_PROBE_STAT && b->op.family == FS_PROBE_STAT)
        return a->op.follows >= 0 && a->op.follows == b->op.follows;
    if (a->op.family == FS_PROBE_STAT && b->op.family == FS_PROBE_ACCESS)
        return a->op.follows == 1 && b->op.access_mode == FS_F_OK;
    if (a->op.family == FS_PROBE_ACCESS && b->op.family == FS_PROBE_ACCESS)
        return a->op.access_mode != FS_MODE_UNKNOWN && a->op.access_mode == b->op.access_mode;
    return 0;
}

/* Reuse the first struct stat: on the success path of the first stat() of
 * an unchanged path, the second returns 0 and the same contents. */
static void fs102_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (an->op.via_wrapper || bn->op.via_wrapper || an->macro || bn->macro || an->in_macro || bn->in_macro)
        return;
    if (!(fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_SUCC_ONLY))
        return;
    const fs_func *fn = fs_ctx_func(ctx);
    if (an->op.family == FS_PROBE_STAT && bn->op.family == FS_PROBE_STAT) {
        if (an->buf_var < 0 || bn->buf_var < 0 || strcmp(an->callee, bn->callee) != 0)
            return;
        if (fs_var_written_between(ctx, a, b, an->buf_var) || !fs_in_scope(ctx, an->buf_var, b))
            return;
        char *text = an->buf_var == bn->buf_var
                         ? fs_xasprintf("0")
                         : fs_xasprintf("(%s = %s, 0)", fn->vars[bn->buf_var].name, fn->vars[an->buf_var].name);
        char *d = fs_xasprintf("reuse the struct stat filled on line %d instead of calling %s() again",
                               an->range.begin.line, bn->callee);
        fs_fix *fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
        fs_fix_replace_call(ctx, fix, b, text);
        free(text);
        free(d);
    } else if (bn->op.family == FS_PROBE_ACCESS && bn->op.access_mode == FS_F_OK && !fs_ctx_uses_setuid(ctx)) {
        char *d = fs_xasprintf("the path exists: the %s() on line %d succeeded", an->callee, an->range.begin.line);
        fs_fix *fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
        fs_fix_replace_call(ctx, fix, b, "0");
        free(d);
    }
}

/* Is the path handed to a function the project does not define (another
 * library's `chown_nofollow(name, ...)`): it may change the file. */
static int fs102_unknown_gets_path(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (n == a || n == b || x->kind != FS_N_CALL || !x->ext_unknown)
            continue;
        int gets = 0;
        for (int k = 0; k < x->nargs && !gets; k++)
            gets = x->args[k].key && an->path.key && strcmp(x->args[k].key, an->path.key) == 0;
        if (gets && fs_reach(fs_ctx_walk(ctx), a, n, NULL, NULL) && fs_reach(fs_ctx_walk(ctx), n, b, NULL, NULL))
            return 1;
    }
    return 0;
}

/* Are both stat buffers read after the second call (a before/after comparison)? */
static int fs102_both_kept(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (an->buf_var < 0 || bn->buf_var < 0 || an->buf_var == bn->buf_var)
        return 0;
    int read_a = 0, read_b = 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_READ || (x->var != an->buf_var && x->var != bn->buf_var))
            continue;
        if (!fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL))
            continue;
        if (x->var == an->buf_var)
            read_a = 1;
        else
            read_b = 1;
    }
    return read_a && read_b;
}

static void fs102_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    int *queue = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    unsigned char *seen = fs_xmalloc((size_t)fn->nnodes);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        if (an->kind != FS_N_CALL || an->op.kind != FS_OP_PROBE || !fs_result_tested(ctx, a))
            continue;
        /* later probes of the path, also past other probes (they change nothing) */
        memset(seen, 0, (size_t)fn->nnodes);
        int qh = 0, qt = 0;
        queue[qt++] = a;
        seen[a] = 1;
        while (qh < qt) {
            const int *nx;
            int n = fs_ctx_nexts(ctx, queue[qh++], &nx);
            for (int i = 0; i < n; i++) {
                const fs_node *b = fs_ctx_node(ctx, nx[i]);
                if (b->op.kind != FS_OP_PROBE || seen[nx[i]])
                    continue;
                seen[nx[i]] = 1;
                queue[qt++] = nx[i];
                /* the earlier answer must be there on every way to the later probe */
                if (!fs102_covers(an, b) || !fs_dominates(fs_ctx_walk(ctx), a, nx[i]) ||
                    fs_changes_between(fs_ctx_walk(ctx), a, nx[i]))
                    continue;
                /* an existence check, then a stat() where it succeeded: FS101's
                 * pair (drop the check), not a second finding on the stat() */
                if (fs_is_existence_probe(an) && fs_is_stat_probe(b) &&
                    (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_SUCC_ONLY))
                    continue;
                /* the file may have changed in between (written, time passed),
                 * or both answers are kept to be compared: not a repeat */
                if (fs_call_between(ctx, a, nx[i], fs_is_changing_call) || fs102_both_kept(ctx, a, nx[i]) ||
                    fs102_unknown_gets_path(ctx, a, nx[i]))
                    continue;
                fs_finding *f = fs_ctx_report(ctx, nx[i]);
                if (!f)
                    continue;
                char an_name[96], bn_name[96];
                fs_call_name(an, an_name, sizeof an_name);
                fs_call_name(b, bn_name, sizeof bn_name);
                f->message = fs_xasprintf("repeated probe: '%s' was already checked by %s on line %d and has not "
                                          "changed since; reuse that result (keep its struct stat) instead of "
                                          "calling %s again",
                                          f->path_expr, an_name, an->range.begin.line, bn_name);
                f->syscalls_saved = 1;
                int one[1] = { a };
                fs_note_calls(f, ctx, one, 0, 1, "is first checked by");
                fs102_fix(ctx, f, a, nx[i]);
            }
        }
    }
    free(queue);
    free(seen);
}

const fs_rule fs_rule_fs102 = {
    "FS102", "repeated-probe",
    "a probe whose answer an earlier probe of the same, unchanged path already gave",
    "warning", 0, fs102_check,
};
