/* engines.c - one unit's two parses made into one (engines.h). */
#include "project/engines.h"
#include "base/pp.h"
#include "base/util.h"
#include "ir/calls.h"
#include "ir/summary.h"
#include "frontend/ixscan.h"

#include <stdlib.h>
#include <string.h>

int fs_ts_parse_unit(const fs_driver_opts *o, const char *path, const char *text, long len, const fs_fe_result *cl,
                     fs_fe_result *out, long **undecided, int *nundecided)
{
    fs_pp *p = fs_pp_new();
    for (int i = 0; i < o->nplatform_names; i++)
        fs_pp_undef(p, o->platform_names[i]);
    fs_pp_args(p, o->cflags, o->ncflags, o->directory);
    long *holes = NULL;
    int n = 0, cap = 0, capund = 0;
    if (cl && cl->missing_header && undecided) {
        /* libclang read what was found; it decides every chain but those
         * naming what only the missing header could define */
        fs_pp_oracle(p, cl->skipped, cl->nskipped, (const char *const *)cl->defined, cl->ndefined);
        fs_pp_scan_undecided(p, path, text, len, &holes, &n, &cap, undecided, nundecided, &capund);
    } else {
        fs_pp_follow(p, 1);
        fs_pp_scan(p, path, text, len, &holes, &n, &cap);
        for (int i = 0; cl && i < cl->nskipped; i++) {
            long b = cl->skipped[2 * i], e = cl->skipped[2 * i + 1];
            if (b < 0 || e > len || e <= b)
                continue;
            while (b < e && text[b] != '\n') /* past the directive's line */
                b++;
            b = b < e ? b + 1 : e;
            while (e > b && text[e - 1] != '\n') /* to the closing directive's line */
                e--;
            if (e > b) {
                fs_grow(&holes, &cap, 2 * n + 2, sizeof *holes);
                holes[2 * n] = b;
                holes[2 * n + 1] = e;
                n++;
            }
        }
    }
    fs_pp_holes_normalise(holes, &n);
    const char *const *quote, *const *angle;
    int nangle, nquote = fs_pp_include_dirs(p, &quote, &angle, &nangle);
    const char **dirs = fs_xcalloc((size_t)(nquote + nangle) + 1, sizeof *dirs);
    for (int i = 0; i < nquote; i++)
        dirs[i] = quote[i];
    for (int i = 0; i < nangle; i++)
        dirs[nquote + i] = angle[i];
    int rc = fs_fe_ts_parse_unit(path, text, (size_t)len, holes, n, dirs, nquote + nangle, out);
    free(dirs);
    if (rc == 0) { /* what its build does not compile, as libclang's parse says it */
        free(out->skipped);
        out->skipped = holes;
        out->nskipped = n;
        out->capskipped = 2 * n;
    } else {
        free(holes);
    }
    fs_pp_free(p);
    return rc;
}

static int fs_span_cmp(const void *a, const void *b)
{
    const long *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

int fs_engines_unseen(const fs_fe_result *r, const long *holes, int nholes, const char *text, long len,
                      const fs_range *counted, int ncounted)
{
    /* what covers a body: the holes, the main file's functions, the ranges
     * counted already; sorted by begin, with the largest end so far */
    long *span = fs_xmalloc(sizeof *span * 2 * ((size_t)(nholes + r->nfuncs + ncounted) + 1));
    int n = 0;
    for (int k = 0; k < nholes; k++, n++) {
        span[2 * n] = holes[2 * k];
        span[2 * n + 1] = holes[2 * k + 1];
    }
    for (int k = 0; k < r->nfuncs; k++)
        if (r->funcs[k].in_main_file && r->funcs[k].fn) {
            span[2 * n] = r->funcs[k].fn->range.begin.offset;
            span[2 * n + 1] = r->funcs[k].fn->range.end.offset;
            n++;
        }
    for (int k = 0; k < ncounted; k++, n++) {
        span[2 * n] = counted[k].begin.offset;
        span[2 * n + 1] = counted[k].end.offset;
    }
    qsort(span, (size_t)n, 2 * sizeof *span, fs_span_cmp);
    for (int k = 1; k < n; k++)
        if (span[2 * k + 1] < span[2 * k - 1])
            span[2 * k + 1] = span[2 * k - 1];
    fs_xs *xs = fs_xs_new();
    fs_xs_file f;
    memset(&f, 0, sizeof f);
    fs_xs_scan(xs, text, len, &f);
    int unseen = 0;
    for (int i = 0; i < f.nfns; i++) {
        const fs_xs_fn *x = &f.fns[i];
        if (x->kind != FS_XS_FUNC || x->body_begin < 0)
            continue;
        int lo = 0, hi = n; /* the spans that begin at or before the body */
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (span[2 * mid] <= x->body_begin)
                lo = mid + 1;
            else
                hi = mid;
        }
        unseen += !(lo > 0 && span[2 * (lo - 1) + 1] > x->body_begin);
    }
    fs_xs_file_free(&f);
    fs_xs_free(xs);
    free(span);
    return unseen;
}

