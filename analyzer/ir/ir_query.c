/* ir_query.c - graph questions the rules ask of a function's IR. */
#include "ir/ir.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

void fs_walk_init(fs_walk *w, const fs_func *fn)
{
    w->fn = fn;
    w->mark = fs_xcalloc((size_t)fn->nnodes + 1, 1);
    w->stack = fs_xmalloc(sizeof(int) * ((size_t)fn->nnodes + 1) * 2);
}

void fs_walk_fini(fs_walk *w)
{
    free(w->mark);
    free(w->stack);
    w->mark = NULL;
    w->stack = NULL;
}

/* Marks (bit `bit`) every node reachable from `from` along forward edges,
 * not entering blocked nodes and not taking edges for which skip_edge says so. */
typedef int (*fs_edge_filter)(const fs_func *, int node, int edge, void *arg);

static void fs_mark_forward(fs_walk *w, int from, unsigned char bit,
                            int (*block)(const fs_func *, int, void *), void *barg,
                            fs_edge_filter skip, void *sarg)
{
    const fs_func *fn = w->fn;
    int sp = 0;
    w->mark[from] |= bit;
    w->stack[sp++] = from;
    while (sp > 0) {
        int n = w->stack[--sp];
        const fs_node *node = &fn->nodes[n];
        for (int i = 0; i < node->nsucc; i++) {
            if (node->succ[i].back)
                continue;
            if (skip && skip(fn, n, i, sarg))
                continue;
            int t = node->succ[i].to;
            if (w->mark[t] & bit)
                continue;
            w->mark[t] |= bit;
            if (block && block(fn, t, barg))
                continue;
            w->stack[sp++] = t;
        }
    }
}

int fs_reach(fs_walk *w, int from, int to, int (*block)(const fs_func *, int, void *), void *arg)
{
    memset(w->mark, 0, (size_t)w->fn->nnodes);
    fs_mark_forward(w, from, 1, block, arg, NULL, NULL);
    return (w->mark[to] & 1) != 0;
}

static int fs_is_node(const fs_func *fn, int node, void *arg)
{
    (void)fn;
    return node == *(const int *)arg;
}

int fs_dominates(fs_walk *w, int a, int b)
{
    if (a == b)
        return 1;
    return !fs_reach(w, w->fn->entry, b, fs_is_node, &a);
}

static int fs_deps_has(const fs_path *p, int var)
{
    for (int i = 0; i < p->ndeps; i++)
        if (p->deps[i] == var)
            return 1;
    return 0;
}

/* Does member chain a overlap b (one is a prefix of the other at a boundary)? */
static int fs_chain_overlap(const char *a, const char *b)
{
    if (!a || !b || !*a || !*b)
        return 1;
    size_t la = strlen(a), lb = strlen(b);
    size_t m = la < lb ? la : lb;
    if (strncmp(a, b, m) != 0)
        return 0;
    const char *rest = la < lb ? b + m : a + m;
    return *rest == '\0' || *rest == '.' || *rest == '-' || *rest == '[';
}

int fs_write_kills(const fs_func *fn, int wnode, const fs_path *p)
{
    const fs_node *w = &fn->nodes[wnode];
    if (w->kind != FS_N_WRITE || !p->key)
        return 0;
    if (w->var == FS_WRITE_CWD) /* chdir: every path but absolute literals and *at() ones */
        return !(p->key[0] == '"' && p->key[1] == '/') && strncmp(p->key, "fd:", 3) != 0;
    if (w->var < 0)
        return p->root >= 0 && fn->vars[p->root].kind == FS_VAR_GLOBAL; /* unknown callee: globals */
    if (!fs_deps_has(p, w->var))
        return 0;
    if (w->var != p->root)
        return 1; /* an index variable or the directory fd changed */
    /* member chain of the path after its root variable */
    const char *chain = strchr(p->key, '|');
    chain = chain ? chain + 1 : p->key;
    while (*chain && *chain != '.' && *chain != '-' && *chain != '[')
        chain++;
    return fs_chain_overlap(w->member, chain);
}

