/* summary.c - wrapper summaries of project functions. */
#include "ir/summary.h"
#include "ir/calls.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fs_summaries *fs_summaries_new(void)
{
    return fs_xcalloc(1, sizeof(fs_summaries));
}

fs_summaries *fs_summaries_new_over(const fs_summaries *parent)
{
    fs_summaries *s = fs_xcalloc(1, sizeof(fs_summaries));
    s->parent = parent;
    return s;
}

fs_summaries *fs_summaries_new_resolver(const fs_summaries *(*resolve)(const void *arg, const char *name),
                                        const void *arg)
{
    fs_summaries *s = fs_xcalloc(1, sizeof(fs_summaries));
    s->resolve = resolve;
    s->resolve_arg = arg;
    return s;
}

void fs_summaries_clear(fs_summaries *s)
{
    for (int i = 0; i < s->n; i++)
        FS_FREE(s->v[i].name, s->v[i].file);
    FS_FREE(s->v, s->hash, s->nextidx);
    const fs_summaries *parent = s->parent;
    const fs_summaries *(*resolve)(const void *, const char *) = s->resolve;
    const void *resolve_arg = s->resolve_arg;
    memset(s, 0, sizeof *s);
    s->parent = parent;
    s->resolve = resolve;
    s->resolve_arg = resolve_arg;
}

void fs_summaries_delete(fs_summaries *s)
{
    if (!s)
        return;
    fs_summaries_clear(s);
    free(s);
}

static unsigned fs_hash(const char *s)
{
    return fs_fnv32(s, strlen(s));
}

static void fs_rehash(fs_summaries *s)
{
    int cap = s->hcap ? s->hcap * 2 : 64;
    while (cap < s->n * 2)
        cap *= 2;
    free(s->hash);
    s->hash = fs_xmalloc(sizeof(int) * (size_t)cap);
    for (int i = 0; i < cap; i++)
        s->hash[i] = -1;
    s->hcap = cap;
    for (int i = 0; i < s->n; i++) {
        if (s->nextidx[i] == -2)
            continue; /* not a first entry; linked below */
        unsigned h = fs_hash(s->v[i].name) & (unsigned)(cap - 1);
        while (s->hash[h] >= 0)
            h = (h + 1) & (unsigned)(cap - 1);
        s->hash[h] = i;
    }
}

static int fs_first_index(const fs_summaries *s, const char *name)
{
    if (!s || !s->hcap || !name)
        return -1;
    unsigned h = fs_hash(name) & (unsigned)(s->hcap - 1);
    while (s->hash[h] >= 0) {
        if (strcmp(s->v[s->hash[h]].name, name) == 0)
            return s->hash[h];
        h = (h + 1) & (unsigned)(s->hcap - 1);
    }
    return -1;
}

void fs_summaries_add(fs_summaries *s, const fs_summary *in)
{
    int first = fs_first_index(s, in->name);
    int capv = s->cap;
    fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
    int capn = capv;
    fs_grow(&s->nextidx, &capn, s->n + 1, sizeof *s->nextidx);
    int i = s->n++;
    s->v[i] = *in;
    s->v[i].name = fs_xstrdup(in->name);
    s->v[i].file = fs_xstrdup(in->file);
    s->nextidx[i] = -1;
    if (first >= 0) {
        int j = first;
        while (s->nextidx[j] >= 0)
            j = s->nextidx[j];
        s->nextidx[j] = i;
        /* mark as "not first" for rehashing: keep a separate flag by
         * storing the chain only; rehash skips entries reachable from a first */
    }
    if (s->n * 2 > s->hcap) {
        /* rebuild: only first entries go in the table */
        int cap = s->hcap ? s->hcap * 2 : 64;
        while (cap < s->n * 2)
            cap *= 2;
        free(s->hash);
        s->hash = fs_xmalloc(sizeof(int) * (size_t)cap);
        for (int k = 0; k < cap; k++)
            s->hash[k] = -1;
        s->hcap = cap;
        unsigned char *notfirst = fs_xcalloc((size_t)s->n, 1);
        for (int k = 0; k < s->n; k++)
            if (s->nextidx[k] >= 0)
                notfirst[s->nextidx[k]] = 1;
        for (int k = 0; k < s->n; k++) {
            if (notfirst[k])
                continue;
            unsigned h = fs_hash(s->v[k].name) & (unsigned)(cap - 1);
            while (s->hash[h] >= 0)
                h = (h + 1) & (unsigned)(cap - 1);
            s->hash[h] = k;
        }
        free(notfirst);
    } else if (first < 0) {
        unsigned h = fs_hash(in->name) & (unsigned)(s->hcap - 1);
        while (s->hash[h] >= 0)
            h = (h + 1) & (unsigned)(s->hcap - 1);
        s->hash[h] = i;
    }
    (void)fs_rehash;
}

