/* index_table.c - the project index (index.c): each file's record, the global table
 * of summaries, names and the call graph. */
#include "project/index_private.h"

static fs_ix_name *fs_ix_name_find(const fs_index *ix, const char *name);

/* --- records --------------------------------------------------------------- */

/* The record's summaries from index `from` on belong to a function that is
 * static (or not): the flags kept beside them. */
void fs_ix_note_statics(fs_ix_file *f, int from, int is_static)
{
    if (f->sums->n <= f->nstatics)
        return;
    f->statics = fs_xrealloc(f->statics, sizeof(int) * (size_t)f->sums->n);
    for (int k = f->nstatics; k < f->sums->n; k++)
        f->statics[k] = k >= from && is_static;
    f->nstatics = f->sums->n;
}

void fs_ix_add_summary(fs_ix_file *f, const fs_summary *s, int is_static)
{
    int at = f->sums->n;
    fs_summaries_add(f->sums, s);
    fs_ix_note_statics(f, at, is_static);
}

static void fs_ix_clear_fns(fs_ix_file *f)
{
    for (int i = 0; i < f->nfns; i++) {
        free(f->fns[i].name);
        fs_strs_free(&f->fns[i].callees);
        fs_strs_free(&f->fns[i].edges);
    }
    free(f->fns);
    f->fns = NULL;
    f->nfns = 0;
}

void fs_ix_clear_macros(fs_ix_file *f)
{
    for (int k = 0; k < f->macros.n; k++)
        fs_strs_free(&f->macro_ids[k]);
    free(f->macro_ids);
    f->macro_ids = NULL;
    fs_strs_free(&f->macros);
    fs_strs_free(&f->uses);
}

void fs_ix_clear_record(fs_ix_file *f)
{
    fs_ix_clear_fns(f);
    fs_ix_clear_macros(f);
    fs_strs_free(&f->ids);
    fs_strs_free(&f->includes);
    fs_strs_free(&f->edges);
    fs_summaries_delete(f->sums);
    f->sums = NULL;
    free(f->statics);
    f->statics = NULL;
    f->nstatics = 0;
    f->fresh = 0;
}

void fs_scan_includes(const char *text, long len, fs_strs *out)
{
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *q = p;
        while (q < le && (*q == ' ' || *q == '\t'))
            q++;
        if (q < le && *q == '#') {
            q++;
            while (q < le && (*q == ' ' || *q == '\t'))
                q++;
            if (le - q > 7 && strncmp(q, "include", 7) == 0) {
                q += 7;
                while (q < le && (*q == ' ' || *q == '\t'))
                    q++;
                if (q < le && (*q == '"' || *q == '<')) {
                    char close = *q == '"' ? '"' : '>';
                    const char *s = ++q;
                    while (q < le && *q != close)
                        q++;
                    if (q < le && q > s) {
                        /* angle includes are kept with a leading '<' */
                        char *name = close == '>' ? fs_xasprintf("<%.*s", (int)(q - s), s)
                                                  : fs_xstrndup(s, (size_t)(q - s));
                        fs_strs_add(out, name);
                        free(name);
                    }
                }
            }
        }
        p = nl ? nl + 1 : end;
    }
    fs_strs_sort_unique(out);
}

/* Is call node n's argument list carrying one of fn's parameters? */
static int fs_passes_param(const fs_func *fn, const fs_node *n)
{
    for (int a = 0; a < n->nargs; a++) {
        const fs_path *p = &n->args[a];
        if (p->root >= 0 && p->root < fn->nvars && fn->vars[p->root].kind == FS_VAR_PARAM)
            return 1;
    }
    return 0;
}

/* The names of local functions whose summaries differ between tables a and
 * b (own entries only), into out. */
void fs_changed_names(const fs_summaries *a, const fs_summaries *b, fs_strs *out)
{
    for (int pass = 0; pass < 2; pass++) {
        const fs_summaries *x = pass ? b : a, *y = pass ? a : b;
        for (int k = 0; k < x->n; k++) {
            const fs_summary *s = &x->v[k];
            int same = 0;
            for (const fs_summary *o = fs_summaries_find(y, s->name); o && !same; o = fs_summaries_next(y, o))
                same = o->param == s->param && fs_op_equal(&o->op, &s->op);
            if (!same)
                fs_strs_add(out, s->name);
        }
    }
    fs_strs_sort_unique(out);
}

static int fs_pos_cmp(const void *a, const void *b)
{
    return strcmp(((const fs_ix_pos *)a)->name, ((const fs_ix_pos *)b)->name);
}

/* By name, the last index first among equal names (then kept alone). */
static int fs_pos_cmp_index(const void *a, const void *b)
{
    int c = fs_pos_cmp(a, b);
    return c ? c : ((const fs_ix_pos *)b)->index - ((const fs_ix_pos *)a)->index;
}