typedef struct fs_kill_arg {
    const fs_path *p1, *p2;
} fs_kill_arg;

/* Predecessor lists of fn's nodes (forward edges only, or all): those of
 * node x are pred[cnt[x] .. cnt[x + 1]).  The caller frees both. */
static void fs_preds(const fs_func *fn, int forward_only, int **cnt_out, int **pred_out)
{
    int n = fn->nnodes;
    int *cnt = fs_xcalloc((size_t)n + 1, sizeof(int));
    for (int x = 0; x < n; x++)
        for (int i = 0; i < fn->nodes[x].nsucc; i++)
            if (!forward_only || !fn->nodes[x].succ[i].back)
                cnt[fn->nodes[x].succ[i].to + 1]++;
    for (int x = 0; x < n; x++)
        cnt[x + 1] += cnt[x];
    int *pred = fs_xmalloc(sizeof(int) * ((size_t)cnt[n] + 1));
    int *fill = fs_xmalloc(sizeof(int) * ((size_t)n + 1));
    memcpy(fill, cnt, sizeof(int) * (size_t)n);
    for (int x = 0; x < n; x++)
        for (int i = 0; i < fn->nodes[x].nsucc; i++)
            if (!forward_only || !fn->nodes[x].succ[i].back)
                pred[fill[fn->nodes[x].succ[i].to]++] = x;
    free(fill);
    *cnt_out = cnt;
    *pred_out = pred;
}

/* Nodes on some way from `from` to `to`, loops included: forward from
 * `from` without passing through `to`, backward from `to` without passing
 * through `from`. */
typedef struct fs_outcome_arg {
    int call;
    fs_outcome drop;
} fs_outcome_arg;

/* The same, along the ways that leave `from` by its outcome `keep` only (the
 * other outcome's branch edges not taken); FS_OUT_UNKNOWN: every way. */
static int fs_between_marks_on(fs_walk *w, int from, int to, fs_outcome keep)
{
    const fs_func *fn = w->fn;
    int n = fn->nnodes;
    memset(w->mark, 0, (size_t)n);
    int sp = 0;
    w->mark[from] |= 1;
    w->stack[sp++] = from;
    while (sp > 0) {
        int x = w->stack[--sp];
        if (x == to && x != from)
            continue;
        const fs_node *xn = &fn->nodes[x];
        for (int i = 0; i < xn->nsucc; i++) {
            /* the edges of `from`'s tests that are not known to be its outcome `keep` */
            if (keep != FS_OUT_UNKNOWN && xn->kind == FS_N_BRANCH && xn->test == from && i < 2 && xn->out[i] != keep)
                continue;
            int t = fn->nodes[x].succ[i].to;
            if (!(w->mark[t] & 1)) {
                w->mark[t] |= 1;
                w->stack[sp++] = t;
            }
        }
    }
    if (!(w->mark[to] & 1))
        return 0;
    /* predecessor lists, built once for this question */
    int *cnt, *pred;
    fs_preds(fn, 0, &cnt, &pred);
    sp = 0;
    w->mark[to] |= 2;
    w->stack[sp++] = to;
    while (sp > 0) {
        int x = w->stack[--sp];
        if (x == from && x != to)
            continue;
        for (int k = cnt[x]; k < cnt[x + 1]; k++) {
            int t = pred[k];
            if (!(w->mark[t] & 2)) {
                w->mark[t] |= 2;
                w->stack[sp++] = t;
            }
        }
    }
    free(cnt);
    free(pred);
    return 1;
}

static int fs_between_marks(fs_walk *w, int from, int to)
{
    return fs_between_marks_on(w, from, to, FS_OUT_UNKNOWN);
}

int fs_write_between(fs_walk *w, int from, int to, const fs_path *p)
{
    if (!fs_between_marks(w, from, to))
        return 0;
    const fs_func *fn = w->fn;
    for (int x = 0; x < fn->nnodes; x++)
        if ((w->mark[x] & 3) == 3 && x != from && x != to && fs_write_kills(fn, x, p))
            return 1;
    return 0;
}