/* A call that matters to the analysis: a path call of the catalogue, one
 * that ends the process, a project function that acts on a path or ends
 * the process. */
static int fs_call_matters(const fs_driver_opts *o, const char *name)
{
    if (fs_call_lookup(name) || fs_call_noreturn(name, 0, 0))
        return 1;
    for (const fs_summary *s = o->project ? fs_summaries_find(o->project, name) : NULL; s;
         s = fs_summaries_next(o->project, s))
        if ((s->param >= 0 && s->op.kind != FS_OP_NONE) || s->param == FS_SUMMARY_NORETURN ||
            s->param <= FS_SUMMARY_NORETURN_WHEN(0, 0))
            return 1;
    return 0;
}

static int fs_str_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether tree-sitter's body tf calls something that matters more often
 * than libclang's body cf does. */
static int fs_lacks_a_call(const fs_driver_opts *o, const fs_ast *cf, const fs_ast *tf)
{
    const char **c, **t;
    int nc, nt, lacks = 0;
    fs_ast_call_names(cf, 1, &c, &nc);
    fs_ast_call_names(tf, 0, &t, &nt);
    if (nc > 1)
        qsort(c, (size_t)nc, sizeof *c, fs_str_cmp);
    if (nt > 1)
        qsort(t, (size_t)nt, sizeof *t, fs_str_cmp);
    for (int i = 0, k = 0; i < nt && !lacks;) {
        int j = i;
        while (j < nt && strcmp(t[j], t[i]) == 0)
            j++;
        while (k < nc && strcmp(c[k], t[i]) < 0)
            k++;
        int m = k;
        while (m < nc && strcmp(c[m], t[i]) == 0)
            m++;
        lacks = m - k < j - i && fs_call_matters(o, t[i]);
        i = j;
    }
    FS_FREE(c, t);
    return lacks;
}

static int fs_overlaps(const fs_range *r, const long *spans, int n)
{
    for (int k = 0; k < n; k++)
        if (r->begin.offset < spans[2 * k + 1] && spans[2 * k] < r->end.offset)
            return 1;
    return 0;
}

/* Tree-sitter's function of the main file named as ff and overlapping it. */
static fs_fe_func *fs_ts_twin(fs_fe_result *ts, const fs_fe_func *ff)
{
    for (int i = 0; i < ts->nfuncs; i++) {
        fs_fe_func *tf = &ts->funcs[i];
        if (tf->in_main_file && !tf->is_macro && tf->body && tf->fn && strcmp(tf->fn->name, ff->fn->name) == 0 &&
            tf->fn->range.begin.offset < ff->fn->range.end.offset &&
            ff->fn->range.begin.offset < tf->fn->range.end.offset)
            return tf;
    }
    return NULL;
}

