/* fingerprint.c - stable identities of findings. */
#include "report/fingerprint.h"
#include "base/srctext.h"
#include "base/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a, 64 bits, over a sequence of NUL-separated fields. */
static void fs_fnv(uint64_t *h, const char *s)
{
    for (s = s ? s : ""; *s; s++)
        *h = (*h ^ (unsigned char)*s) * 1099511628211ull;
    *h = (*h ^ 0xffu) * 1099511628211ull; /* field separator */
}

/* The normalised text of the call at [begin, end), or of the call that
 * starts at line:col when end is unknown (-1). */
static char *fs_call_text(const char *text, long len, long begin, long end)
{
    if (!text || begin < 0 || begin > len)
        return fs_xstrdup("");
    if (end < begin || end > len)
        end = fs_text_call_end(text, len, begin);
    return fs_text_normalise(text, begin, end);
}

static const char *fs_file_of(const fs_finding *f)
{
    return f->file ? f->file : "";
}

static int fs_same_file_hash(const fs_findings *s, const uint64_t *hashes, int a, int b)
{
    return hashes[a] == hashes[b] && strcmp(fs_file_of(&s->v[a]), fs_file_of(&s->v[b])) == 0;
}

/* qsort has no argument: fingerprinting runs on the main thread only */
static const fs_findings *fs_rank_findings;
static const uint64_t *fs_rank_hashes;

static int fs_by_file_hash(const void *pa, const void *pb)
{
    int a = *(const int *)pa, b = *(const int *)pb;
    int c = strcmp(fs_file_of(&fs_rank_findings->v[a]), fs_file_of(&fs_rank_findings->v[b]));
    if (c)
        return c;
    if (fs_rank_hashes[a] != fs_rank_hashes[b])
        return fs_rank_hashes[a] < fs_rank_hashes[b] ? -1 : 1;
    return a - b;
}

void fs_findings_fingerprint(fs_findings *s)
{
    fs_texts *texts = fs_texts_new();
    uint64_t *hashes = fs_xcalloc((size_t)s->n + 1, sizeof *hashes);
    for (int i = 0; i < s->n; i++) {
        fs_finding *f = &s->v[i];
        uint64_t h = 14695981039346656037ull;
        fs_fnv(&h, f->rule);
        fs_fnv(&h, f->function);
        fs_fnv(&h, f->path_expr);
        long len;
        const char *text = fs_texts_get(texts, f->file, &len);
        long b = fs_text_offset(text, len, f->range.begin.line, f->range.begin.col);
        long e = fs_text_offset(text, len, f->range.end.line, f->range.end.col);
        if (e <= b)
            e = -1;
        char *t = fs_call_text(text, len, b, e);
        fs_fnv(&h, t);
        free(t);
        for (int j = 0; j < f->nrelated; j++) {
            const fs_related *r = &f->related[j];
            long rlen;
            const char *rtext = fs_texts_get(texts, r->file, &rlen);
            /* the related file, relative to the finding's: the same file is "" */
            fs_fnv(&h, strcmp(r->file ? r->file : "", f->file ? f->file : "") == 0 ? "" : r->file);
            char *rt = fs_call_text(rtext, rlen, fs_text_offset(rtext, rlen, r->line, r->col), -1);
            fs_fnv(&h, rt);
            free(rt);
        }
        hashes[i] = h;
    }
    /* the rank of each among the findings of its file with the same hash:
     * sort the indexes by (file, hash, index) and count */
    int *order = fs_xmalloc(sizeof(int) * ((size_t)s->n + 1));
    for (int i = 0; i < s->n; i++)
        order[i] = i;
    fs_rank_findings = s;
    fs_rank_hashes = hashes;
    if (s->n > 1)
        qsort(order, (size_t)s->n, sizeof *order, fs_by_file_hash);
    int rank = 0;
    for (int k = 0; k < s->n; k++) {
        int i = order[k];
        rank = k > 0 && fs_same_file_hash(s, hashes, order[k - 1], i) ? rank + 1 : 1;
        free(s->v[i].fingerprint);
        s->v[i].fingerprint = fs_xasprintf("%016llx:%d", (unsigned long long)hashes[i], rank);
    }
    free(order);
    free(hashes);
    fs_texts_delete(texts);
}