/* Does function fn call one of the names? */
static int fs_calls_any(const fs_func *fn, const fs_strs *names)
{
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_CALL && fn->nodes[n].callee && fs_strs_has(names, fn->nodes[n].callee))
            return 1;
    return 0;
}

void fs_ix_skip_free(fs_ix_skip *k)
{
    for (int i = 0; i < k->names.n; i++)
        fs_strs_free(&k->callees[i]);
    free(k->callees);
    free(k->changes);
    fs_strs_free(&k->names);
    free(k->bodies);
    memset(k, 0, sizeof *k);
}

/* The inside of the body text[b, e) as a hole the parser passes over (its
 * braces stay).  A body with a preprocessor line in it is kept (its #if
 * may open or close outside it). */
static void fs_hole_body(long **holes, int *nholes, int *cap, const char *text, long len, long b, long e)
{
    if (b < 0 || e > len || e - b < 3 || text[b] != '{' || text[e - 1] != '}')
        return;
    for (long p = b + 1; p < e - 1; p++)
        if (text[p] == '#') {
            long q = p;
            while (q > b && (text[q - 1] == ' ' || text[q - 1] == '\t'))
                q--;
            if (text[q - 1] == '\n' || text[q - 1] == '\r' || q == b + 1)
                return;
        }
    fs_grow(holes, cap, 2 * *nholes + 2, sizeof **holes);
    (*holes)[2 * *nholes] = b + 1;
    (*holes)[2 * *nholes + 1] = e - 1;
    (*nholes)++;
}

static int fs_long_pair_cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

