/* driver.c - one file from bytes to findings. */
#include "project/driver.h"
#include "rules/registry.h"
#include "check/engine.h"
#include "project/compdb.h"
#include "project/engines.h"
#include "frontend/frontend.h"
#include "check/suppress.h"
#include "base/source.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FS_SUMMARY_ROUNDS 6

typedef struct fs_src_cache {
    char *file;
    char *text;
    long len;
    unsigned long long hash; /* of text (fs_fnv64), 0 when it could not be read */
} fs_src_cache;

typedef struct fs_src_set {
    fs_src_cache *v;
    int n, cap;
    const char *directory; /* relative names are relative to it (compile command) */
} fs_src_set;

static const char *fs_source_of(void *arg, const char *file, long *len)
{
    fs_src_set *s = arg;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].file, file) == 0) {
            *len = s->v[i].len;
            return s->v[i].text;
        }
    const char *why;
    long n = 0;
    char *abs = s->directory && file[0] != '/' ? fs_path_absolute(file, s->directory) : NULL;
    unsigned long long h = 0;
    char *t = fs_source_read(abs ? abs : file, &n, &why, &h);
    free(abs);
    fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[s->n].file = fs_xstrdup(file);
    s->v[s->n].text = t;
    s->v[s->n].len = n;
    s->v[s->n].hash = h;
    s->n++;
    *len = n;
    return t;
}

/* The cached copy of the file name (lives as long as the set). */
static const char *fs_source_name(fs_src_set *s, const char *file)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].file, file) == 0)
            return s->v[i].file;
    return "";
}

/* The content hash of file as the set holds it (0: unreadable). */
static unsigned long long fs_source_hash_in(fs_src_set *s, const char *file)
{
    long len;
    fs_source_of(s, file, &len);
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].file, file) == 0)
            return s->v[i].hash;
    return 0;
}

static void fs_src_free(fs_src_set *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->v[i].file);
        free(s->v[i].text);
    }
    free(s->v);
}

/* Drop findings silenced by NOLINT comments in their file; then report the
 * analysed file's own comments that are unbalanced or (on request) unused. */
static void fs_apply_suppressions(fs_findings *out, int first, fs_src_set *src, const char *path,
                                  const fs_driver_opts *o)
{
    int n = out->n - first;
    fs_supp **supp = fs_xcalloc((size_t)n + 2, sizeof *supp);
    const char **files = fs_xcalloc((size_t)n + 2, sizeof *files);
    int nfiles = 0, w = first;
    long plen = 0;
    const char *ptext = fs_source_of(src, path, &plen);
    files[nfiles] = fs_source_name(src, path);
    supp[nfiles++] = ptext && memmem(ptext, (size_t)plen, "NOLINT", 6) ? fs_supp_parse(ptext, plen) : NULL;
    for (int i = first; i < out->n; i++) {
        fs_finding *f = &out->v[i];
        int k = 0;
        while (k < nfiles && strcmp(files[k], f->file) != 0)
            k++;
        if (k == nfiles) {
            long len = 0;
            const char *text = fs_source_of(src, f->file, &len);
            files[nfiles] = fs_source_name(src, f->file);
            supp[nfiles] = text && memmem(text, (size_t)len, "NOLINT", 6) ? fs_supp_parse(text, len) : NULL;
            nfiles++;
        }
        if (supp[k] && fs_supp_match(supp[k], f->range.begin.line, f->rule, f->name)) {
            fs_finding_clear(f);
            continue;
        }
        out->v[w++] = *f;
    }
    out->n = w;
    fs_supp_report(supp[0], path, o->report_unused_suppressions, o->rules, o->nrules, fs_rule_find, out);
    for (int k = 0; k < nfiles; k++)
        fs_supp_free(supp[k]);
    free(supp);
    free(files);
}

/* Whether tables a and b say the same of name (each its own entries, else
 * its parent's), in the same order. */
static int fs_same_of(const fs_summaries *a, const fs_summaries *b, const char *name)
{
    const fs_summary *x = fs_summaries_find(a, name), *y = fs_summaries_find(b, name);
    for (; x && y; x = fs_summaries_next(a, x), y = fs_summaries_next(b, y))
        if (x->param != y->param || !fs_op_equal(&x->op, &y->op))
            return 0;
    return !x && !y;
}

/* Replaces what a function said of its parameters by what the
 * configuration declares of them (a `wrappers:` entry of its name). */