/* The own entry of (name, param), if any. */
static int fs_own_has(const fs_summaries *s, const char *name, int param)
{
    for (int i = fs_first_index(s, name); i >= 0; i = s->nextidx[i])
        if (s->v[i].param == param)
            return 1;
    return 0;
}

/* From entry x of an ancestor on: the first one (name, param) no table
 * below it (from s up) has itself. */
static const fs_summary *fs_inherited_from(const fs_summaries *s, const fs_summaries *owner, const fs_summary *x)
{
    for (; x; x = fs_summaries_next(owner, x)) {
        int hidden = 0;
        for (const fs_summaries *t = s; t && t != owner && !hidden; t = t->parent)
            hidden = fs_own_has(t, x->name, x->param);
        if (!hidden)
            return x;
    }
    return NULL;
}

const fs_summary *fs_summaries_find(const fs_summaries *s, const char *name)
{
    if (!s)
        return NULL;
    int i = fs_first_index(s, name);
    if (i >= 0)
        return &s->v[i];
    if (s->resolve && name) {
        const fs_summaries *t = s->resolve(s->resolve_arg, name);
        i = t ? fs_first_index(t, name) : -1;
        return i >= 0 ? &t->v[i] : NULL;
    }
    return s->parent ? fs_summaries_find(s->parent, name) : NULL;
}

static int fs_holds(const fs_summaries *t, const fs_summary *x)
{
    return t && t->n > 0 && x >= t->v && x < t->v + t->n;
}

const fs_summary *fs_summaries_next(const fs_summaries *s, const fs_summary *prev)
{
    /* which table holds prev: one of the chain, or the one a resolving
     * table (the chain's last) chose for the name */
    const fs_summaries *owner = s, *resolved = NULL;
    while (owner && !fs_holds(owner, prev)) {
        if (owner->resolve) {
            resolved = owner->resolve(owner->resolve_arg, prev->name);
            if (!fs_holds(resolved, prev))
                return NULL;
            owner = resolved;
            break;
        }
        owner = owner->parent;
    }
    if (!owner)
        return NULL;
    int i = (int)(prev - owner->v);
    int j = owner->nextidx[i];
    if (j >= 0)
        return owner == s ? &s->v[j] : fs_inherited_from(s, owner, &owner->v[j]);
    if (resolved)
        return NULL;
    /* the end of owner's entries of the name: the next ancestor's */
    for (const fs_summaries *p = owner->parent; p; p = p->parent) {
        if (p->resolve) {
            const fs_summaries *t = p->resolve(p->resolve_arg, prev->name);
            int k = t ? fs_first_index(t, prev->name) : -1;
            return k >= 0 ? fs_inherited_from(s, t, &t->v[k]) : NULL;
        }
        int k = fs_first_index(p, prev->name);
        if (k >= 0)
            return fs_inherited_from(s, p, &p->v[k]);
    }
    return NULL;
}

int fs_op_equal(const fs_op *a, const fs_op *b)
{
    return a->kind == b->kind && a->family == b->family && a->access_mode == b->access_mode &&
           a->mode_param1 == b->mode_param1 &&
           a->follows == b->follows && a->fields_read == b->fields_read &&
           a->open_mode == b->open_mode && a->sense.kind == b->sense.kind && a->pure == b->pure &&
           a->others == b->others && a->readonly == b->readonly && a->exists_ok == b->exists_ok &&
           a->then_kind == b->then_kind && a->then_open_mode == b->then_open_mode &&
           a->copies == b->copies && a->excl == b->excl &&
           strcmp(a->pred, b->pred) == 0 &&
           a->sense.when_true == b->sense.when_true && a->sense.when_false == b->sense.when_false;
}

static const fs_summary *fs_find_param(const fs_summaries *s, const char *name, int param)
{
    for (const fs_summary *x = fs_summaries_find(s, name); x; x = fs_summaries_next(s, x))
        if (x->param == param)
            return x;
    return NULL;
}

int fs_summaries_equal(const fs_summaries *a, const fs_summaries *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++) {
        const fs_summary *o = NULL;
        for (int k = fs_first_index(b, a->v[i].name); k >= 0 && !o; k = b->nextidx[k])
            if (b->v[k].param == a->v[i].param)
                o = &b->v[k];
        if (!o || !fs_op_equal(&o->op, &a->v[i].op))
            return 0;
    }
    return 1;
}