void fs_ix_parse(fs_ix_file *f, const char *text, long len, const fs_summaries *global, const fs_strs *only,
                        const fs_ix_skip *leave, long seq)
{
    fs_strs want = { 0 };
    int selective = only && f->fresh && f->sums && f->fns;
    if (selective) {
        for (int k = 0; k < only->n; k++)
            fs_strs_add(&want, only->v[k]);
        fs_strs_sort_unique(&want);
        /* the file's callers of those, through parameters, until none is new */
        for (int grew = 1; grew;) {
            grew = 0;
            for (int k = 0; k < f->nfns; k++) {
                if (fs_strs_has(&want, f->fns[k].name))
                    continue;
                for (int e = 0; e < f->fns[k].edges.n; e++)
                    if (fs_strs_has(&want, f->fns[k].edges.v[e])) {
                        fs_strs_add(&want, f->fns[k].name);
                        fs_strs_sort_unique(&want);
                        grew = 1;
                        break;
                    }
            }
        }
    }
    fs_summaries *old = NULL;
    int *oldst = NULL, noldst = 0, noldfns = 0;
    fs_ix_fn *oldfns = NULL;
    if (selective) {
        old = f->sums;
        oldst = f->statics;
        noldst = f->nstatics;
        oldfns = f->fns;
        noldfns = f->nfns;
        f->sums = NULL;
        f->statics = NULL;
        f->nstatics = 0;
        f->fns = NULL;
        f->nfns = 0;
    } else {
        fs_ix_clear_record(f);
        fs_scan_includes(text, len, &f->includes);
    }
    /* the bodies of the functions kept, or left out, are holes */
    if (selective || !leave || !leave->names.n)
        leave = NULL;
    long *holes = NULL;
    int nholes = 0, capholes = 0;
    for (int k = 0; selective && k < noldfns; k++)
        if (!fs_strs_has(&want, oldfns[k].name))
            fs_hole_body(&holes, &nholes, &capholes, text, len, oldfns[k].body_begin, oldfns[k].body_end);
    for (int k = 0; leave && k < leave->nbodies; k++)
        fs_hole_body(&holes, &nholes, &capholes, text, len, leave->bodies[2 * k], leave->bodies[2 * k + 1]);
    fs_xs_comment_lines(text, len, &holes, &nholes, &capholes); /* nothing of the index reads them */
    if (nholes > 1)
        qsort(holes, (size_t)nholes, 2 * sizeof *holes, fs_long_pair_cmp);
    fs_fe_result r;
    int rc = fs_fe_ts_parse_around(f->path, text, (size_t)len,
                                   FS_TS_OWN_TEXT | (leave ? FS_TS_EXCLUDE : 0),
                                   selective ? (const char *const *)want.v : leave ? (const char *const *)leave->names.v : NULL,
                                   selective ? want.n : leave ? leave->names.n : 0, holes, nholes, &r);
    free(holes);
    if (rc != 0) {
        fs_fe_result_free(&r);
        if (selective) { /* keep what was known */
            f->sums = old;
            f->statics = oldst;
            f->nstatics = noldst;
            f->fns = oldfns;
            f->nfns = noldfns;
        } else {
            f->sums = fs_summaries_new();
        }
        fs_strs_free(&want);
        f->fresh = 1;
        return;
    }
    f->sums = fs_summaries_new();
    /* the kept functions' summaries, under the ones lowered now */
    fs_summaries *base = NULL;
    if (selective) {
        base = fs_summaries_new_over(global);
        for (int k = 0; k < old->n; k++)
            if (!fs_strs_has(&want, old->v[k].name)) {
                fs_summaries_add(base, &old->v[k]);
                fs_ix_add_summary(f, &old->v[k], k < noldst ? oldst[k] : 0);
            }
    }
    const fs_summaries *under = base ? base : global;
    unsigned char *skip = fs_xcalloc((size_t)r.nfuncs + 1, 1);
    for (int i = 0; i < r.nfuncs; i++)
        skip[i] = selective && !fs_strs_has(&want, r.funcs[i].fn->name); /* a macro not asked for */
    fs_summaries *cur = fs_summaries_new_over(under);
    for (int i = 0; i < r.nfuncs; i++) {
        if (skip[i])
            continue;
        fs_func_reset(r.funcs[i].fn);
        if (r.funcs[i].body)
            fs_lower(r.funcs[i].fn, r.funcs[i].body, cur);
        else if (leave && !r.funcs[i].is_macro) {
            /* left out: a library call of it that changes files is all its
             * summaries can say besides its being defined */
            int at = fs_strs_find(&leave->names, r.funcs[i].fn->name);
            if (at >= 0 && leave->changes[at]) {
                int nn = fs_func_add_node(r.funcs[i].fn, FS_N_CALL);
                r.funcs[i].fn->nodes[nn].changes_fs = 1;
            }
        }
        fs_summarize(r.funcs[i].fn, cur);
    }
    /* what each function saw: the summaries before it; all of them now */
    fs_summaries *all = fs_summaries_new_over(under);
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i])
            fs_summarize(r.funcs[i].fn, all);
    fs_strs changed = { 0 };
    /* a call to a function defined later in the file (or itself) saw
     * nothing of it */
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i])
            fs_strs_add(&changed, r.funcs[i].fn->name);
    fs_strs_sort_unique(&changed);
    /* each name's last definition in the file */
    fs_ix_pos *last = fs_xmalloc(sizeof *last * ((size_t)r.nfuncs + 1));
    int nlast = 0;
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i]) {
            last[nlast].name = r.funcs[i].fn->name;
            last[nlast].index = i;
            nlast++;
        }
    qsort(last, (size_t)nlast, sizeof *last, fs_pos_cmp_index);
    int nuniq = 0;
    for (int i = 0; i < nlast; i++)
        if (!nuniq || strcmp(last[nuniq - 1].name, last[i].name) != 0)
            last[nuniq++] = last[i];
    nlast = nuniq;
    for (int round = 0; round < 6 && changed.n; round++) {
        int any = 0;
        for (int i = 0; i < r.nfuncs; i++) {
            if (skip[i] || !r.funcs[i].body || !fs_calls_any(r.funcs[i].fn, &changed))
                continue;
            if (round == 0) {
                /* only the names defined at or after it are news to it */
                int later = 0;
                for (int n = 0; n < r.funcs[i].fn->nnodes && !later; n++) {
                    const fs_node *x = &r.funcs[i].fn->nodes[n];
                    if (x->kind != FS_N_CALL || !x->callee)
                        continue;
                    fs_ix_pos key = { x->callee, 0 };
                    const fs_ix_pos *at = bsearch(&key, last, (size_t)nlast, sizeof *last, fs_pos_cmp);
                    later = at && at->index >= i;
                }
                if (!later)
                    continue;
            }
            fs_func_reset(r.funcs[i].fn);
            fs_lower(r.funcs[i].fn, r.funcs[i].body, all);
            any = 1;
        }
        fs_strs_free(&changed);
        if (!any)
            break;
        fs_summaries *next = fs_summaries_new_over(under);
        for (int i = 0; i < r.nfuncs; i++)
            if (!skip[i])
                fs_summarize(r.funcs[i].fn, next);
        fs_changed_names(all, next, &changed);
        fs_summaries_delete(all);
        all = next;
    }
    fs_strs_free(&changed);
    free(last);
    fs_summaries_delete(cur);
    fs_summaries_delete(all);
    f->fns = fs_xcalloc((size_t)r.nfuncs + (size_t)noldfns + 1, sizeof *f->fns);
    for (int i = 0; i < r.nfuncs; i++) {
        if (skip[i])
            continue;
        const fs_func *fn = r.funcs[i].fn;
        int before = f->sums->n;
        fs_summarize(fn, f->sums);
        fs_ix_note_statics(f, before, r.funcs[i].is_static);
        fs_ix_fn *xf = &f->fns[f->nfns++];
        xf->name = fs_xstrdup(fn->name);
        xf->is_static = r.funcs[i].is_static;
        xf->lowered_at = seq;
        xf->body_begin = xf->body_end = -1;
        if (!r.funcs[i].is_macro && fn->body.end.offset > fn->body.begin.offset)
            xf->body_begin = fn->body.begin.offset, xf->body_end = fn->body.end.offset;
        if (!r.funcs[i].body && !r.funcs[i].is_macro && leave) {
            /* left out: what it calls, as the text shows, and never lowered
             * (so that any of them gaining a summary has it lowered) */
            xf->lowered_at = 0;
            int at = fs_strs_find(&leave->names, fn->name);
            for (int c = 0; at >= 0 && c < leave->callees[at].n; c++) {
                fs_strs_add(&xf->callees, leave->callees[at].v[c]);
                fs_strs_add(&xf->edges, leave->callees[at].v[c]);
                fs_strs_add(&f->ids, leave->callees[at].v[c]);
                fs_strs_add(&f->edges, leave->callees[at].v[c]);
            }
        }
        for (int v = 0; v < fn->nvars; v++)
            if (fn->vars[v].kind == FS_VAR_PARAM && fn->vars[v].derived)
                xf->derived = 1;
        for (int n = 0; n < fn->nnodes; n++) {
            const fs_node *x = &fn->nodes[n];
            if (fs_node_changes_here(x))
                xf->own_changes = 1;
            if (x->kind != FS_N_CALL || !x->callee)
                continue;
            /* the names a macro calls are its users' (through the macro's
             * name, a probe when one of them is) */
            if (!selective && !r.funcs[i].is_macro)
                fs_strs_add(&f->ids, x->callee);
            if (!fs_call_lookup(x->callee)) {
                fs_strs_add(&xf->callees, x->callee);
                if (fs_passes_param(fn, x)) {
                    fs_strs_add(&xf->edges, x->callee);
                    if (!selective)
                        fs_strs_add(&f->edges, x->callee);
                }
            }
        }
        fs_strs_sort_unique(&xf->callees);
        fs_strs_sort_unique(&xf->edges);
    }
    if (selective) {
        /* the kept functions' records move over; the others go */
        for (int k = 0; k < noldfns; k++) {
            if (!fs_strs_has(&want, oldfns[k].name)) {
                f->fns[f->nfns++] = oldfns[k];
            } else {
                free(oldfns[k].name);
                fs_strs_free(&oldfns[k].callees);
                fs_strs_free(&oldfns[k].edges);
            }
        }
        free(oldfns);
        fs_summaries_delete(old);
        free(oldst);
        fs_summaries_delete(base);
    }
    free(skip);
    fs_strs_free(&want);
    fs_strs_sort_unique(&f->ids);
    fs_strs_sort_unique(&f->edges);
    fs_fe_result_free(&r);
    f->fresh = 1;
}

