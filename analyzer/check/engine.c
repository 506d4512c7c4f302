/* engine.c - the rule context: pairing of calls, claims, reporting. */
#include "check/engine.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fs_ctx {
    const fs_func *fn;
    fs_walk walk;
    int **nexts, **nexts_s, **nexts_f; /* clean on every way; on the success, the failure ways */
    int *nnexts, *nnexts_s, *nnexts_f;
    unsigned char *computed;
    unsigned char *claimed;
    const fs_rule *rule;
    fs_findings *out;
    const fs_engine_opts *opts;
};

const fs_func *fs_ctx_func(const fs_ctx *c) { return c->fn; }
const fs_node *fs_ctx_node(const fs_ctx *c, int n) { return &c->fn->nodes[n]; }
fs_walk *fs_ctx_walk(fs_ctx *c) { return &c->walk; }
int fs_ctx_uses_setuid(const fs_ctx *c) { return c->opts->uses_setuid; }

const char *fs_ctx_source(const fs_ctx *c, const char *file, long *len)
{
    if (!c->opts->source)
        return NULL;
    return c->opts->source(c->opts->source_arg, file, len);
}

static int fs_is_pairable(const fs_node *n)
{
    return n->kind == FS_N_CALL && n->op.kind != FS_OP_NONE && n->path.key;
}

static int fs_by_offset(const void *a, const void *b, void *arg)
{
    const fs_func *fn = arg;
    const fs_node *x = &fn->nodes[*(const int *)a], *y = &fn->nodes[*(const int *)b];
    if (x->range.begin.offset != y->range.begin.offset)
        return x->range.begin.offset < y->range.begin.offset ? -1 : 1;
    return *(const int *)a - *(const int *)b;
}

int fs_ctx_nexts(fs_ctx *c, int a, const int **out)
{
    const fs_func *fn = c->fn;
    if (c->computed[a]) {
        *out = c->nexts[a];
        return c->nnexts[a];
    }
    c->computed[a] = 1;
    const fs_node *an = &fn->nodes[a];
    if (!fs_is_pairable(an)) {
        *out = NULL;
        return 0;
    }
    int *found = NULL, nfound = 0, capfound = 0;
    unsigned char *mark = fs_xcalloc((size_t)fn->nnodes, 1);
    int *stack = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    int sp = 0;
    mark[a] = 1;
    stack[sp++] = a;
    while (sp > 0) {
        int x = stack[--sp];
        const fs_node *xn = &fn->nodes[x];
        for (int i = 0; i < xn->nsucc; i++) {
            int t = fs_succ_unseen(xn, i, mark);
            if (t < 0)
                continue;
            const fs_node *tn = &fn->nodes[t];
            if (tn->then_node && x == a) {
                stack[sp++] = t; /* a wrapper's read after its own probe: no pair of the two */
                continue;
            }
            if (fs_is_pairable(tn) && fs_path_same(an, tn)) {
                FS_PUSH(found, nfound, capfound, t);
                /* a wrapper that probes, then reads: its probe for some rules,
                 * its read (the node after) for others */
                if (tn->op.then_kind != FS_OP_NONE && tn->op.kind == FS_OP_PROBE)
                    stack[sp++] = t;
                continue;
            }
            if (tn->kind == FS_N_WRITE && fs_write_kills(fn, t, &an->path))
                continue;
            stack[sp++] = t;
        }
    }
    free(mark);
    free(stack);
    /* a write on any way from a to b ends the pair; for the rules that follow
     * one outcome of a probe, a write on a way from the other does not */
    int w = 0, ns = 0, nf = 0;
    int *fs = fs_xmalloc(sizeof(int) * ((size_t)nfound + 1)), *ff = fs_xmalloc(sizeof(int) * ((size_t)nfound + 1));
    int probe = an->op.kind == FS_OP_PROBE;
    for (int i = 0; i < nfound; i++) {
        if (!fs_feasible_pair(fn, a, found[i]))
            continue;
        if (!fs_changes_between(&c->walk, a, found[i])) {
            fs[ns++] = ff[nf++] = found[i];
            found[w++] = found[i];
            continue;
        }
        if (probe && !fs_changes_between_on(&c->walk, a, found[i], FS_OUT_SUCC))
            fs[ns++] = found[i];
        if (probe && !fs_changes_between_on(&c->walk, a, found[i], FS_OUT_FAIL))
            ff[nf++] = found[i];
    }
    nfound = w;
    if (nfound > 1)
        qsort_r(found, (size_t)nfound, sizeof *found, fs_by_offset, (void *)fn);
    if (ns > 1)
        qsort_r(fs, (size_t)ns, sizeof *fs, fs_by_offset, (void *)fn);
    if (nf > 1)
        qsort_r(ff, (size_t)nf, sizeof *ff, fs_by_offset, (void *)fn);
    c->nexts[a] = found;
    c->nnexts[a] = nfound;
    c->nexts_s[a] = fs;
    c->nnexts_s[a] = ns;
    c->nexts_f[a] = ff;
    c->nnexts_f[a] = nf;
    *out = found;
    return nfound;
}