void fs_summaries_merge(fs_summaries *dst, const fs_summaries *src)
{
    for (int i = 0; i < src->n; i++)
        if (!fs_find_param(dst, src->v[i].name, src->v[i].param))
            fs_summaries_add(dst, &src->v[i]);
}

/* --- summarizing ----------------------------------------------------------- */

/* A call after which some file may differ: a create, remove or change of a
 * path, a write through a descriptor, a child process, a helper that does. */
static int fs_node_changes(const fs_node *n)
{
    if (n->kind != FS_N_CALL)
        return 0;
    return n->changes_fs || n->op.kind == FS_OP_CREATE || n->op.kind == FS_OP_REMOVE ||
           n->op.kind == FS_OP_MODIFY || n->op.kind == FS_OP_MAYBE;
}

/* A project function that changes something elsewhere cannot act on a
 * path made here unless it is given it (then it has an operation, or copies
 * it further, on that argument). */
int fs_node_changes_here(const fs_node *n)
{
    if (n->kind != FS_N_CALL)
        return 0;
    if (n->op.kind == FS_OP_CREATE || n->op.kind == FS_OP_REMOVE || n->op.kind == FS_OP_MODIFY ||
        n->op.kind == FS_OP_MAYBE)
        return 1;
    return n->changes_fs && n->callee && fs_call_lookup(n->callee);
}

/* The edges a walk over a parameter's ways takes from node xn: not loop
 * back edges, not the edge of its NULL or empty guard. */
static int fs_param_walk_edge(const fs_node *xn, int i, int var)
{
    return !xn->succ[i].back && !(xn->kind == FS_N_BRANCH && xn->guard_var == var && xn->guard_edge == i);
}

static int fs_is_param_op(const fs_func *fn, int n, int var)
{
    const fs_node *node = &fn->nodes[n];
    if (node->kind != FS_N_CALL || node->op.kind == FS_OP_NONE || !node->path.key || node->dirfd.key)
        return 0;
    char want[32];
    snprintf(want, sizeof want, "v%d", var);
    return strcmp(node->path.key, want) == 0;
}

static fs_outcome fs_meet(fs_outcome acc, int *seen, fs_outcome x)
{
    if (!*seen) {
        *seen = 1;
        return x;
    }
    return acc == x ? acc : FS_OUT_UNKNOWN;
}

static fs_outcome fs_refine(fs_outcome expr, fs_outcome path)
{
    if (expr == FS_OUT_UNKNOWN)
        return path;
    if (path == FS_OUT_UNKNOWN || path == expr)
        return expr;
    return FS_OUT_UNKNOWN;
}

static fs_sense fs_return_sense(const fs_func *fn, fs_walk *w, int c)
{
    fs_sense out = { FS_VAL_UNKNOWN, FS_OUT_UNKNOWN, FS_OUT_UNKNOWN };
    fs_outcome t = FS_OUT_UNKNOWN, f = FS_OUT_UNKNOWN;
    int tseen = 0, fseen = 0, nraw = 0, nret = 0;
    fs_value_kind rawkind = FS_VAL_UNKNOWN;
    for (int r = 0; r < fn->nnodes; r++) {
        const fs_node *rn = &fn->nodes[r];
        if (rn->kind != FS_N_RETURN)
            continue;
        int how = fs_outcome_reach(w, c, r);
        if (!(how & FS_REACH))
            continue; /* returns before the probe: argument checks */
        nret++;
        if (rn->ret_void)
            return out;
        fs_outcome path = (how & FS_REACH_SUCC_ONLY) ? FS_OUT_SUCC
                        : (how & FS_REACH_FAIL_ONLY) ? FS_OUT_FAIL : FS_OUT_UNKNOWN;
        if (rn->ret_test == c && rn->ret_sense.kind != FS_VAL_BOOL && rn->ret_sense.kind != FS_VAL_UNKNOWN) {
            if (nraw == 0)
                rawkind = rn->ret_sense.kind;
            else if (rawkind != rn->ret_sense.kind)
                rawkind = FS_VAL_UNKNOWN;
            nraw++;
            if (rn->ret_sense.kind == FS_VAL_RAW) {
                t = fs_meet(t, &tseen, fs_refine(FS_OUT_FAIL, path));
                f = fs_meet(f, &fseen, fs_refine(FS_OUT_SUCC, path));
            } else if (rn->ret_sense.kind == FS_VAL_PTR) {
                t = fs_meet(t, &tseen, fs_refine(FS_OUT_SUCC, path));
                f = fs_meet(f, &fseen, fs_refine(FS_OUT_FAIL, path));
            } else {
                t = fs_meet(t, &tseen, FS_OUT_UNKNOWN);
                f = fs_meet(f, &fseen, FS_OUT_UNKNOWN);
            }
            continue;
        }
        if (rn->ret_const) {
            if (rn->ret_value)
                t = fs_meet(t, &tseen, path);
            else
                f = fs_meet(f, &fseen, path);
            continue;
        }
        if (rn->ret_test == c && rn->ret_sense.kind == FS_VAL_BOOL) {
            t = fs_meet(t, &tseen, fs_refine(rn->ret_sense.when_true, path));
            f = fs_meet(f, &fseen, fs_refine(rn->ret_sense.when_false, path));
            continue;
        }
        t = fs_meet(t, &tseen, path);
        f = fs_meet(f, &fseen, path);
    }
    if (nret == 0)
        return out;
    if (nraw == nret && rawkind != FS_VAL_UNKNOWN) {
        out.kind = rawkind;
        return out;
    }
    if (t != FS_OUT_UNKNOWN || f != FS_OUT_UNKNOWN) {
        out.kind = FS_VAL_BOOL;
        out.when_true = tseen ? t : FS_OUT_UNKNOWN;
        out.when_false = fseen ? f : FS_OUT_UNKNOWN;
    }
    return out;
}