int fs_changes_between(fs_walk *w, int from, int to)
{
    return fs_changes_between_on(w, from, to, FS_OUT_UNKNOWN);
}

int fs_changes_between_on(fs_walk *w, int from, int to, fs_outcome keep)
{
    if (!fs_between_marks_on(w, from, to, keep))
        return 0;
    const fs_func *fn = w->fn;
    const fs_node *a = &fn->nodes[from];
    for (int x = 0; x < fn->nnodes; x++) {
        if ((w->mark[x] & 3) != 3 || x == from || x == to)
            continue;
        const fs_node *n = &fn->nodes[x];
        if (n->kind == FS_N_WRITE && fs_write_kills(fn, x, &a->path))
            return 1;
        if (n->kind == FS_N_CALL && fs_path_same(a, n) &&
            (n->op.kind == FS_OP_CREATE || n->op.kind == FS_OP_REMOVE || n->op.kind == FS_OP_MODIFY ||
             n->op.kind == FS_OP_MAYBE))
            return 1;
    }
    return 0;
}

int fs_path_same(const fs_node *a, const fs_node *b)
{
    if (!a->path.key || !b->path.key)
        return 0;
    if (strcmp(a->path.key, b->path.key) != 0)
        return 0;
    if (!a->dirfd.key != !b->dirfd.key)
        return 0;
    return !a->dirfd.key || strcmp(a->dirfd.key, b->dirfd.key) == 0;
}

int fs_loop_within(const fs_func *fn, int inner, int outer)
{
    for (int l = inner; l >= 0; l = fn->loops[l].parent)
        if (l == outer)
            return 1;
    return 0;
}


static int fs_skip_outcome(const fs_func *fn, int node, int edge, void *arg)
{
    const fs_outcome_arg *a = arg;
    const fs_node *n = &fn->nodes[node];
    return n->kind == FS_N_BRANCH && n->test == a->call && edge < 2 && n->out[edge] == a->drop;
}

/* A write that changes a's path, or a call that creates, removes or changes
 * the file it names: b does not ask a's question again past it. */
static int fs_kills_path_of(const fs_func *fn, int node, void *arg)
{
    const fs_node *x = &fn->nodes[node], *a = &fn->nodes[*(const int *)arg];
    if (x->kind == FS_N_WRITE)
        return fs_write_kills(fn, node, &a->path);
    return x->kind == FS_N_CALL && node != *(const int *)arg && fs_path_same(a, x) &&
           (x->op.kind == FS_OP_CREATE || x->op.kind == FS_OP_REMOVE || x->op.kind == FS_OP_MODIFY ||
            x->op.kind == FS_OP_MAYBE);
}

int fs_outcome_reach(fs_walk *w, int a, int b)
{
    const fs_func *fn = w->fn;
    int r = 0;
    memset(w->mark, 0, (size_t)fn->nnodes);
    /* ways along which the path is rewritten (a fallback written into the
     * buffer when the probe failed) do not reach b as the same path */
    fs_mark_forward(w, a, 1, fs_kills_path_of, &a, NULL, NULL);
    if (!(w->mark[b] & 1))
        return 0;
    r |= FS_REACH;
    fs_outcome_arg arg = { a, FS_OUT_SUCC };
    fs_mark_forward(w, a, 2, fs_kills_path_of, &a, fs_skip_outcome, &arg);
    if (!(w->mark[b] & 2))
        r |= FS_REACH_SUCC_ONLY;
    arg.drop = FS_OUT_FAIL;
    fs_mark_forward(w, a, 4, fs_kills_path_of, &a, fs_skip_outcome, &arg);
    if (!(w->mark[b] & 4))
        r |= FS_REACH_FAIL_ONLY;
    return r;
}

int fs_result_used(const fs_func *fn, int a)
{
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *node = &fn->nodes[n];
        if (node->kind == FS_N_BRANCH && node->test == a &&
            (node->out[0] != FS_OUT_UNKNOWN || node->out[1] != FS_OUT_UNKNOWN))
            return 1;
        if (node->kind == FS_N_RETURN && node->ret_test == a)
            return 1;
    }
    return fn->nodes[a].op.fields_read;
}