int fs_engines_reconcile(const fs_driver_opts *o, fs_fe_result *r, fs_fe_result *ts, const char *path,
                         const char *text, long len, int replace, int *lost)
{
    long *und = NULL;
    int nund = 0;
    if (fs_ts_parse_unit(o, path, text, len, r, ts, &und, &nund) != 0) {
        fs_fe_result_free(ts);
        free(und);
        return 0;
    }
    char **dropped = NULL; /* libclang's functions not believed */
    fs_range *dropped_at = NULL;
    int ndropped = 0, capdropped = 0, ndropped_at = 0, capdropped_at = 0;
    int w = 0;
    for (int i = 0; i < r->nfuncs; i++) {
        fs_fe_func *ff = &r->funcs[i];
        int damaged = 0, undecided = 0, lacks = 0;
        if (ff->in_main_file) {
            for (int k = 0; k < r->nerror_lines && !damaged; k++)
                damaged = r->error_lines[k] >= ff->fn->range.begin.line && r->error_lines[k] <= ff->fn->range.end.line;
            damaged |= !ff->body && !ff->trivial;
            undecided = fs_overlaps(&ff->fn->range, und, nund);
            fs_fe_func *tf = ff->body && (!replace || (!damaged && !undecided)) ? fs_ts_twin(ts, ff) : NULL;
            lacks = tf && fs_lacks_a_call(o, ff->body, tf->body);
        }
        if (replace ? damaged || undecided || lacks : lacks) {
            FS_PUSH(dropped, ndropped, capdropped, fs_xstrdup(ff->fn->name));
            FS_PUSH(dropped_at, ndropped_at, capdropped_at, ff->fn->range);
            *lost += !replace;
            fs_func_delete(ff->fn);
            continue;
        }
        r->funcs[w++] = *ff;
    }
    r->nfuncs = w;
    /* tree-sitter's for every main-file function libclang lacks now, and
     * for each in an undecided chain (one name may be defined in each arm);
     * without replace, those in a chain are counted */
    for (int i = 0; i < ts->nfuncs; i++) {
        fs_fe_func *tf = &ts->funcs[i];
        if (!tf->in_main_file || tf->is_macro || !tf->body)
            continue;
        int in_chain = fs_overlaps(&tf->fn->range, und, nund), have = 0;
        for (int k = 0; k < r->nfuncs && !have; k++)
            have = r->funcs[k].in_main_file && strcmp(r->funcs[k].fn->name, tf->fn->name) == 0 &&
                   (!in_chain || (r->funcs[k].fn->range.begin.offset < tf->fn->range.end.offset &&
                                  tf->fn->range.begin.offset < r->funcs[k].fn->range.end.offset));
        if (have)
            continue;
        for (int k = 0; k < ndropped && !have && !replace; k++)
            have = strcmp(dropped[k], tf->fn->name) == 0 && dropped_at[k].begin.offset < tf->fn->range.end.offset &&
                   tf->fn->range.begin.offset < dropped_at[k].end.offset; /* counted already */
        if (!replace) {
            *lost += in_chain && !have;
            continue;
        }
        fs_grow(&r->funcs, &r->capfuncs, r->nfuncs + 1, sizeof *r->funcs);
        r->funcs[r->nfuncs++] = *tf;
        tf->fn = NULL; /* now r's */
        tf->body = NULL;
    }
    /* a dropped function tree-sitter has no body of either is lost, and so
     * is a definition neither engine read */
    int nlost_at = 0;
    for (int i = 0; replace && i < ndropped; i++) {
        int have = 0;
        for (int k = 0; k < r->nfuncs && !have; k++)
            have = r->funcs[k].in_main_file &&
                   (strcmp(r->funcs[k].fn->name, dropped[i]) == 0 ||
                    (r->funcs[k].fn->range.begin.offset < dropped_at[i].end.offset &&
                     dropped_at[i].begin.offset < r->funcs[k].fn->range.end.offset));
        if (!have)
            dropped_at[nlost_at++] = dropped_at[i];
    }
    if (replace)
        *lost += nlost_at + fs_engines_unseen(r, ts->skipped, ts->nskipped, text, len, dropped_at, nlost_at);
    for (int i = 0; i < ndropped; i++)
        free(dropped[i]);
    FS_FREE(dropped, dropped_at);
    free(und);
    r->uses_setuid |= ts->uses_setuid;
    return 1;
}