typedef struct fs_block_arg {
    int var;
} fs_block_arg;

/* An empty summary of parameter variable var of fn. */
static void fs_param_summary_init(fs_summary *s, const fs_func *fn, int var)
{
    memset(s, 0, sizeof *s);
    s->name = fn->name;
    s->param = fn->vars[var].param_index;
    s->file = fn->file;
    s->line = fn->range.begin.line;
    s->op.access_mode = FS_MODE_UNKNOWN;
}

static void fs_summarize_param_ops(const fs_func *fn, int var, fs_walk *w, fs_summaries *out);

/* Does fn leave what pointer parameter var points to alone: no write
 * through it (or a pointer into it), not stored, not returned, not passed
 * where it may be written? */
static int fs_param_readonly(const fs_func *fn, int var)
{
    const fs_var *v = &fn->vars[var];
    if (v->is_scalar || v->escapes || v->returned || fn->incomplete || fn->entry < 0 || fn->entry >= fn->nnodes ||
        fn->nodes[fn->entry].nsucc == 0) /* not lowered (the index left it out): nothing known */
        return 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind == FS_N_WRITE && x->var == var && (x->through || (x->member && strstr(x->member, "->"))))
            return 0;
    }
    return 1;
}

static void fs_summarize_param(const fs_func *fn, int var, fs_walk *w, fs_summaries *out)
{
    int before = out->n;
    fs_summarize_param_ops(fn, var, w, out);
    if (!fs_param_readonly(fn, var))
        return;
    if (out->n > before) {
        for (int k = before; k < out->n; k++)
            out->v[k].op.readonly = 1;
    } else if (!fn->vars[var].ptr_to_const) {
        /* `int file_exists(char *name)` that only stats it: its callers'
         * argument is left alone, whatever the prototype says */
        fs_summary s;
        fs_param_summary_init(&s, fn, var);
        s.op.readonly = 1;
        s.op.via_wrapper = 1;
        fs_summaries_add(out, &s);
    }
}

/* Does every way on from the probes first[] reach an open of parameter
 * var (a way that returns a negative constant first aside), with nothing
 * else done to it before?  The opens' modes into *mode. */
static int fs_open_follows(const fs_func *fn, fs_walk *w, int var, const int *first, int nfirst, int *mode)
{
    unsigned char *seen = fs_xcalloc((size_t)fn->nnodes, 1);
    int *stack = fs_xmalloc(sizeof(int) * ((size_t)fn->nnodes + 1));
    int sp = 0, ok = 1;
    (void)w;
    for (int i = 0; i < nfirst; i++)
        if (!seen[first[i]]) {
            seen[first[i]] = 1;
            stack[sp++] = first[i];
        }
    while (sp > 0 && ok) {
        int x = stack[--sp];
        const fs_node *xn = &fn->nodes[x];
        if (x == fn->exit) {
            ok = 0;
            break;
        }
        if (xn->kind == FS_N_RETURN && xn->ret_const && xn->ret_value < 0)
            continue;
        for (int i = 0; i < xn->nsucc && ok; i++) {
            int t = fs_succ_unseen(xn, i, seen);
            if (t < 0)
                continue;
            if (fs_is_param_op(fn, t, var)) {
                const fs_op *op = &fn->nodes[t].op;
                if (op->kind == FS_OP_OPEN) {
                    *mode |= op->open_mode;
                    continue;
                }
                if (fn->nodes[t].then_node) { /* a wrapper's read that may not happen */
                    ok = 0;
                    break;
                }
                if (op->kind != FS_OP_PROBE) {
                    ok = 0;
                    break;
                }
            }
            stack[sp++] = t;
        }
    }
    free(seen);
    free(stack);
    return ok;
}