static void fs_declared_over(fs_summaries *own, const char *name, const fs_summaries *declared)
{
    const fs_summary *d = declared ? fs_summaries_find(declared, name) : NULL;
    if (!d)
        return;
    fs_summaries *keep = fs_summaries_new();
    for (int k = 0; k < own->n; k++) {
        int covered = 0;
        for (const fs_summary *x = d; x && !covered; x = fs_summaries_next(declared, x))
            covered = own->v[k].param >= 0 && x->param == own->v[k].param;
        if (!covered)
            fs_summaries_add(keep, &own->v[k]);
    }
    for (const fs_summary *x = d; x; x = fs_summaries_next(declared, x))
        fs_summaries_add(keep, x);
    fs_summaries_clear(own);
    for (int k = 0; k < keep->n; k++)
        fs_summaries_add(own, &keep->v[k]);
    fs_summaries_delete(keep);
}

/* The unit's functions lowered with each other's summaries until those
 * settle (the project's under them).  After the first round, a function is
 * lowered again only when a name it calls says something new: the others
 * would come out the same, and keep what they said. */
/* Each function's graph is dropped once summarized, so that a file of many
 * functions holds one graph at a time.  Returns the summaries the last
 * round lowered with: lowered with them again, one by one, each function
 * has its final graph.  The caller deletes them. */
static fs_summaries *fs_lower_all(fs_fe_result *r, const fs_summaries *project, const fs_summaries *declared)
{
    int nf = r->nfuncs;
    const char ***calls = fs_xcalloc((size_t)nf + 1, sizeof *calls);
    int *ncalls = fs_xcalloc((size_t)nf + 1, sizeof *ncalls);
    fs_summaries **own = fs_xcalloc((size_t)nf + 1, sizeof *own); /* per function: what it said last */
    unsigned char *again = fs_xmalloc((size_t)nf + 1);
    for (int i = 0; i < nf; i++) {
        fs_ast_call_names(r->funcs[i].body, 0, &calls[i], &ncalls[i]); /* (lowering looks summaries up by them alone) */
        own[i] = fs_summaries_new();
        again[i] = 1;
    }
    const char **changed = NULL;
    int nchanged = 0, capchanged = 0;
    fs_summaries *cur = fs_summaries_new_over(project);
    for (int round = 0; round < FS_SUMMARY_ROUNDS; round++) {
        fs_summaries *next = fs_summaries_new_over(project);
        for (int i = 0; i < nf; i++) {
            if (again[i]) {
                fs_func_reset(r->funcs[i].fn);
                if (r->funcs[i].body)
                    fs_lower(r->funcs[i].fn, r->funcs[i].body, cur);
                fs_summaries_clear(own[i]);
                fs_summarize(r->funcs[i].fn, own[i]);
                fs_declared_over(own[i], r->funcs[i].fn->name, declared);
                fs_func_drop_nodes(r->funcs[i].fn);
            }
            for (int k = 0; k < own[i]->n; k++) /* as fs_summarize adds them */
                fs_summaries_add(next, &own[i]->v[k]);
        }
        int same = fs_summaries_equal(next, cur);
        if (same || round == FS_SUMMARY_ROUNDS - 1) {
            fs_summaries_delete(next);
            break;
        }
        /* what the next round is to see anew */
        nchanged = 0;
        for (int i = 0; i < nf; i++) {
            const char *name = r->funcs[i].fn->name;
            int known = 0;
            for (int k = 0; k < nchanged && !known; k++)
                known = strcmp(changed[k], name) == 0;
            if (!known && !fs_same_of(cur, next, name))
                FS_PUSH(changed, nchanged, capchanged, name);
        }
        for (int i = 0; i < nf; i++) {
            again[i] = 0;
            for (int c = 0; c < ncalls[i] && !again[i]; c++)
                for (int k = 0; k < nchanged && !again[i]; k++)
                    again[i] = strcmp(calls[i][c], changed[k]) == 0;
        }
        fs_summaries_delete(cur);
        cur = next;
    }
    for (int i = 0; i < nf; i++) {
        free(calls[i]);
        fs_summaries_delete(own[i]);
    }
    free(calls);
    free(ncalls);
    free(own);
    free(again);
    free(changed);
    return cur;
}

/* Whether a line of text in [from, to] (1-based) is a conditional
 * directive (#if, #ifdef, #ifndef, #elif..., #else, #endif). */