/* --- the global table -------------------------------------------------------- */

static int fs_op_same(const fs_op *a, const fs_op *b)
{
    return a->kind == b->kind && a->family == b->family && a->access_mode == b->access_mode &&
           a->follows == b->follows && a->fields_read == b->fields_read && a->open_mode == b->open_mode &&
           a->sense.kind == b->sense.kind && a->sense.when_true == b->sense.when_true &&
           a->sense.when_false == b->sense.when_false && a->copies == b->copies && a->readonly == b->readonly &&
           a->excl == b->excl && a->exists_ok == b->exists_ok && a->then_kind == b->then_kind &&
           a->then_open_mode == b->then_open_mode;
}

/* Non-static functions and macros of every file; a name defined twice with
 * different summaries is left out (which one a unit means is unknown). */
static int fs_ix_calls_setuid(const fs_ix_file *f)
{
    static const char *const ids[] = { "setuid", "seteuid", "setreuid", "setresuid" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (fs_strs_has(&f->ids, ids[i]))
            return 1;
    return 0;
}

/* A summary that makes its callers' calls a probe, open, create or remove
 * (a wrapper): it holds only where every definition of the name agrees. */
static int fs_ix_is_wrapper_sum(const fs_summary *s)
{
    return s->param >= 0 && (s->op.kind == FS_OP_PROBE || s->op.kind == FS_OP_OPEN || s->op.kind == FS_OP_CREATE ||
                             s->op.kind == FS_OP_REMOVE);
}

/* The length of rel's folder part ("src/a.c": 3; "a.c": 0). */
size_t fs_ix_dir_len(const char *rel)
{
    const char *slash = strrchr(rel, '/');
    return slash ? (size_t)(slash - rel) : 0;
}

static int fs_ix_def_cmp(const void *a, const void *b)
{
    const fs_ix_def *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : x->file - y->file;
}

/* Does file f count as a definition of a name that others see: a function
 * that is not static, or anything of a header? */
static int fs_ix_shared_def(const fs_ix_file *f, int is_static)
{
    return !is_static || f->rel[strlen(f->rel) - 1] == 'h';
}

/* File f's wrapper summary of (name, param), or NULL. */
static const fs_summary *fs_ix_file_sum(const fs_ix_file *f, const char *name, int param)
{
    for (int k = 0; f->sums && k < f->sums->n; k++)
        if (f->sums->v[k].param == param && strcmp(f->sums->v[k].name, name) == 0)
            return &f->sums->v[k];
    return NULL;
}

/* A name defined in several files (defs[0..ndefs), its definitions) that
 * do not agree that it is a wrapper: it is one in a folder where every
 * definition of the folder agrees (the program built there), with that
 * folder as the summary's `file`; nowhere else. */
void fs_ix_scope(fs_index *ix, const fs_ix_def *defs, int ndefs, const fs_summary *s)
{
    for (int i = 0; i < ndefs; i++) {
        const fs_ix_file *f = &ix->files[defs[i].file];
        size_t dl = fs_ix_dir_len(f->rel);
        int first = 1, agree = 1;
        const fs_summary *mine = NULL;
        for (int k = 0; k < ndefs; k++) {
            const fs_ix_file *g = &ix->files[defs[k].file];
            if (fs_ix_dir_len(g->rel) != dl || strncmp(g->rel, f->rel, dl) != 0)
                continue;
            if (k < i)
                first = 0; /* the folder was seen with an earlier file */
            const fs_summary *t = fs_ix_file_sum(g, s->name, s->param);
            if (!t || (mine && !fs_op_same(&mine->op, &t->op)))
                agree = 0;
            if (!mine)
                mine = t;
        }
        if (!first || !agree || !mine)
            continue;
        fs_summary copy = *mine;
        char *dir = fs_xstrndup(f->rel, dl);
        copy.file = dir;
        fs_summaries_add(ix->scoped, &copy);
        free(dir);
    }
}

void fs_ix_global(fs_index *ix)
{
    fs_summaries_delete(ix->global);
    fs_summaries_delete(ix->scoped);
    ix->global = fs_summaries_new();
    ix->scoped = fs_summaries_new();
    /* every file that defines each name (its function-level entry) */
    fs_ix_def *defs = NULL;
    int ndefs = 0, capdefs = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; f->sums && k < f->sums->n; k++)
            if (f->sums->v[k].param == FS_SUMMARY_DEFINED &&
                fs_ix_shared_def(f, k < f->nstatics && f->statics[k])) {
                fs_ix_def d = { f->sums->v[k].name, i };
                FS_PUSH(defs, ndefs, capdefs, d);
            }
    }
    if (ndefs > 1)
        qsort(defs, (size_t)ndefs, sizeof *defs, fs_ix_def_cmp);
    int w = 0;
    for (int i = 0; i < ndefs; i++)
        if (!w || fs_ix_def_cmp(&defs[w - 1], &defs[i]) != 0)
            defs[w++] = defs[i];
    ndefs = w;
    fs_summaries *all = fs_summaries_new();
    int *agree = NULL, *last = NULL, capa = 0, capl = 0;
    fs_strs dropped = { 0 };
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        if (!f->sums)
            continue;
        int is_header = f->rel[strlen(f->rel) - 1] == 'h';
        for (int k = 0; k < f->sums->n; k++) {
            const fs_summary *s = &f->sums->v[k];
            if (k < f->nstatics && f->statics[k] && !is_header)
                continue;
            const fs_summary *o = NULL;
            for (const fs_summary *x = fs_summaries_find(all, s->name); x; x = fs_summaries_next(all, x))
                if (x->param == s->param)
                    o = x;
            if (o && !fs_op_same(&o->op, &s->op)) {
                fs_strs_add(&dropped, s->name);
            } else if (o) {
                int at = (int)(o - all->v);
                if (last[at] != i)
                    agree[at]++;
                last[at] = i;
            } else {
                fs_summaries_add(all, s);
                fs_grow(&agree, &capa, all->n, sizeof *agree);
                fs_grow(&last, &capl, all->n, sizeof *last);
                agree[all->n - 1] = 1;
                last[all->n - 1] = i;
            }
        }
    }
    fs_strs_sort_unique(&dropped);
    for (int k = 0; k < all->n; k++) {
        const fs_summary *s = &all->v[k];
        int dropped_name = fs_strs_has(&dropped, s->name);
        if (fs_ix_is_wrapper_sum(s) || s->op.readonly) { /* a wrapper, or leaves its argument alone */
            int n = 0, hi = ndefs;
            while (n < hi) {
                int mid = (n + hi) / 2;
                if (strcmp(defs[mid].name, s->name) < 0)
                    n = mid + 1;
                else
                    hi = mid;
            }
            int count = 0;
            while (n + count < ndefs && strcmp(defs[n + count].name, s->name) == 0)
                count++;
            if (dropped_name || agree[k] < count) {
                fs_ix_scope(ix, defs + n, count, s);
                continue;
            }
        }
        if (!dropped_name)
            fs_summaries_add(ix->global, s);
    }
    fs_summaries_delete(all);
    free(agree);
    free(last);
    free(defs);
    fs_strs_free(&dropped);
    /* a project that changes its user ids anywhere: access() and the
     * effective-uid checks of the later calls may differ */
    ix->uses_setuid = 0;
    for (int i = 0; i < ix->nfiles && !ix->uses_setuid; i++)
        ix->uses_setuid = fs_ix_calls_setuid(&ix->files[i]);
    /* names that probe: the library's probes and the probing wrappers */
    fs_strs_free(&ix->probes);
    int ncat = 0;
    const fs_call_spec *cat = fs_call_all(&ncat);
    for (int i = 0; i < ncat; i++)
        if (cat[i].kind == FS_OP_PROBE) /* the library's probes (rules/library.yml) */
            fs_strs_add(&ix->probes, cat[i].name);
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        for (int k = 0; f->sums && k < f->sums->n; k++)
            if (f->sums->v[k].op.kind == FS_OP_PROBE)
                fs_strs_add(&ix->probes, f->sums->v[k].name);
    }
    fs_strs_sort_unique(&ix->probes);
    /* and the macros that name one (libclang expands them; tree-sitter
     * sees a header's macros only as text) */
    for (int grew = 1; grew;) {
        grew = 0;
        for (int i = 0; i < ix->nfiles; i++) {
            const fs_ix_file *f = &ix->files[i];
            for (int k = 0; k < f->macros.n; k++) {
                if (fs_strs_has(&ix->probes, f->macros.v[k]))
                    continue;
                for (int e = 0; e < f->macro_ids[k].n; e++)
                    if (fs_strs_has(&ix->probes, f->macro_ids[k].v[e])) {
                        fs_strs_add(&ix->probes, f->macros.v[k]);
                        fs_strs_sort_unique(&ix->probes);
                        grew = 1;
                        break;
                    }
            }
        }
    }
}