static void fs_summarize_param_ops(const fs_func *fn, int var, fs_walk *w, fs_summaries *out)
{
    int nops = 0, any_mod = 0;
    for (int n = 0; n < fn->nnodes; n++) {
        if (!fs_is_param_op(fn, n, var))
            continue;
        nops++;
        if (fn->nodes[n].then_node)
            continue; /* what a two-step wrapper does after its probe: see fs_open_follows */
        fs_op_kind k = fn->nodes[n].op.kind;
        if (k == FS_OP_CREATE || k == FS_OP_REMOVE || k == FS_OP_MODIFY || k == FS_OP_MAYBE ||
            (k == FS_OP_OPEN && (fn->nodes[n].op.open_mode & FS_OPEN_WRITE)))
            any_mod = 1;
    }
    /* a path made from the parameter, in a function that creates, removes or
     * changes something: it may act on the file the parameter names */
    int derived_mod = 0;
    if (fn->vars[var].derived)
        for (int n = 0; n < fn->nnodes && !derived_mod; n++)
            derived_mod = fs_node_changes_here(&fn->nodes[n]);
    if (!nops && !fn->vars[var].escapes && !derived_mod) {
        if (fn->vars[var].derived) {
            /* copied, and nothing here acts on a path: the copy is what
             * its callers must know (the storage may reach a call that does) */
            fs_summary s;
            fs_param_summary_init(&s, fn, var);
            s.op.copies = 1;
            s.op.via_wrapper = 1;
            fs_summaries_add(out, &s);
        }
        return;
    }
    if (fn->vars[var].escapes || derived_mod)
        any_mod = 1; /* kept somewhere, or a sibling path made: what is done with it later is unknown */
    /* walk from entry; stop at ops on the parameter; skip its NULL/empty guards */
    memset(w->mark, 0, (size_t)fn->nnodes);
    int sp = 0;
    w->stack[sp++] = fn->entry;
    w->mark[fn->entry] = 1;
    int *first = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    int nfirst = 0, exit_reached = 0;
    /* a function that returns what fopen() or opendir() did fails with NULL */
    int ptr_fn = 0;
    for (int n = 0; n < fn->nnodes && !ptr_fn; n++) {
        const fs_node *r = &fn->nodes[n];
        ptr_fn = r->kind == FS_N_RETURN && r->ret_test >= 0 && fn->nodes[r->ret_test].op.sense.kind == FS_VAL_PTR &&
                 fs_is_param_op(fn, r->ret_test, var);
    }
    while (sp > 0) {
        int x = w->stack[--sp];
        const fs_node *xn = &fn->nodes[x];
        if (x == fn->exit) {
            exit_reached = 1;
            continue;
        }
        /* a way that fails before the operation (`return -1;`) tells its
         * caller what a failed operation would: it does not count */
        if (xn->kind == FS_N_RETURN && xn->ret_const && (xn->ret_value < 0 || (ptr_fn && xn->ret_value == 0)))
            continue;
        for (int i = 0; i < xn->nsucc; i++) {
            if (!fs_param_walk_edge(xn, i, var))
                continue;
            int t = xn->succ[i].to;
            if (w->mark[t])
                continue;
            w->mark[t] = 1;
            if (fs_is_param_op(fn, t, var)) {
                first[nfirst++] = t;
                continue;
            }
            w->stack[sp++] = t;
        }
    }
    fs_summary s;
    fs_param_summary_init(&s, fn, var);
    s.op.follows = 1;
    int ok = 0;
    if (fn->vars[var].escapes || derived_mod) {
        s.op.kind = FS_OP_MAYBE;
        ok = 1;
    } else if (exit_reached || nfirst == 0) {
        if (any_mod) {
            s.op.kind = FS_OP_MAYBE;
            ok = 1;
        }
    } else {
        int all_create = 1, all_remove = 1, all_open = 1, all_probe = 1, mode = 0;
        for (int i = 0; i < nfirst; i++) {
            const fs_op *op = &fn->nodes[first[i]].op;
            all_create &= op->kind == FS_OP_CREATE;
            all_remove &= op->kind == FS_OP_REMOVE;
            all_open &= op->kind == FS_OP_OPEN;
            all_probe &= op->kind == FS_OP_PROBE;
            mode |= op->open_mode;
        }
        const fs_node *f0 = &fn->nodes[first[0]];
        s.op = f0->op;
        s.op.base = f0->op.base;
        if (any_mod) {
            if (all_create || all_remove) {
                ok = 1;
                s.op.sense = fs_return_sense(fn, w, first[0]);
                if (nfirst > 1)
                    s.op.sense.kind = FS_VAL_UNKNOWN;
                /* creates that differ (`p ? g_mkdir_with_parents(d) : g_mkdir(d)`): what holds of all */
                for (int i = 1; i < nfirst; i++) {
                    const fs_op *op = &fn->nodes[first[i]].op;
                    s.op.excl &= op->excl;
                    s.op.exists_ok &= op->exists_ok;
                }
            } else {
                s.op.kind = FS_OP_MAYBE;
                ok = 1;
            }
        } else if (all_open) {
            ok = 1;
            s.op.open_mode = mode;
            s.op.sense = nfirst == 1 ? fs_return_sense(fn, w, first[0]) : (fs_sense){ 0 };
        } else if (all_probe) {
            int same = 1, has_open = 0, fields = 0;
            for (int i = 1; i < nfirst; i++) {
                const fs_op *op = &fn->nodes[first[i]].op;
                same &= op->family == f0->op.family && op->follows == f0->op.follows &&
                        op->access_mode == f0->op.access_mode;
            }
            for (int n = 0; n < fn->nnodes; n++)
                if (fs_is_param_op(fn, n, var)) {
                    if (fn->nodes[n].op.kind == FS_OP_OPEN || fn->nodes[n].then_node)
                        has_open = 1;
                    if (fn->nodes[n].op.kind == FS_OP_PROBE && fn->nodes[n].op.fields_read)
                        fields = 1;
                }
            if (has_open && !same) {
                s.op.kind = FS_OP_MAYBE;
                ok = 1;
            } else if (same) {
                if (has_open) {
                    /* a probe, then it reads the file: the probe for what comes
                     * before the call, the open for what comes after */
                    int mode = 0;
                    s.op.then_kind = fs_open_follows(fn, w, var, first, nfirst, &mode) ? FS_OP_OPEN : FS_OP_MAYBE;
                    s.op.then_open_mode = s.op.then_kind == FS_OP_OPEN ? mode : 0;
                }
                ok = 1;
                s.op.fields_read = fields;
                s.op.sense = nfirst == 1 ? fs_return_sense(fn, w, first[0]) : (fs_sense){ 0 };
                /* `return stat(p, &st) == 0 && S_ISDIR(st.st_mode);` alone: its predicate */
                s.op.pred[0] = '\0';
                int nret = 0;
                const char *pred = NULL;
                for (int n = 0; n < fn->nnodes; n++)
                    if (fn->nodes[n].kind == FS_N_RETURN) {
                        nret++;
                        if (fn->nodes[n].ret_test == first[0] && fn->nodes[n].ret_pred[0])
                            pred = fn->nodes[n].ret_pred;
                    }
                if (nfirst == 1 && nret == 1 && pred && f0->op.family == FS_PROBE_STAT)
                    snprintf(s.op.pred, sizeof s.op.pred, "%s", pred);
            }
        } else {
            s.op.kind = FS_OP_MAYBE;
            ok = 1;
        }
    }
    free(first);
    if (ok) {
        /* pure: the function does nothing but the operation on its parameter */
        s.op.pure = 1;
        for (int n = 0; n < fn->nnodes && s.op.pure; n++) {
            const fs_node *x = &fn->nodes[n];
            if (x->kind == FS_N_CALL && !fs_is_param_op(fn, n, var))
                s.op.pure = 0;
            if (x->kind == FS_N_WRITE && (x->var < 0 || fn->vars[x->var].kind == FS_VAR_GLOBAL))
                s.op.pure = 0;
        }
        /* others: another call that does something to some path, or the
         * parameter copied into other storage (what is done with the copy
         * is not seen: git_str_sets(&dir, path), then a walk of dir) */
        s.op.others = fn->vars[var].derived;
        for (int n = 0; n < fn->nnodes && !s.op.others; n++) {
            const fs_node *x = &fn->nodes[n];
            if (x->kind == FS_N_CALL && !fs_is_param_op(fn, n, var) && x->op.kind != FS_OP_NONE &&
                x->op.kind != FS_OP_PROBE)
                s.op.others = 1;
        }
        s.op.via_wrapper = 1;
        fs_summaries_add(out, &s);
    }
}