static int fs_conditional_between(const char *text, long len, int from, int to)
{
    int line = 1;
    for (long i = 0; i < len && line <= to; i++) {
        if (line >= from) {
            long k = i;
            while (k < len && (text[k] == ' ' || text[k] == '\t'))
                k++;
            if (k < len && text[k] == '#') {
                k++;
                while (k < len && (text[k] == ' ' || text[k] == '\t'))
                    k++;
                if (len - k >= 2 && (strncmp(text + k, "if", 2) == 0 || strncmp(text + k, "el", 2) == 0 ||
                                     (len - k >= 5 && strncmp(text + k, "endif", 5) == 0)))
                    return 1;
            }
        }
        while (i < len && text[i] != '\n')
            i++;
        line++;
    }
    return 0;
}

/* A fix whose calls lie on both sides of a conditional directive is not
 * offered: a build for another platform or configuration may compile one
 * call without the other (dropping the second stat() after a first one
 * that only `#ifndef _WIN32` compiles breaks the Windows build). */
static void fs_no_fix_across_arms(fs_findings *out, int first, const char *path, const char *text, long len)
{
    for (int i = first; i < out->n; i++) {
        fs_finding *f = &out->v[i];
        if (!f->fix || strcmp(f->file, path) != 0)
            continue;
        int lo = f->range.begin.line, hi = f->range.end.line;
        for (int k = 0; k < f->nrelated; k++)
            if (strcmp(f->related[k].file, path) == 0) {
                lo = f->related[k].line < lo ? f->related[k].line : lo;
                hi = f->related[k].line > hi ? f->related[k].line : hi;
            }
        if (fs_conditional_between(text, len, lo, hi))
            fs_finding_drop_fix(f, "a preprocessor conditional lies between the calls, and a build for another "
                                   "platform or configuration may compile only one of them; rewrite by hand");
    }
}

