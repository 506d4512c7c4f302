/*
 * fuzz_fixer - the fixer's choice of fixes, the making of edits and the
 * unified diff, on random edit sets over random content; no file is read or
 * written.
 *
 * Checked against simple reference definitions:
 *  - fs_fixer_select chooses, in finding order, exactly the fixes that
 *    conflict with no fix chosen before them (nor within themselves), takes
 *    a fix identical to a chosen one as the same, and leaves out unsafe
 *    fixes unless asked;
 *  - fs_fixer_apply rejects edits that lie outside the text or overlap, and
 *    otherwise changes no byte outside the edits;
 *  - the diff of the chosen edits, applied by a small patcher here, turns
 *    the old text into the new one.
 */
#include "fuzz_common.h"

#define FS_FUZZ_MAX_TEXT 2048

/* The reference: do two edits of one file overlap? */
static int ref_overlap(const fs_edit *a, const fs_edit *b)
{
    long ae = a->offset + a->length, be = b->offset + b->length;
    if (a->length == 0 && b->length == 0)
        return a->offset == b->offset;
    if (a->length == 0)
        return b->offset < a->offset && a->offset < be;
    if (b->length == 0)
        return a->offset < b->offset && b->offset < ae;
    return a->offset < be && b->offset < ae;
}

static int ref_same(const fs_edit *a, const fs_edit *b)
{
    return strcmp(a->file, b->file) == 0 && a->offset == b->offset && a->length == b->length &&
           strcmp(a->replacement, b->replacement) == 0;
}

static int ref_conflict(const fs_edit *a, const fs_edit *b)
{
    return strcmp(a->file, b->file) == 0 && ref_overlap(a, b) && !ref_same(a, b);
}

static int ref_fixes_conflict(const fs_fix *a, const fs_fix *b)
{
    for (int x = 0; x < a->nedits; x++)
        for (int y = 0; y < b->nedits; y++)
            if ((a != b || x < y) && ref_conflict(&a->edits[x], &b->edits[y]))
                return 1;
    return 0;
}

static int cmp_edit_sets(const fs_fix *a, const fs_fix *b)
{
    if (a->nedits != b->nedits)
        return 0;
    /* both sorted by fs_fixer_select */
    for (int i = 0; i < a->nedits; i++)
        if (!ref_same(&a->edits[i], &b->edits[i]))
            return 0;
    return 1;
}

static int cmp_pos(const void *x, const void *y)
{
    const fs_edit *a = *(fs_edit *const *)x, *b = *(fs_edit *const *)y;
    if (a->offset != b->offset)
        return a->offset < b->offset ? -1 : 1;
    if (a->length != b->length)
        return a->length < b->length ? -1 : 1;
    return strcmp(a->replacement, b->replacement);
}

/* Check fs_fixer_apply's answer for edits e[0..n) (sorted by cmp_pos). */
static void check_apply(const char *text, long len, fs_edit **e, int n)
{
    int bad = 0;
    for (int x = 0; x < n; x++) {
        if (e[x]->offset < 0 || e[x]->length < 0 || e[x]->offset + e[x]->length > len)
            bad = 1;
        for (int y = 0; y < x; y++)
            if (ref_overlap(e[x], e[y]))
                bad = 1;
    }
    long outlen = -1;
    char *out = fs_fixer_apply(text, len, e, n, &outlen);
    if (bad) {
        FS_FUZZ_CHECK(out == NULL);
        return;
    }
    FS_FUZZ_CHECK(out != NULL);
    /* no byte outside the edits changes: the gaps are where they belong */
    long grow = 0, pos = 0;
    for (int x = 0; x < n; x++) {
        long gap = e[x]->offset - pos;
        FS_FUZZ_CHECK(memcmp(out + pos + grow, text + pos, (size_t)gap) == 0);
        size_t rl = strlen(e[x]->replacement);
        FS_FUZZ_CHECK(memcmp(out + e[x]->offset + grow, e[x]->replacement, rl) == 0);
        grow += (long)rl - e[x]->length;
        pos = e[x]->offset + e[x]->length;
    }
    FS_FUZZ_CHECK(outlen == len + grow);
    FS_FUZZ_CHECK(memcmp(out + pos + grow, text + pos, (size_t)(len - pos)) == 0);
    FS_FUZZ_CHECK(out[outlen] == '\0');
    free(out);
}