/* Is the function's exit reached from its entry (some path returns)? */
int fs_summary_noreturn_when(int param, int *k, int *nonzero)
{
    if (param > FS_SUMMARY_NORETURN_WHEN(0, 0) || param < FS_SUMMARY_LOWEST)
        return 0;
    *k = (-16 - param) / 2;
    *nonzero = (-16 - param) % 2;
    return 1;
}

/* Whether the exit is reached from the entry; with var >= 0, taking at
 * each test of var only the edge its value allows (nonzero or zero). */
static int fs_func_returns_when(const fs_func *fn, int var, int nonzero)
{
    if (fn->entry < 0 || fn->exit < 0 || fn->incomplete || fn->nodes[fn->entry].nsucc == 0)
        return 1; /* not lowered (a function the index leaves out): nothing known */
    unsigned char *mark = fs_xcalloc((size_t)fn->nnodes, 1);
    int *stack = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    int sp = 0, found = 0;
    stack[sp++] = fn->entry;
    mark[fn->entry] = 1;
    while (sp > 0 && !found) {
        int x = stack[--sp];
        if (x == fn->exit)
            found = 1;
        const fs_node *xn = &fn->nodes[x];
        for (int i = 0; i < xn->nsucc; i++) {
            int t = xn->succ[i].to;
            if (var >= 0 && xn->kind == FS_N_BRANCH && xn->guard_var == var && (i == xn->guard_edge) == nonzero)
                continue;
            if (!mark[t]) {
                mark[t] = 1;
                stack[sp++] = t;
            }
        }
    }
    FS_FREE(mark, stack);
    return found;
}