/* A function is lowered again when a function it passes a parameter to
 * (any it calls, when it copies a parameter) changed its summaries after it
 * was lowered: its file is dirty, and the
 * function wanted.  Returns whether any file is dirty. */
void fs_ix_mark_file(fs_index *ix, int i, unsigned char *dirty, fs_strs *want)
{
    fs_ix_file *f = &ix->files[i];
    for (int k = 0; k < f->nfns; k++) {
        const fs_ix_fn *xf = &f->fns[k];
        /* a parameter copied into a buffer: whether the function acts on
         * the copy depends on every call it makes */
        const fs_strs *deps = xf->derived ? &xf->callees : &xf->edges;
        for (int e = 0; e < deps->n; e++) {
            /* the file's own function of the name, else the ones the
             * others export */
            long at;
            if (f->sums && fs_summaries_find(f->sums, deps->v[e])) {
                at = fs_ix_stamp(f, deps->v[e]);
            } else {
                const fs_ix_name *en = fs_ix_name_find(ix, deps->v[e]);
                at = en ? en->changed_at : 0;
            }
            if (at > xf->lowered_at) {
                dirty[i] = 1;
                fs_strs_add(&want[i], xf->name);
                break;
            }
        }
    }
}

int fs_ix_mark_dirty(fs_index *ix, unsigned char *dirty, fs_strs *want)
{
    int more = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_mark_file(ix, i, dirty, want);
        more |= dirty[i];
    }
    return more;
}