/* --- a small patcher for one file's unified diff ---------------------------- */

typedef struct lines {
    const char **p;
    long *len;
    int n;
} lines;

static void split(const char *t, long n, lines *l)
{
    l->p = malloc(sizeof *l->p * (size_t)(n + 1));
    l->len = malloc(sizeof *l->len * (size_t)(n + 1));
    l->n = 0;
    for (long i = 0; i < n;) {
        long j = i;
        while (j < n && t[j] != '\n')
            j++;
        if (j < n)
            j++;
        l->p[l->n] = t + i;
        l->len[l->n++] = j - i;
        i = j;
    }
}

/* Apply diff (dn bytes) to old; compare with want. */
static void check_diff(const char *diff, size_t dn, const char *old, long oldn, const char *want, long wantn)
{
    lines a, d;
    split(old, oldn, &a);
    split(diff, (long)dn, &d);
    char *out = malloc((size_t)(oldn + wantn + dn + 1));
    long on = 0;
    int next = 0;  /* next old line to copy */
    int nout = 0;  /* lines written */
    int i = 0;
    FS_FUZZ_CHECK(d.n >= 2 && strncmp(d.p[0], "--- a/", 6) == 0 && strncmp(d.p[1], "+++ b/", 6) == 0);
    i = 2;
    while (i < d.n) {
        int os, oc, ns, nc;
        FS_FUZZ_CHECK(sscanf(d.p[i], "@@ -%d,%d +%d,%d @@", &os, &oc, &ns, &nc) == 4);
        i++;
        int first = oc > 0 ? os - 1 : os; /* 0-based first old line of the hunk */
        FS_FUZZ_CHECK(first >= next && first <= a.n);
        for (; next < first; next++) {
            memcpy(out + on, a.p[next], (size_t)a.len[next]);
            on += a.len[next];
            nout++;
        }
        FS_FUZZ_CHECK(nc > 0 ? ns == nout + 1 : ns == nout);
        int seen_old = 0, seen_new = 0;
        while (i < d.n && d.p[i][0] != '@') {
            char tag = d.p[i][0];
            const char *body = d.p[i] + 1;
            long blen = d.len[i] - 1;
            FS_FUZZ_CHECK(tag == ' ' || tag == '-' || tag == '+');
            FS_FUZZ_CHECK(blen >= 1 && body[blen - 1] == '\n');
            if (i + 1 < d.n && d.p[i + 1][0] == '\\') {
                blen--; /* "\ No newline at end of file" */
                FS_FUZZ_CHECK(strncmp(d.p[i + 1], "\\ No newline at end of file\n", 28) == 0);
            }
            if (tag != '+') {
                FS_FUZZ_CHECK(next < a.n && a.len[next] == blen && memcmp(a.p[next], body, (size_t)blen) == 0);
                next++;
                seen_old++;
            }
            if (tag != '-') {
                memcpy(out + on, body, (size_t)blen);
                on += blen;
                nout++;
                seen_new++;
            }
            i += i + 1 < d.n && d.p[i + 1][0] == '\\' ? 2 : 1;
        }
        FS_FUZZ_CHECK(seen_old == oc && seen_new == nc);
    }
    for (; next < a.n; next++) {
        memcpy(out + on, a.p[next], (size_t)a.len[next]);
        on += a.len[next];
    }
    FS_FUZZ_CHECK(on == wantn && memcmp(out, want, (size_t)on) == 0);
    free(out);
    free(a.p);
    free(a.len);
    free(d.p);
    free(d.len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fs_fuzz_in in = { data, size };
    unsigned flags = fs_fuzz_byte(&in);
    int unsafe = flags & 1;
    long len = (long)(fs_fuzz_u16(&in) % (FS_FUZZ_MAX_TEXT + 1));
    if ((size_t)len > in.n)
        len = (long)in.n;
    char *text = malloc((size_t)len + 1);
    memcpy(text, in.p, (size_t)len);
    text[len] = '\0';
    in.p += len;
    in.n -= (size_t)len;

    fs_findings fs = { 0 };
    int nfix = (int)(fs_fuzz_byte(&in) % 12);
    for (int i = 0; i < nfix; i++) {
        fs_finding *f = fs_findings_add(&fs);
        f->rule = "FS101";
        f->name = "exists-then-stat";
        f->file = strdup("f.c");
        f->message = strdup("m");
        f->range.begin.line = f->range.begin.col = 1;
        unsigned k = fs_fuzz_byte(&in);
        if (k == 255)
            continue; /* no fix */
        fs_fix *fx = fs_finding_set_fix(f, k & 1 ? FS_FIX_UNSAFE : FS_FIX_SAFE, "d");
        int ne = (int)(k >> 1) % 4; /* also fixes without edits */
        for (int x = 0; x < ne; x++) {
            long off = (long)(fs_fuzz_u16(&in) % (unsigned)(len + 3)) - 1;
            long l = (long)(fs_fuzz_byte(&in) % 24) - (flags & 2 ? 1 : 0);
            char *rep = fs_fuzz_str(&in, 12);
            fs_fix_add_edit(fx, fs_fuzz_byte(&in) % 8 == 7 ? "g.c" : "f.c", off, l, rep);
            free(rep);
        }
    }

    int *state = malloc(sizeof(int) * (size_t)(fs.n + 1));
    int *same = malloc(sizeof(int) * (size_t)(fs.n + 1));
    fs_fixer_select(&fs, unsafe, NULL, state, same);
    for (int i = 0; i < fs.n; i++) {
        const fs_fix *fx = fs.v[i].fix;
        if (!fx || fx->nedits == 0 || (fx->safety == FS_FIX_UNSAFE && !unsafe)) {
            FS_FUZZ_CHECK(state[i] == FS_FIXSEL_NONE);
            continue;
        }
        for (int x = 1; x < fx->nedits; x++) /* sorted by file, offset, length */
            FS_FUZZ_CHECK(strcmp(fx->edits[x - 1].file, fx->edits[x].file) < 0 ||
                          (strcmp(fx->edits[x - 1].file, fx->edits[x].file) == 0 &&
                           fx->edits[x - 1].offset <= fx->edits[x].offset));
        int identical = -1, conflict = ref_fixes_conflict(fx, fx);
        for (int j = 0; j < i && identical < 0; j++)
            if (state[j] == FS_FIXSEL_CHOSEN) {
                if (cmp_edit_sets(fs.v[j].fix, fx))
                    identical = j;
                else if (ref_fixes_conflict(fs.v[j].fix, fx))
                    conflict = 1;
            }
        if (identical >= 0) {
            FS_FUZZ_CHECK(state[i] == FS_FIXSEL_SAME && same[i] == identical);
            continue;
        }
        FS_FUZZ_CHECK(state[i] == (conflict ? FS_FIXSEL_OVERLAP : FS_FIXSEL_CHOSEN));
        FS_FUZZ_CHECK(same[i] == -1);
    }

    /* the edits --fix would make in f.c: the chosen fixes', each edit once */
    fs_edit **e = malloc(sizeof *e * 64);
    int ne = 0;
    for (int i = 0; i < fs.n; i++)
        if (state[i] == FS_FIXSEL_CHOSEN)
            for (int x = 0; x < fs.v[i].fix->nedits; x++)
                if (strcmp(fs.v[i].fix->edits[x].file, "f.c") == 0)
                    e[ne++] = &fs.v[i].fix->edits[x];
    qsort(e, (size_t)ne, sizeof *e, cmp_pos);
    int nu = 0;
    for (int x = 0; x < ne; x++)
        if (!nu || !ref_same(e[nu - 1], e[x]))
            e[nu++] = e[x];
    check_apply(text, len, e, nu);
    long newlen = 0;
    char *made = fs_fixer_apply(text, len, e, nu, &newlen);
    if (made && nu > 0) {
        char *diff = NULL;
        size_t dn = 0;
        FILE *m = open_memstream(&diff, &dn);
        fs_fixer_diff(m, "f.c", text, len, e, nu);
        fclose(m);
        check_diff(diff, dn, text, len, made, newlen);
        free(diff);
    }
    free(made);

    /* every edit of every fix, as given: overlaps and all */
    ne = 0;
    for (int i = 0; i < fs.n; i++)
        for (int x = 0; fs.v[i].fix && x < fs.v[i].fix->nedits; x++)
            if (strcmp(fs.v[i].fix->edits[x].file, "f.c") == 0)
                e[ne++] = &fs.v[i].fix->edits[x];
    qsort(e, (size_t)ne, sizeof *e, cmp_pos);
    check_apply(text, len, e, ne);

    free(e);
    free(state);
    free(same);
    fs_findings_clear(&fs);
    free(text);
    return 0;
}