static int fs_func_returns(const fs_func *fn)
{
    return fs_func_returns_when(fn, -1, 0);
}

/* A function that returns: whether it returns on no path when a parameter
 * its body tests is nonzero, or zero (a parameter never assigned). */
static void fs_summarize_noreturn_when(const fs_func *fn, fs_summary *s, fs_summaries *out)
{
    for (int v = 0; v < fn->nvars; v++) {
        const fs_var *var = &fn->vars[v];
        if (var->kind != FS_VAR_PARAM || var->param_index < 0 || var->param_index >= FS_SUMMARY_WHEN_PARAMS)
            continue;
        int tested = 0, written = 0;
        for (int n = 0; n < fn->nnodes; n++) {
            tested |= fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].guard_var == v;
            written |= fn->nodes[n].kind == FS_N_WRITE && fn->nodes[n].var == v && !fn->nodes[n].through;
        }
        if (!tested || written)
            continue;
        for (int nz = 0; nz <= 1; nz++)
            if (!fs_func_returns_when(fn, v, nz)) {
                s->param = FS_SUMMARY_NORETURN_WHEN(var->param_index, nz);
                fs_summaries_add(out, s);
            }
    }
}

void fs_summarize(const fs_func *fn, fs_summaries *out)
{
    if (fn->incomplete)
        return;
    fs_walk w;
    fs_walk_init(&w, fn);
    for (int v = 0; v < fn->nvars; v++)
        if (fn->vars[v].kind == FS_VAR_PARAM && fn->vars[v].param_index >= 0)
            fs_summarize_param(fn, v, &w, out);
    fs_walk_fini(&w);
    /* function-level facts */
    fs_summary s;
    memset(&s, 0, sizeof s);
    s.name = fn->name;
    s.file = fn->file;
    s.line = fn->range.begin.line;
    s.op.access_mode = FS_MODE_UNKNOWN;
    s.param = FS_SUMMARY_DEFINED;
    fs_summaries_add(out, &s);
    for (int n = 0; n < fn->nnodes; n++)
        if (fs_node_changes(&fn->nodes[n])) {
            s.param = FS_SUMMARY_CHANGES;
            s.op.kind = FS_OP_MAYBE;
            fs_summaries_add(out, &s);
            break;
        }
    s.op.kind = FS_OP_NONE;
    if (!fs_func_returns(fn)) {
        s.param = FS_SUMMARY_NORETURN;
        fs_summaries_add(out, &s);
    } else {
        fs_summarize_noreturn_when(fn, &s, out);
    }
}