/* --- feasibility of a pair (correlated conditions, constant flags) ----------- */

#define FS_FEAS_MAX_FACTS 16
#define FS_FEAS_MAX_STATES 20000

typedef struct fs_fact {
    const char *key;
    int val;
    const int *deps; /* a branch's variables, or NULL with self: a flag */
    int ndeps;
    int self;
} fs_fact;

typedef struct fs_fstate {
    int node;
    int passed;
    int nfacts;
    fs_fact facts[FS_FEAS_MAX_FACTS];
} fs_fstate;

static unsigned long long fs_str_hash(const char *s, unsigned long long h)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Order-independent over the facts. */
static unsigned long long fs_state_sig(const fs_fstate *s)
{
    unsigned long long acc = 0;
    for (int i = 0; i < s->nfacts; i++)
        acc += fs_str_hash(s->facts[i].key, 1469598103934665603ull + (unsigned long long)s->facts[i].val);
    return ((unsigned long long)s->node * 2654435761u + (unsigned long long)s->passed) * 1099511628211ull ^ acc;
}

static int fs_fact_find(const fs_fstate *s, const char *key)
{
    for (int i = 0; i < s->nfacts; i++)
        if (strcmp(s->facts[i].key, key) == 0)
            return i;
    return -1;
}

static int fs_fact_reads(const fs_fact *f, int var, const fs_func *fn)
{
    int n = f->deps ? f->ndeps : 1;
    for (int k = 0; k < n; k++) {
        int d = f->deps ? f->deps[k] : f->self;
        if (var >= 0 ? d == var : (d >= 0 && d < fn->nvars && fn->vars[d].kind == FS_VAR_GLOBAL))
            return 1;
    }
    return 0;
}

static void fs_fact_drop_var(fs_fstate *s, int var, const fs_func *fn)
{
    int w = 0;
    for (int i = 0; i < s->nfacts; i++)
        if (!fs_fact_reads(&s->facts[i], var, fn))
            s->facts[w++] = s->facts[i];
    s->nfacts = w;
}