/* Which files have functions that depend on a name (fs_ix_mark_file):
 * (name, file) pairs sorted by name, the names copied. */
fs_ix_pos *fs_ix_users(const fs_index *ix, int *n)
{
    fs_ix_pos *v = NULL;
    int nv = 0, cap = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_strs *deps = f->fns[k].derived ? &f->fns[k].callees : &f->fns[k].edges;
            for (int e = 0; e < deps->n; e++) {
                fs_grow(&v, &cap, nv + 1, sizeof *v);
                v[nv].name = fs_xstrdup(deps->v[e]);
                v[nv].index = i;
                nv++;
            }
        }
    }
    if (nv > 1)
        qsort(v, (size_t)nv, sizeof *v, fs_pos_cmp);
    *n = nv;
    return v;
}

void fs_ix_users_free(fs_ix_pos *v, int n)
{
    for (int k = 0; k < n; k++)
        free((char *)v[k].name);
    free(v);
}

/* --- names --------------------------------------------------------------------- */

static unsigned fs_name_hash(const char *s)
{
    return fs_fnv32(s, strlen(s));
}

static fs_ix_name *fs_ix_name_find(const fs_index *ix, const char *name)
{
    if (!ix->capnames)
        return NULL;
    unsigned m = (unsigned)ix->capnames - 1;
    for (unsigned h = fs_name_hash(name) & m;; h = (h + 1) & m) {
        if (!ix->names[h].name)
            return NULL;
        if (strcmp(ix->names[h].name, name) == 0)
            return &ix->names[h];
    }
}

