/* stats.c - what a run analysed and skipped (stats.h). */
#include "check/stats.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fs_stats_skip_unsaid(fs_stats *st, const char *file, const char *reason)
{
    fs_grow(&st->skipped, &st->capskipped, st->nskipped + 1, sizeof *st->skipped);
    st->skipped[st->nskipped].file = fs_xstrdup(file);
    st->skipped[st->nskipped].reason = fs_xstrdup(reason);
    st->nskipped++;
}

void fs_stats_skip(fs_stats *st, const char *file, const char *reason)
{
    fs_stats_skip_unsaid(st, file, reason);
    fprintf(stderr, "fscheck: %s: skipped: %s\n", file, reason);
}

void fs_stats_free(fs_stats *st)
{
    for (int i = 0; i < st->nskipped; i++) {
        free(st->skipped[i].file);
        free(st->skipped[i].reason);
    }
    free(st->skipped);
    for (int i = 0; i < st->npartial; i++) {
        free(st->partial[i].file);
        free(st->partial[i].reason);
    }
    free(st->partial);
    for (int i = 0; i < st->nshared; i++)
        free(st->shared[i]);
    free(st->shared);
    memset(st, 0, sizeof *st);
}

void fs_stats_partial(fs_stats *st, const char *file, const char *reason)
{
    fs_grow(&st->partial, &st->cappartial, st->npartial + 1, sizeof *st->partial);
    st->partial[st->npartial].file = fs_xstrdup(file);
    st->partial[st->npartial].reason = fs_xstrdup(reason);
    st->npartial++;
}

/* "...; first: FILE:LINE:COL: error: MESSAGE" -> MESSAGE */
static const char *fs_first_message(const char *reason)
{
    const char *m = strstr(reason, "error: ");
    return m ? m + 7 : reason;
}

char *fs_stats_partial_summary(const fs_stats *st)
{
    if (st->npartial == 0)
        return NULL;
    if (st->npartial <= 3) { /* few: each on its line */
        fs_buf b = { 0 };
        for (int i = 0; i < st->npartial; i++)
            fs_buf_printf(&b, "%sfscheck: %s: %s", i ? "\n" : "", st->partial[i].file, st->partial[i].reason);
        return b.s;
    }
    /* the most common first error (quadratic in the distinct ones: few) */
    const char *best = NULL;
    int nbest = 0;
    for (int i = 0; i < st->npartial; i++) {
        const char *m = fs_first_message(st->partial[i].reason);
        int n = 0, seen = 0;
        for (int k = 0; k < st->npartial; k++) {
            const char *o = fs_first_message(st->partial[k].reason);
            if (strcmp(o, m) == 0) {
                if (k < i) {
                    seen = 1;
                    break;
                }
                n++;
            }
        }
        if (!seen && n > nbest) {
            best = m;
            nbest = n;
        }
    }
    char *lost = st->functions_lost
                     ? fs_xasprintf("; %d function%s could not be analysed at all", st->functions_lost,
                                    st->functions_lost == 1 ? "" : "s")
                     : fs_xstrdup("");
    char *over = st->nothing_to_check
                     ? fs_xasprintf("; %d more unit%s passed over (nothing in %s to check)", st->nothing_to_check,
                                    st->nothing_to_check == 1 ? "" : "s", st->nothing_to_check == 1 ? "it" : "them")
                     : fs_xstrdup("");
    char *s = fs_xasprintf("fscheck: %d of %d file%s only partly parsed (%s%s: %d)%s%s; stats.partial of the JSON "
                           "report lists them",
                           st->npartial, st->files, st->files == 1 ? "" : "s", nbest == st->npartial ? "" : "most often ",
                           best ? best : "?", nbest, lost, over);
    FS_FREE(lost, over);
    return s;
}

static int fs_cmp_skipped(const void *a, const void *b)
{
    const fs_skipped *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : strcmp(x->reason, y->reason);
}

void fs_stats_sort(fs_stats *st)
{
    if (st->nskipped > 1)
        qsort(st->skipped, (size_t)st->nskipped, sizeof *st->skipped, fs_cmp_skipped);
    if (st->npartial > 1)
        qsort(st->partial, (size_t)st->npartial, sizeof *st->partial, fs_cmp_skipped);
    fs_strv_sort_unique(st->shared, &st->nshared);
}