int fs_analyze_file(const char *path, const fs_driver_opts *o, fs_findings *out, fs_stats *st)
{
    const char *why = NULL;
    long len = 0;
    unsigned long long hash = 0;
    char *text = fs_source_read(path, &len, &why, &hash);
    if (!text) {
        fs_stats_skip(st, path, why);
        return -1;
    }
    /* the unit's texts, its own first (the set owns them) */
    fs_src_set src = { 0 };
    src.directory = o->directory;
    FS_PUSH(src.v, src.n, src.cap, ((fs_src_cache){ fs_xstrdup(path), text, len, hash }));
    if (memchr(text, '\0', (size_t)len)) {
        fs_src_free(&src);
        fs_stats_skip(st, path, "binary file (contains NUL bytes)");
        return -1;
    }
    /* the configuration's wrappers over the project's summaries */
    fs_summaries *with_declared = NULL;
    fs_driver_opts od;
    if (o->declared && o->declared->n) {
        with_declared = o->project ? fs_summaries_new_over(o->project) : fs_summaries_new();
        for (int k = 0; k < o->declared->n; k++)
            fs_summaries_add(with_declared, &o->declared->v[k]);
        od = *o;
        od.project = with_declared;
        o = &od;
    }
    fs_fe_result r;
    char *trimmed = NULL; /* what libclang parsed of the main file, when not the text */
    int rc, by_ts = o->engine == FS_ENGINE_TS;
    if (by_ts) {
        rc = fs_ts_parse_unit(o, path, text, len, NULL, &r, NULL, NULL);
    } else {
        /* the text read here, as libclang's unsaved file: the file is read
         * once (with the bodies no candidate needs blanked, when the
         * prefilter says which) */
        trimmed = o->trim ? o->trim(o->trim_arg, text, len) : NULL;
        fs_clang_opts co = { o->cflags, o->ncflags, o->resource_dir, o->directory, trimmed ? trimmed : text,
                             (unsigned long)len, o->project };
        rc = fs_fe_clang_parse(path, &co, &r);
        if (rc != 0 && o->engine == FS_ENGINE_AUTO) {
            /* libclang could not take the file at all: tree-sitter takes all of it */
            fprintf(stderr, "fscheck: %s: %s; analysed with tree-sitter\n", path,
                    r.fatal ? r.fatal : "libclang could not parse it");
            fs_fe_result_free(&r);
            rc = fs_ts_parse_unit(o, path, text, len, NULL, &r, NULL, NULL);
            by_ts = 1;
        }
    }
    if (rc != 0) {
        fs_stats_skip(st, path, r.fatal ? r.fatal : "could not be parsed");
        fs_fe_result_free(&r);
        free(trimmed);
        fs_summaries_delete(with_declared);
        fs_src_free(&src);
        return -1;
    }
    st->files++;
    if (by_ts) /* a definition tree-sitter could not read */
        st->functions_lost += fs_engines_unseen(&r, r.skipped, r.nskipped, text, len, NULL, 0);
    if (by_ts)
        st->engine_ts++;
    else
        st->engine_clang++;
    if (r.nerrors) {
        /* said once per run (fs_stats_partial_summary), listed in the reports */
        st->parse_errors++;
        char *why = fs_xasprintf("%d parse error%s, analysed as far as it parses; first: %s", r.nerrors,
                                 r.nerrors == 1 ? "" : "s", r.first_error ? r.first_error : "?");
        fs_stats_partial(st, path, why);
        free(why);
    }
    fs_fe_result ts;
    int have_ts = 0;
    if (!by_ts && r.nerrors > 0)
        have_ts = fs_engines_reconcile(o, &r, &ts, path, text, len, o->engine == FS_ENGINE_AUTO, &st->functions_lost);
    fs_summaries *settled = fs_lower_all(&r, o->project, o->declared);
    int first_new = out->n;
    fs_engine_opts eo = { o->rules, o->nrules, r.uses_setuid || o->project_setuid, fs_source_of, &src };
    for (int i = 0; i < r.nfuncs; i++) {
        fs_fe_func *ff = &r.funcs[i];
        if (ff->in_system || ff->is_macro || (!ff->body && !ff->trivial))
            continue;
        if (!ff->in_main_file && o->claim && !o->claim(o->claim_arg, ff->fn->file, ff->fn->range.begin.line))
            continue; /* a header's function, checked for another unit */
        if (ff->trivial) { /* nothing in it to find (fe_clang.c) */
            st->functions++;
            st->functions_clang++;
            continue;
        }
        int before = out->n;
        fs_func_reset(ff->fn);
        fs_lower(ff->fn, ff->body, settled);
        st->functions++;
        if (strcmp(ff->fn->engine, "tree-sitter") == 0)
            st->functions_ts++;
        else
            st->functions_clang++;
        if (ff->fn->incomplete) {
            st->functions_lost++;
            if (!o->quiet)
                fprintf(stderr, "fscheck: %s:%d: function '%s' %s\n", ff->fn->file, ff->fn->range.begin.line,
                        ff->fn->name,
                        ff->fn->incomplete_why ? ff->fn->incomplete_why : "is too deeply nested to analyse");
            fs_func_drop_nodes(ff->fn);
            continue;
        }
        if (getenv("FSCHECK_DUMP_AST"))
            fs_ast_dump(ff->body, 0, stderr);
        if (getenv("FSCHECK_DUMP_IR"))
            fs_func_dump(ff->fn, stderr);
        fs_engine_run(ff->fn, &eo, out);
        if (ff->would_skip) {
            /* FSCHECK_CHECK_TRIVIAL: what a function left unconverted would have said */
            fs_summaries *t = fs_summaries_new();
            fs_summarize(ff->fn, t);
            int said = 0;
            for (int k = 0; k < t->n; k++) /* (that it leaves an argument alone says nothing to skip) */
                said |= t->v[k].param != FS_SUMMARY_DEFINED &&
                        !(t->v[k].param >= 0 && t->v[k].op.kind == FS_OP_NONE && !t->v[k].op.copies);
            if (ff->would_skip == 2) /* its summaries reach no converted function */
                fprintf(stderr, "fscheck: %s:%d: function '%s' taken as reaching no probe%s\n", ff->fn->file,
                        ff->fn->range.begin.line, ff->fn->name, out->n != before ? ", but it has findings" : "");
            else
                fprintf(stderr, "fscheck: %s:%d: function '%s' taken as trivial%s\n", ff->fn->file,
                        ff->fn->range.begin.line, ff->fn->name,
                        said ? ", but it has summaries" : out->n != before ? ", but it has findings" : "");
            fs_summaries_delete(t);
        }
        fs_func_drop_nodes(ff->fn);
    }
    fs_summaries_delete(settled);
    /* each edit carries the hash of the text it was computed against: the
     * fixer applies it only to that text */
    for (int i = first_new; i < out->n; i++)
        for (int k = 0; out->v[i].fix && k < out->v[i].fix->nedits; k++)
            out->v[i].fix->edits[k].hash = fs_source_hash_in(&src, out->v[i].fix->edits[k].file);
    fs_no_fix_across_arms(out, first_new, path, text, len);
    fs_apply_suppressions(out, first_new, &src, path, o);
    fs_src_free(&src);
    fs_fe_result_free(&r);
    free(trimmed);
    if (have_ts)
        fs_fe_result_free(&ts);
    fs_summaries_delete(with_declared);
    return 0;
}