int fs_ctx_nexts_on(fs_ctx *c, int a, fs_outcome on, const int **out)
{
    const int *all;
    int n = fs_ctx_nexts(c, a, &all);
    if (on == FS_OUT_UNKNOWN || !c->nexts_s[a]) {
        *out = all;
        return n;
    }
    *out = on == FS_OUT_SUCC ? c->nexts_s[a] : c->nexts_f[a];
    return on == FS_OUT_SUCC ? c->nnexts_s[a] : c->nnexts_f[a];
}

char *fs_node_path(const fs_ctx *c, const fs_node *n)
{
    return fs_path_display(c->fn, n->path.key);
}

const char *fs_call_name(const fs_node *n, char *buf, size_t size)
{
    const char *name = n->macro ? n->macro : n->callee ? n->callee : n->op.base ? n->op.base : "call";
    snprintf(buf, size, "%s()", name);
    return buf;
}

fs_finding *fs_ctx_report(fs_ctx *c, int primary)
{
    if (c->claimed[primary])
        return NULL;
    c->claimed[primary] = 1;
    const fs_node *n = &c->fn->nodes[primary];
    fs_finding *f = fs_findings_add(c->out);
    f->rule = c->rule->id;
    f->name = c->rule->name;
    f->severity = c->rule->severity;
    f->file = fs_xstrdup(n->file ? n->file : c->fn->file);
    f->range = n->range;
    f->function = fs_xstrdup(c->fn->name);
    f->path_expr = fs_node_path(c, n);
    return f;
}

int fs_is_access_probe(const fs_node *n)
{
    return n->kind == FS_N_CALL && n->op.kind == FS_OP_PROBE && n->op.family == FS_PROBE_ACCESS;
}

int fs_is_creating_open(const fs_node *n)
{
    return n->kind == FS_N_CALL && n->op.kind == FS_OP_CREATE && n->op.open_mode != 0 && !n->op.excl;
}

int fs_is_stat_probe(const fs_node *n)
{
    return n->kind == FS_N_CALL && n->op.kind == FS_OP_PROBE && n->op.family == FS_PROBE_STAT;
}

int fs_is_existence_probe(const fs_node *n)
{
    if (n->kind != FS_N_CALL || n->op.kind != FS_OP_PROBE)
        return 0;
    if (n->op.family == FS_PROBE_ACCESS)
        return n->op.access_mode == FS_F_OK;
    return !n->op.fields_read;
}

void fs_engine_run(const fs_func *fn, const fs_engine_opts *opts, fs_findings *out)
{
    if (fn->incomplete)
        return;
    fs_ctx c;
    memset(&c, 0, sizeof c);
    c.fn = fn;
    c.opts = opts;
    c.out = out;
    fs_walk_init(&c.walk, fn);
    c.nexts = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nexts);
    c.nnexts = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nnexts);
    c.nexts_s = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nexts_s);
    c.nnexts_s = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nnexts_s);
    c.nexts_f = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nexts_f);
    c.nnexts_f = fs_xcalloc((size_t)fn->nnodes, sizeof *c.nnexts_f);
    c.computed = fs_xcalloc((size_t)fn->nnodes, 1);
    c.claimed = fs_xcalloc((size_t)fn->nnodes, 1);
    for (int i = 0; i < opts->nrules; i++) {
        c.rule = opts->rules[i];
        c.rule->check(&c);
    }
    for (int i = 0; i < fn->nnodes; i++)
        free(c.nexts[i]), free(c.nexts_s[i]), free(c.nexts_f[i]);
    free(c.nexts);
    free(c.nnexts);
    free(c.nexts_s);
    free(c.nnexts_s);
    free(c.nexts_f);
    free(c.nnexts_f);
    free(c.computed);
    free(c.claimed);
    fs_walk_fini(&c.walk);
}
