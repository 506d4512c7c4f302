/* FS401 probe-in-loop: a probe of a path that the loop around it never changes. */
#include "rules/rulekit.h"

#include <string.h>

/* Is the probe's path one of call x's arguments? */
static int fs401_gets_path(const fs_node *x, const fs_node *probe)
{
    for (int k = 0; k < x->nargs; k++)
        if (x->args[k].key && probe->path.key && strcmp(x->args[k].key, probe->path.key) == 0)
            return 1;
    return 0;
}

/* Does anything inside loop l change path p, or create, remove or modify the
 * file it names?  In a loop without an end (`for (;;)`, `while (1)`): does
 * anything change some file (a write, a child process, a sleep, a project
 * function that may), as between two probes for FS102: a service loop that
 * handles an event and reads its configuration again, for an edit to take
 * effect. */
static int fs401_loop_changes(const fs_func *fn, int l, const fs_node *probe)
{
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->loop < 0 || !fs_loop_within(fn, x->loop, l))
            continue;
        if (x->kind == FS_N_WRITE && fs_write_kills(fn, n, &probe->path))
            return 1;
        if (fn->loops[l].infinite && x->kind == FS_N_CALL && fs_is_changing_call(x))
            return 1;
        if (x->kind == FS_N_CALL && x->op.kind != FS_OP_PROBE && x->op.kind != FS_OP_OPEN &&
            x->op.kind != FS_OP_NONE && fs_path_same(x, probe))
            return 1;
        /* the path handed to a project function that may change files
         * (the index says it writes, creates or removes some file) */
        if (x->kind == FS_N_CALL && x->changes_fs && !x->ext_unknown && fs401_gets_path(x, probe))
            return 1;
    }
    return 0;
}

/* The node that node n leads straight into through reads and empty nodes
 * (what an expression reading a stat buffer goes on to: a branch, a store). */
static int fs401_straight_after(const fs_func *fn, int n)
{
    for (int steps = 0; steps < 16; steps++) {
        const fs_node *x = &fn->nodes[n];
        if (x->nsucc != 1 || x->succ[0].back)
            return -1;
        n = x->succ[0].to;
        if (fn->nodes[n].kind != FS_N_READ && fn->nodes[n].kind != FS_N_NOP)
            return n;
    }
    return -1;
}

/* Does branch br test probe a's outcome: its result (directly, or through
 * a variable stored from it or from its struct stat's fields), or the
 * fields themselves (`st.st_size < 100`, `st.st_mtime != old`)? */
static int fs401_branch_on_probe(const fs_func *fn, int br, int a, const unsigned char *carries)
{
    const fs_node *x = &fn->nodes[br];
    if (x->test == a)
        return 1;
    for (int k = 0; k < x->ncond_deps; k++)
        if (x->cond_deps[k] >= 0 && carries[x->cond_deps[k]])
            return 1;
    return 0;
}

/* Does an outcome of probe a lead out of loop l other than by returning? */
static int fs401_leaves_loop(const fs_func *fn, int l, int a, fs_walk *w)
{
    const fs_node *an = &fn->nodes[a];
    /* the variables that carry the probe's answer: its buffer, and what is
     * stored straight from the call or from a read of the buffer */
    unsigned char *carries = fs_xcalloc((size_t)fn->nvars + 1, 1);
    unsigned char *dep = fs_xcalloc((size_t)fn->nnodes + 1, 1);
    if (an->buf_var >= 0)
        carries[an->buf_var] = 1;
    int t = fs401_straight_after(fn, a);
    if (t >= 0 && fn->nodes[t].kind == FS_N_WRITE && fn->nodes[t].var >= 0)
        carries[fn->nodes[t].var] = 1;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_READ || an->buf_var < 0 || x->var != an->buf_var)
            continue;
        t = fs401_straight_after(fn, n);
        if (t >= 0 && fn->nodes[t].kind == FS_N_WRITE && fn->nodes[t].var >= 0)
            carries[fn->nodes[t].var] = 1;
        else if (t >= 0 && fn->nodes[t].kind == FS_N_BRANCH)
            dep[t] = 1;
    }
    int leaves = 0;
    for (int n = 0; n < fn->nnodes && !leaves; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind != FS_N_BRANCH || br->loop < 0 || !fs_loop_within(fn, br->loop, l) ||
            !(dep[n] || fs401_branch_on_probe(fn, n, a, carries)))
            continue;
        for (int e = 0; e < br->nsucc && !leaves; e++) {
            memset(w->mark, 0, (size_t)fn->nnodes);
            int sp = 0;
            w->stack[sp++] = br->succ[e].to;
            w->mark[br->succ[e].to] = 1;
            while (sp > 0 && !leaves) {
                int x = w->stack[--sp];
                const fs_node *xn = &fn->nodes[x];
                if (xn->kind == FS_N_RETURN || x == fn->exit)
                    continue;
                if (xn->in_loop_cond && xn->loop == l && !br->in_loop_cond)
                    continue; /* on to the next iteration (a do-while's condition) */
                if (xn->loop < 0 || !fs_loop_within(fn, xn->loop, l)) {
                    leaves = 1;
                    break;
                }
                for (int i = 0; i < xn->nsucc; i++) {
                    if (xn->succ[i].back || w->mark[xn->succ[i].to])
                        continue;
                    w->mark[xn->succ[i].to] = 1;
                    w->stack[sp++] = xn->succ[i].to;
                }
            }
        }
    }
    free(carries);
    free(dep);
    return leaves;
}

static int fs401_is_poll(const fs_func *fn, int l, int a, fs_walk *w)
{
    const fs_node *an = &fn->nodes[a];
    if (an->in_loop_cond && an->loop == l)
        return 1;
    if (fn->loops[l].has_sleep)
        return 1;
    return fs401_leaves_loop(fn, l, a, w);
}

static void fs401_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        if (an->kind != FS_N_CALL || an->op.kind != FS_OP_PROBE || !an->path.key || an->loop < 0)
            continue;
        /* inside an if or switch body of the loop: it runs on some iterations
         * only (a dispatch on the data), and hoisting it could add calls */
        if (an->cond_nest > 0)
            continue;
        int found = -1;
        for (int l = an->loop; l >= 0; l = fn->loops[l].parent) {
            if (fs401_loop_changes(fn, l, an))
                break;
            if (fs401_is_poll(fn, l, a, fs_ctx_walk(ctx)))
                break;
            found = l;
        }
        if (found < 0)
            continue;
        fs_finding *f = fs_ctx_report(ctx, a);
        if (!f)
            continue;
        char an_name[96];
        fs_call_name(an, an_name, sizeof an_name);
        f->message = fs_xasprintf("probe inside a loop: '%s' does not change in the loop on line %d, yet %s "
                                  "runs on every iteration; probe it once before the loop",
                                  f->path_expr, fn->loops[found].range.begin.line, an_name);
        f->syscalls_saved = 1;
    }
}

const fs_rule fs_rule_fs401 = {
    "FS401", "probe-in-loop",
    "a probe inside a loop of a path the loop does not change: hoist it out",
    "warning", 0, fs401_check,
};
