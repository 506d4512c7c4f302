/*
 * fuzz_common.h - what the libFuzzer targets share: reading structured
 * values out of the fuzzer's bytes, and the part of driver.c that follows a
 * front end (lowering with summaries until they settle, the rules, the
 * suppression comments, the fixer's choice of fixes) on an in-memory file.
 *
 * FS_FUZZ_CHECK(cond) aborts when an invariant does not hold, so that the
 * fuzzer reports it as a crash with the input that broke it.
 */
#ifndef FSCHECK_FUZZ_COMMON_H
#define FSCHECK_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/engine.h"
#include "check/finding.h"
#include "fix/fixer.h"
#include "frontend/frontend.h"
#include "check/rule.h"
#include "rules/registry.h"
#include "ir/summary.h"
#include "check/suppress.h"

#define FS_FUZZ_CHECK(cond)                                                                  \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);     \
            abort();                                                                         \
        }                                                                                    \
    } while (0)

/* --- a reader over the fuzzer's bytes ------------------------------------- */

typedef struct fs_fuzz_in {
    const uint8_t *p;
    size_t n;
} fs_fuzz_in;

static inline unsigned fs_fuzz_byte(fs_fuzz_in *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

static inline unsigned fs_fuzz_u16(fs_fuzz_in *in)
{
    unsigned a = fs_fuzz_byte(in);
    return a | fs_fuzz_byte(in) << 8;
}

/* A string of up to max bytes (its length first), NUL-terminated, never
 * holding a NUL; the caller frees it. */
static inline char *fs_fuzz_str(fs_fuzz_in *in, size_t max)
{
    size_t want = fs_fuzz_byte(in);
    if (want > max)
        want = max;
    if (want > in->n)
        want = in->n;
    char *s = malloc(want + 1);
    size_t k = 0;
    for (size_t i = 0; i < want; i++)
        if (in->p[i])
            s[k++] = (char)in->p[i];
    s[k] = '\0';
    in->p += want;
    in->n -= want;
    return s;
}

/* --- after a front end ---------------------------------------------------- */

typedef struct fs_fuzz_src {
    const char *text;
    long len;
} fs_fuzz_src;

/* Every file is the one being analysed (headers are not read). */
static inline const char *fs_fuzz_source(void *arg, const char *file, long *len)
{
    (void)file;
    const fs_fuzz_src *s = arg;
    *len = s->len;
    return s->text;
}

/* Check what the rules made of a file of len bytes named file. */
static inline void fs_fuzz_check_findings(fs_findings *out, const char *file, const char *text, long len)
{
    int *state = malloc(sizeof(int) * (size_t)(out->n + 1));
    int *same = malloc(sizeof(int) * (size_t)(out->n + 1));
    for (int i = 0; i < out->n; i++) {
        const fs_finding *f = &out->v[i];
        FS_FUZZ_CHECK(f->rule && f->name && f->message && f->file);
        FS_FUZZ_CHECK(f->range.begin.line >= 1 && f->range.begin.col >= 1);
        if (strcmp(f->file, file) == 0)
            FS_FUZZ_CHECK(f->range.begin.offset >= 0 && f->range.begin.offset <= len);
        for (int k = 0; k < f->nrelated; k++)
            FS_FUZZ_CHECK(f->related[k].line >= 1 && f->related[k].col >= 1);
        if (f->fix)
            for (int k = 0; k < f->fix->nedits; k++) {
                const fs_edit *e = &f->fix->edits[k];
                FS_FUZZ_CHECK(e->file && e->replacement);
                if (strcmp(e->file, file) == 0)
                    FS_FUZZ_CHECK(e->offset >= 0 && e->length >= 0 && e->offset + e->length <= len);
            }
    }
    /* the fixes --fix --unsafe-fixes would make, made in memory */
    fs_fixer_select(out, 1, NULL, state, same);
    fs_edit **e = NULL;
    int ne = 0;
    for (int i = 0; i < out->n; i++)
        if (state[i] == FS_FIXSEL_CHOSEN)
            for (int k = 0; k < out->v[i].fix->nedits; k++)
                if (strcmp(out->v[i].fix->edits[k].file, file) == 0) {
                    e = realloc(e, sizeof *e * (size_t)(ne + 1));
                    e[ne++] = &out->v[i].fix->edits[k];
                }
    /* sorted by offset (stable insertion sort), the same edit once */
    for (int x = 1; x < ne; x++)
        for (int y = x; y > 0 && (e[y - 1]->offset > e[y]->offset ||
                                  (e[y - 1]->offset == e[y]->offset && e[y - 1]->length > e[y]->length));
             y--) {
            fs_edit *t = e[y];
            e[y] = e[y - 1];
            e[y - 1] = t;
        }
    int nu = 0;
    for (int x = 0; x < ne; x++)
        if (!nu || e[nu - 1]->offset != e[x]->offset || e[nu - 1]->length != e[x]->length ||
            strcmp(e[nu - 1]->replacement, e[x]->replacement) != 0)
            e[nu++] = e[x];
    long outlen = 0;
    char *fixed = fs_fixer_apply(text, len, e, nu, &outlen);
    FS_FUZZ_CHECK(fixed != NULL); /* every chosen fix applies */
    free(fixed);
    free(e);
    free(state);
    free(same);
}

/* Lower, summarize and check every function of r, as driver.c does; then
 * the suppression comments; then the findings' invariants. */
static inline void fs_fuzz_analyze(fs_fe_result *r, const char *file, const char *text, long len)
{
    fs_summaries *cur = fs_summaries_new();
    for (int round = 0; round < 6; round++) {
        for (int i = 0; i < r->nfuncs; i++) {
            fs_func_reset(r->funcs[i].fn);
            if (r->funcs[i].body)
                fs_lower(r->funcs[i].fn, r->funcs[i].body, cur);
        }
        fs_summaries *next = fs_summaries_new();
        for (int i = 0; i < r->nfuncs; i++)
            fs_summarize(r->funcs[i].fn, next);
        int same = fs_summaries_equal(next, cur);
        fs_summaries_delete(cur);
        cur = next;
        if (same)
            break;
    }
    fs_summaries_delete(cur);
    fs_fuzz_src src = { text, len };
    fs_engine_opts eo = { fs_rules, fs_nrules, r->uses_setuid, fs_fuzz_source, &src };
    fs_findings out = { 0 };
    for (int i = 0; i < r->nfuncs; i++) {
        fs_fe_func *ff = &r->funcs[i];
        if (ff->in_system || ff->is_macro || !ff->body || ff->fn->incomplete)
            continue;
        fs_engine_run(ff->fn, &eo, &out);
    }
    fs_supp *supp = fs_supp_parse(text, len);
    int w = 0;
    for (int i = 0; i < out.n; i++) {
        if (fs_supp_match(supp, out.v[i].range.begin.line, out.v[i].rule, out.v[i].name)) {
            fs_finding_clear(&out.v[i]);
            continue;
        }
        out.v[w++] = out.v[i];
    }
    out.n = w;
    fs_supp_report(supp, file, 1, fs_rules, fs_nrules, fs_rule_find, &out);
    fs_supp_free(supp);
    fs_fuzz_check_findings(&out, file, text, len);
    fs_findings_sort_unique(&out);
    fs_findings_clear(&out);
}

/* The end of a front end's fuzz input: analyse what parsed (rc 0), or
 * check that a failure says why; free the result and the text. */
static inline int fs_fuzz_finish(fs_fe_result *r, int rc, const char *file, char *text, size_t size)
{
    if (rc == 0)
        fs_fuzz_analyze(r, file, text, (long)size);
    else
        FS_FUZZ_CHECK(r->fatal != NULL);
    fs_fe_result_free(r);
    free(text);
    return 0;
}

#endif