static int fs_cmp_key(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The nodes from which b is reached along forward edges (b included). */
static unsigned char *fs_reaches_to(const fs_func *fn, int b)
{
    int n = fn->nnodes;
    int *cnt, *pred;
    fs_preds(fn, 1, &cnt, &pred);
    unsigned char *in = fs_xcalloc((size_t)n + 1, 1);
    int *stack = fs_xmalloc(sizeof(int) * ((size_t)n + 1));
    int sp = 0;
    in[b] = 1;
    stack[sp++] = b;
    while (sp > 0) {
        int x = stack[--sp];
        for (int k = cnt[x]; k < cnt[x + 1]; k++)
            if (!in[pred[k]]) {
                in[pred[k]] = 1;
                stack[sp++] = pred[k];
            }
    }
    free(stack);
    free(cnt);
    free(pred);
    return in;
}

int fs_feasible_pair(const fs_func *fn, int a, int b)
{
    /* only conditions that can correlate on the way to b matter: tested at
     * two branches that reach b, or a variable set to a constant on the way
     * (a condition tested again only after b cannot decide whether b runs) */
    unsigned char *to_b = fs_reaches_to(fn, b);
    char (*vkeys)[16] = fs_xcalloc((size_t)fn->nvars + 1, 16);
    for (int v = 0; v < fn->nvars; v++)
        snprintf(vkeys[v], 16, "v%d", v);
    unsigned char *useful = fs_xcalloc((size_t)fn->nnodes + 1, 1);
    int nuseful = 0;
    /* the keys tested and the flags set, sorted: n log n, not n * n (a
     * function of thousands of branches asks this for each pair) */
    const char **tested = fs_xmalloc(sizeof *tested * ((size_t)fn->nnodes + 1));
    const char **flags = fs_xmalloc(sizeof *flags * ((size_t)fn->nnodes + 1));
    size_t ntested = 0, nflags = 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *y = &fn->nodes[n];
        if (!to_b[n])
            continue;
        if (y->kind == FS_N_BRANCH && y->cond_key)
            tested[ntested++] = y->cond_key;
        if (y->kind == FS_N_WRITE && y->wconst && !y->member && y->var >= 0 && y->var < fn->nvars)
            flags[nflags++] = vkeys[y->var];
    }
    qsort(tested, ntested, sizeof *tested, fs_cmp_key);
    qsort(flags, nflags, sizeof *flags, fs_cmp_key);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_BRANCH || !x->cond_key || !to_b[n])
            continue;
        const char **at = bsearch(&x->cond_key, tested, ntested, sizeof *tested, fs_cmp_key);
        size_t i = at ? (size_t)(at - tested) : 0;
        /* tested at another branch too */
        if (at && ((i > 0 && strcmp(tested[i - 1], x->cond_key) == 0) ||
                   (i + 1 < ntested && strcmp(tested[i + 1], x->cond_key) == 0)))
            useful[n] = 1;
        if (bsearch(&x->cond_key, flags, nflags, sizeof *flags, fs_cmp_key))
            useful[n] = 1;
        nuseful += useful[n];
    }
    free(tested);
    free(flags);
    if (!nuseful) {
        free(useful);
        free(vkeys);
        free(to_b);
        return 1;
    }
    size_t cap = (size_t)1 << 16;
    unsigned long long *seen = fs_xcalloc(cap, sizeof *seen);
    size_t nseen = 0;
    int capstack = 256, sp = 0, result = 0, states = 0;
    fs_fstate *stack = fs_xmalloc(sizeof *stack * (size_t)capstack);
    memset(&stack[0], 0, sizeof stack[0]);
    stack[sp++].node = fn->entry;
    while (sp > 0) {
        fs_fstate s = stack[--sp];
        if (s.node == a)
            s.passed = 1;
        if (s.node == b && s.passed) {
            result = 1;
            break;
        }
        if (++states > FS_FEAS_MAX_STATES || nseen * 2 >= cap) {
            result = 1; /* too big to tell: assume it can happen */
            break;
        }
        unsigned long long sig = fs_state_sig(&s) | 1;
        size_t h = (size_t)(sig % cap);
        int dup = 0;
        while (seen[h]) {
            if (seen[h] == sig) {
                dup = 1;
                break;
            }
            h = (h + 1) % cap;
        }
        if (dup)
            continue;
        seen[h] = sig;
        nseen++;
        const fs_node *x = &fn->nodes[s.node];
        if (x->kind == FS_N_WRITE) {
            fs_fact_drop_var(&s, x->var >= 0 ? x->var : -1, fn);
            if (x->var >= 0 && x->wconst && !x->member && s.nfacts < FS_FEAS_MAX_FACTS) {
                fs_fact *f = &s.facts[s.nfacts++];
                f->key = vkeys[x->var];
                f->val = x->wvalue != 0;
                f->deps = NULL;
                f->ndeps = 0;
                f->self = x->var;
            }
        }
        int known = x->kind == FS_N_BRANCH && x->cond_key ? fs_fact_find(&s, x->cond_key) : -1;
        int forced = known >= 0 ? (s.facts[known].val ? 0 : 1) : -1;
        for (int e = 0; e < x->nsucc; e++) {
            if (x->succ[e].back || (forced >= 0 && e != forced) || !to_b[x->succ[e].to])
                continue;
            if (sp + 1 >= capstack) {
                capstack *= 2;
                stack = fs_xrealloc(stack, sizeof *stack * (size_t)capstack);
            }
            fs_fstate *t = &stack[sp++];
            *t = s;
            t->node = x->succ[e].to;
            if (x->kind == FS_N_BRANCH && x->cond_key && useful[s.node] && known < 0 && e < 2 &&
                t->nfacts < FS_FEAS_MAX_FACTS) {
                fs_fact *f = &t->facts[t->nfacts++];
                f->key = x->cond_key;
                f->val = e == 0;
                f->deps = x->cond_deps;
                f->ndeps = x->ncond_deps;
                f->self = -1;
            }
        }
    }
    free(stack);
    free(seen);
    free(vkeys);
    free(useful);
    free(to_b);
    return result;
}