fs_ix_name *fs_ix_name_get(fs_index *ix, const char *name)
{
    fs_ix_name *e = fs_ix_name_find(ix, name);
    if (e)
        return e;
    if ((ix->nnames + 1) * 2 > ix->capnames) {
        int cap = ix->capnames ? ix->capnames * 2 : 1024;
        fs_ix_name *old = ix->names;
        int oldcap = ix->capnames;
        ix->names = fs_xcalloc((size_t)cap, sizeof *ix->names);
        ix->capnames = cap;
        for (int i = 0; i < oldcap; i++)
            if (old[i].name) {
                unsigned h = fs_name_hash(old[i].name) & (unsigned)(cap - 1);
                while (ix->names[h].name)
                    h = (h + 1) & (unsigned)(cap - 1);
                ix->names[h] = old[i];
            }
        free(old);
    }
    unsigned h = fs_name_hash(name) & (unsigned)(ix->capnames - 1);
    while (ix->names[h].name)
        h = (h + 1) & (unsigned)(ix->capnames - 1);
    ix->names[h].name = fs_xstrdup(name);
    ix->nnames++;
    return &ix->names[h];
}

/* File i defines the names of its record's summaries for the others
 * (functions that are not static, and everything in a header). */
void fs_ix_export(fs_index *ix, int i)
{
    fs_ix_file *f = &ix->files[i];
    int is_header = f->rel[strlen(f->rel) - 1] == 'h';
    for (int k = 0; f->sums && k < f->sums->n; k++) {
        if (k < f->nstatics && f->statics[k] && !is_header)
            continue;
        fs_ix_name *e = fs_ix_name_get(ix, f->sums->v[k].name);
        int have = 0;
        for (int j = 0; j < e->nfiles && !have; j++)
            have = e->files[j] == i;
        if (!have) {
            fs_grow(&e->files, &e->capfiles, e->nfiles + 1, sizeof *e->files);
            e->files[e->nfiles++] = i;
        }
    }
}

/* The entries of name in a and in b are the same (param and operation). */
static int fs_same_entries(const fs_summaries *a, const fs_summaries *b, const char *name)
{
    int na = 0, nb = 0;
    for (const fs_summary *x = fs_summaries_find(a, name); x; x = fs_summaries_next(a, x))
        na++;
    for (const fs_summary *y = fs_summaries_find(b, name); y; y = fs_summaries_next(b, y)) {
        nb++;
        const fs_summary *x = fs_summaries_find(a, name);
        while (x && x->param != y->param)
            x = fs_summaries_next(a, x);
        if (!x || !fs_op_same(&x->op, &y->op))
            return 0;
    }
    return na == nb;
}

/* The live table's choice for a name: the one file that defines it now, or
 * none when two files define it differently (which one a unit means is
 * unknown), as fs_ix_global decides in the end. */
const fs_summaries *fs_ix_resolve(const void *arg, const char *name)
{
    const fs_index *ix = arg;
    const fs_ix_name *e = fs_ix_name_find(ix, name);
    const fs_summaries *found = NULL;
    for (int j = 0; e && j < e->nfiles; j++) {
        const fs_summaries *t = ix->files[e->files[j]].sums;
        if (!t || !fs_summaries_find(t, name))
            continue;
        if (!found)
            found = t;
        else if (!fs_same_entries(found, t, name))
            return NULL;
    }
    return found;
}

/* --- the order of the first pass ---------------------------------------------------- */

/* --- the call graph ------------------------------------------------------------- */

static int fs_edge_cmp(const void *a, const void *b)
{
    const fs_ix_edge *x = a, *y = b;
    return x->callee != y->callee ? (x->callee < y->callee ? -1 : 1) : (x->caller > y->caller) - (x->caller < y->caller);
}