void fs_op_describe(const fs_op *op, char *buf, size_t n)
{
    const char *base = op->base ? op->base : "?";
    char what[160];
    switch (op->kind) {
    case FS_OP_PROBE:
        if (op->family == FS_PROBE_ACCESS) {
            if (op->access_mode == FS_F_OK)
                snprintf(what, sizeof what, "an existence check (%s() with F_OK)", base);
            else if (op->access_mode == FS_MODE_UNKNOWN)
                snprintf(what, sizeof what, "an access() check of a mode %s", op->mode_param1 ?
                         "its caller passes (resolved at each call)" : "not known");
            else
                snprintf(what, sizeof what, "an access() check of %s%s%s%s", op->access_mode & FS_R_OK ? "R_OK " : "",
                         op->access_mode & FS_W_OK ? "W_OK " : "", op->access_mode & FS_X_OK ? "X_OK " : "",
                         "on it");
        } else {
            snprintf(what, sizeof what, "a %s()%s%s%s", base, op->pred[0] ? " that tests " : "",
                     op->pred[0] ? op->pred : "", op->fields_read ? ", its answer used" : "");
        }
        break;
    case FS_OP_OPEN:
        snprintf(what, sizeof what, "an open for %s (%s())",
                 op->open_mode == (FS_OPEN_READ | FS_OPEN_WRITE) ? "reading and writing"
                 : op->open_mode & FS_OPEN_WRITE ? "writing" : "reading", base);
        break;
    case FS_OP_CREATE:
        snprintf(what, sizeof what, "a create (%s())%s", base, op->excl ? " that fails when it exists" : "");
        break;
    case FS_OP_REMOVE:
        snprintf(what, sizeof what, "a remove (%s())", base);
        break;
    case FS_OP_MODIFY:
        snprintf(what, sizeof what, "a change of the file (%s())", base);
        break;
    case FS_OP_MAYBE:
        if (op->mode_param1)
            snprintf(what, sizeof what, "an open or a create (%s()), as its argument %d (a mode or flags) says at "
                                        "each call", base, op->mode_param1);
        else
            snprintf(what, sizeof what, "no one operation: it may create, remove or change the file on some paths "
                                        "(so it ends pairs, and starts none)");
        break;
    default:
        snprintf(what, sizeof what, "%s", op->copies ? "copied into other storage (a path may be made of it)"
                                                      : "nothing done to the file it names");
        break;
    }
    char sense[80] = "";
    if (op->kind == FS_OP_PROBE && op->sense.kind == FS_VAL_BOOL && op->sense.when_true == FS_OUT_SUCC)
        snprintf(sense, sizeof sense, "; true when it %s", op->family == FS_PROBE_ACCESS && op->access_mode == FS_F_OK
                                                                ? "exists" : "succeeds");
    else if (op->sense.kind == FS_VAL_RAW)
        snprintf(sense, sizeof sense, "; 0 on success");
    snprintf(buf, n, "%s%s%s%s", what, sense, op->others ? "; it also acts on other paths" : "",
             op->kind != FS_OP_NONE && op->pure ? "; nothing else" : "");
}

void fs_param_why_not(const fs_func *fn, int var, char *buf, size_t n)
{
    const fs_var *v = &fn->vars[var];
    if (fn->incomplete) {
        snprintf(buf, n, "the function %s", fn->incomplete_why ? fn->incomplete_why : "could not be analysed whole");
        return;
    }
    if (v->escapes) {
        snprintf(buf, n, "it is stored where the callers cannot see (a struct member, a global): what is done "
                         "with it later is not known");
        return;
    }
    int nops = 0;
    for (int k = 0; k < fn->nnodes; k++)
        nops += fs_is_param_op(fn, k, var);
    if (!nops) {
        snprintf(buf, n, "no call in it acts on '%s'%s", v->name ? v->name : "?",
                 v->derived ? " (it is copied into a buffer, which fscheck does not follow)" : "");
        return;
    }
    /* a way from the entry to a return that passes no operation on it */
    unsigned char *mark = fs_xcalloc((size_t)fn->nnodes, 1);
    int *stack = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    int sp = 0, ret = -1;
    stack[sp++] = fn->entry;
    mark[fn->entry] = 1;
    while (sp > 0 && ret < 0) {
        int x = stack[--sp];
        const fs_node *xn = &fn->nodes[x];
        if (xn->kind == FS_N_RETURN || x == fn->exit) {
            ret = x;
            break;
        }
        for (int i = 0; i < xn->nsucc; i++) {
            if (!fs_param_walk_edge(xn, i, var))
                continue;
            int t = xn->succ[i].to;
            if (mark[t] || fs_is_param_op(fn, t, var))
                continue;
            mark[t] = 1;
            stack[sp++] = t;
        }
    }
    free(mark);
    free(stack);
    if (ret >= 0 && fn->nodes[ret].kind == FS_N_RETURN && fn->nodes[ret].range.begin.line > 0)
        snprintf(buf, n, "the return on line %d is reached without a call on '%s'", fn->nodes[ret].range.begin.line,
                 v->name ? v->name : "?");
    else if (ret >= 0)
        snprintf(buf, n, "a way through it reaches its end without a call on '%s'", v->name ? v->name : "?");
    else
        snprintf(buf, n, "the calls on '%s' differ between the ways through it (not one operation on every way)",
                 v->name ? v->name : "?");
}
