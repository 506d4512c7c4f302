/* finding.c - lists of findings. */
#include "check/finding.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

fs_finding *fs_findings_add(fs_findings *s)
{
    fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
    fs_finding *f = &s->v[s->n++];
    memset(f, 0, sizeof *f);
    f->severity = "warning";
    return f;
}

void fs_finding_add_related(fs_finding *f, const char *file, int line, int col, const char *message)
{
    fs_grow(&f->related, &f->caprelated, f->nrelated + 1, sizeof *f->related);
    fs_related *r = &f->related[f->nrelated++];
    r->file = fs_xstrdup(file);
    r->line = line;
    r->col = col;
    r->message = fs_xstrdup(message);
}

fs_fix *fs_finding_set_fix(fs_finding *f, fs_safety safety, const char *description)
{
    if (!f->fix)
        f->fix = fs_xcalloc(1, sizeof *f->fix);
    f->fix->safety = safety;
    free(f->fix->description);
    f->fix->description = fs_xstrdup(description);
    return f->fix;
}

void fs_fix_add_edit(fs_fix *fix, const char *file, long offset, long length, const char *replacement)
{
    fs_grow(&fix->edits, &fix->capedits, fix->nedits + 1, sizeof *fix->edits);
    fs_edit *e = &fix->edits[fix->nedits++];
    e->file = fs_xstrdup(file);
    e->offset = offset;
    e->length = length;
    e->replacement = fs_xstrdup(replacement ? replacement : "");
}

static void fs_fix_free(fs_fix *fix);

void fs_finding_no_fix(fs_finding *f, const char *why)
{
    fs_fix_free(f->fix);
    f->fix = NULL;
    char *m = fs_xasprintf("%s; no fix: %s", f->message ? f->message : "", why);
    free(f->message);
    f->message = m;
}

void fs_finding_drop_fix(fs_finding *f, const char *why)
{
    if (f->fix)
        fs_finding_no_fix(f, why);
}

static void fs_fix_free(fs_fix *fix)
{
    if (!fix)
        return;
    for (int i = 0; i < fix->nedits; i++)
        FS_FREE(fix->edits[i].file, fix->edits[i].replacement);
    FS_FREE(fix->edits, fix->description, fix);
}

void fs_finding_clear(fs_finding *f)
{
    FS_FREE(f->file, f->function, f->path_expr, f->message, f->fingerprint);
    for (int i = 0; i < f->nrelated; i++)
        FS_FREE(f->related[i].file, f->related[i].message);
    free(f->related);
    fs_fix_free(f->fix);
    memset(f, 0, sizeof *f);
}

void fs_findings_clear(fs_findings *s)
{
    for (int i = 0; i < s->n; i++)
        fs_finding_clear(&s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

void fs_findings_take(fs_findings *dst, fs_findings *src)
{
    for (int i = 0; i < src->n; i++) {
        fs_grow(&dst->v, &dst->cap, dst->n + 1, sizeof *dst->v);
        dst->v[dst->n++] = src->v[i];
    }
    free(src->v);
    memset(src, 0, sizeof *src);
}

static int fs_cmp(const void *a, const void *b)
{
    const fs_finding *x = a, *y = b;
    int c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
    if (c)
        return c;
    if (x->range.begin.line != y->range.begin.line)
        return x->range.begin.line < y->range.begin.line ? -1 : 1;
    if (x->range.begin.col != y->range.begin.col)
        return x->range.begin.col < y->range.begin.col ? -1 : 1;
    c = strcmp(x->rule, y->rule);
    if (c)
        return c;
    return strcmp(x->message ? x->message : "", y->message ? y->message : "");
}

void fs_findings_sort_unique(fs_findings *s)
{
    if (s->n > 1)
        qsort(s->v, (size_t)s->n, sizeof *s->v, fs_cmp);
    int w = 0;
    for (int i = 0; i < s->n; i++) {
        if (w > 0 && fs_cmp(&s->v[w - 1], &s->v[i]) == 0) {
            fs_finding_clear(&s->v[i]);
            continue;
        }
        if (w != i)
            s->v[w] = s->v[i];
        w++;
    }
    s->n = w;
}