/* The first entry of name in a sorted array, or -1. */
int fs_pos_first(const fs_ix_pos *v, int n, const char *name)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(v[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(v[lo].name, name) == 0 ? lo : -1;
}

static int fs_has_changes(const fs_summaries *s, const char *name)
{
    for (const fs_summary *x = s ? fs_summaries_find(s, name) : NULL; x; x = fs_summaries_next(s, x))
        if (x->param == FS_SUMMARY_CHANGES)
            return 1;
    return 0;
}

/* CHANGES over the whole call graph at once: a function changes files when
 * it does so itself or calls one that does (its own file's function of the
 * name, else every one of the name the other files export).  Adds the
 * CHANGES summaries the records lack, with their names into `changed`; a
 * file whose function gained one and copies a parameter into a buffer is
 * dirty (that parameter's summary depends on it). */
void fs_ix_closure(fs_index *ix, unsigned char *dirty, fs_strs *want, fs_strs *changed)
{
    int total = 0;
    int *base = fs_xmalloc(sizeof(int) * ((size_t)ix->nfiles + 1));
    for (int i = 0; i < ix->nfiles; i++) {
        base[i] = total;
        total += ix->files[i].fns ? ix->files[i].nfns : 0;
    }
    if (!total) {
        free(base);
        return;
    }
    fs_ix_pos *glob = fs_xmalloc(sizeof *glob * (size_t)total);
    fs_ix_pos *local = fs_xmalloc(sizeof *local * (size_t)total);
    int nglob = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        int is_header = f->rel[strlen(f->rel) - 1] == 'h';
        for (int k = 0; k < f->nfns; k++) {
            local[base[i] + k].name = f->fns[k].name;
            local[base[i] + k].index = base[i] + k;
            if (!f->fns[k].is_static || is_header)
                glob[nglob++] = local[base[i] + k];
        }
        if (f->nfns > 0)
            qsort(local + base[i], (size_t)f->nfns, sizeof *local, fs_pos_cmp);
    }
    if (nglob > 0)
        qsort(glob, (size_t)nglob, sizeof *glob, fs_pos_cmp);
    fs_ix_edge *edges = NULL;
    int nedges = 0, capedges = 0;
    unsigned char *on = fs_xcalloc((size_t)total, 1);
    int *stack = fs_xmalloc(sizeof(int) * (size_t)total);
    int sp = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_ix_fn *xf = &f->fns[k];
            int id = base[i] + k;
            if (xf->own_changes || fs_has_changes(f->sums, xf->name)) {
                on[id] = 1;
                stack[sp++] = id;
            }
            for (int c = 0; c < xf->callees.n; c++) {
                const char *name = xf->callees.v[c];
                const fs_ix_pos *v = local + base[i];
                int n = f->nfns;
                int at = fs_pos_first(v, n, name);
                if (at < 0) {
                    v = glob;
                    n = nglob;
                    at = fs_pos_first(v, n, name);
                }
                for (; at >= 0 && at < n && strcmp(v[at].name, name) == 0; at++) {
                    fs_grow(&edges, &capedges, nedges + 1, sizeof *edges);
                    edges[nedges].callee = v[at].index;
                    edges[nedges].caller = id;
                    nedges++;
                }
            }
        }
    }
    if (nedges > 0)
        qsort(edges, (size_t)nedges, sizeof *edges, fs_edge_cmp);
    int *first = fs_xmalloc(sizeof(int) * ((size_t)total + 1));
    for (int id = 0, e = 0; id <= total; id++) {
        while (e < nedges && edges[e].callee < id)
            e++;
        first[id] = e;
    }
    while (sp > 0) {
        int id = stack[--sp];
        for (int e = first[id]; e < first[id + 1]; e++)
            if (!on[edges[e].caller]) {
                on[edges[e].caller] = 1;
                stack[sp++] = edges[e].caller;
            }
    }
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_ix_fn *xf = &f->fns[k];
            if (!on[base[i] + k] || !f->sums || fs_has_changes(f->sums, xf->name))
                continue;
            fs_summary s;
            memset(&s, 0, sizeof s);
            s.name = xf->name;
            s.file = f->path;
            s.param = FS_SUMMARY_CHANGES;
            s.op.kind = FS_OP_MAYBE; /* as fs_summarize makes it */
            s.op.access_mode = FS_MODE_UNKNOWN;
            fs_ix_add_summary(f, &s, xf->is_static);
            fs_strs_add(changed, xf->name);
            if (xf->derived && dirty) {
                dirty[i] = 1;
                fs_strs_add(&want[i], xf->name);
            }
        }
    }
    free(first);
    free(edges);
    free(on);
    free(stack);
    free(glob);
    free(local);
    free(base);
}

/* A function the call graph found to change files keeps that fact when its
 * file is parsed again (the graph only grows within a run). */
void fs_keep_changes(fs_ix_file *f, const fs_summaries *old)
{
    for (int k = 0; old && f->sums && k < old->n; k++) {
        const fs_summary *s = &old->v[k];
        if (s->param != FS_SUMMARY_CHANGES || fs_has_changes(f->sums, s->name) ||
            !fs_summaries_find(f->sums, s->name))
            continue;
        int is_static = 0;
        for (int i = 0; i < f->nfns; i++)
            if (strcmp(f->fns[i].name, s->name) == 0)
                is_static = f->fns[i].is_static;
        fs_ix_add_summary(f, s, is_static);
    }
}
