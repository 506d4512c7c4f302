/* merge.c - `fscheck merge FILE...`: the JSON reports of shards as one report. */
#include "tool/cli.h"
#include "rules/registry.h"
#include "project/driver.h"
#include "report/report.h"
#include "check/rule.h"
#include "base/util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *fs_jstr(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

static int fs_jint(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_integer(v) ? (int)json_integer_value(v) : 0;
}

/* Rule ids and names live in the registry; findings point at static strings. */
static const char *fs_static_str(const char *s)
{
    static const char *const known[] = { "warning", "error", "note", "FS000", "unused-suppression" };
    for (int i = 0; i < fs_nrules; i++) {
        if (strcmp(fs_rules[i]->id, s) == 0)
            return fs_rules[i]->id;
        if (strcmp(fs_rules[i]->name, s) == 0)
            return fs_rules[i]->name;
    }
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(known[i], s) == 0)
            return known[i];
    return NULL;
}

static int fs_merge_one(const char *path, fs_findings *out, fs_stats *st)
{
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    if (!doc) {
        fprintf(stderr, "fscheck: merge: %s:%d:%d: %s\n", path, e.line, e.column, e.text);
        return -1;
    }
    json_t *fs = json_object_get(doc, "findings");
    if (!json_is_object(doc) || !json_is_array(fs) || fs_jint(doc, "version") != 1) {
        fprintf(stderr, "fscheck: merge: %s: not an fscheck JSON report (version 1)\n", path);
        json_decref(doc);
        return -1;
    }
    size_t i;
    json_t *j;
    json_array_foreach(fs, i, j) {
        const char *rule = fs_jstr(j, "rule"), *name = fs_jstr(j, "name"), *sev = fs_jstr(j, "severity");
        if (!rule || !fs_static_str(rule) || !fs_jstr(j, "file")) {
            fprintf(stderr, "fscheck: merge: %s: finding %zu is not one of fscheck's\n", path, i + 1);
            json_decref(doc);
            return -1;
        }
        fs_finding *f = fs_findings_add(out);
        f->rule = fs_static_str(rule);
        f->name = name && fs_static_str(name) ? fs_static_str(name) : "";
        f->severity = sev && fs_static_str(sev) ? fs_static_str(sev) : "warning";
        f->file = fs_xstrdup(fs_jstr(j, "file"));
        f->range.begin.line = fs_jint(j, "line");
        f->range.begin.col = fs_jint(j, "column");
        f->range.end.line = fs_jint(j, "end_line");
        f->range.end.col = fs_jint(j, "end_column");
        f->function = fs_xstrdup(fs_jstr(j, "function") ? fs_jstr(j, "function") : "");
        f->path_expr = fs_xstrdup(fs_jstr(j, "path_expr") ? fs_jstr(j, "path_expr") : "");
        f->message = fs_xstrdup(fs_jstr(j, "message") ? fs_jstr(j, "message") : "");
        f->syscalls_saved = fs_jint(j, "syscalls_saved");
        if (fs_jstr(j, "fingerprint"))
            f->fingerprint = fs_xstrdup(fs_jstr(j, "fingerprint"));
        size_t k;
        json_t *r;
        json_array_foreach(json_object_get(j, "related"), k, r)
            fs_finding_add_related(f, fs_jstr(r, "file") ? fs_jstr(r, "file") : "", fs_jint(r, "line"),
                                   fs_jint(r, "column"), fs_jstr(r, "message") ? fs_jstr(r, "message") : "");
        json_t *fx = json_object_get(j, "fix");
        if (json_is_object(fx)) {
            const char *safety = fs_jstr(fx, "safety");
            fs_fix *fix = fs_finding_set_fix(f, safety && strcmp(safety, "safe") == 0 ? FS_FIX_SAFE : FS_FIX_UNSAFE,
                                             fs_jstr(fx, "description") ? fs_jstr(fx, "description") : "");
            json_array_foreach(json_object_get(fx, "edits"), k, r)
                fs_fix_add_edit(fix, fs_jstr(r, "file") ? fs_jstr(r, "file") : "", fs_jint(r, "offset"),
                                fs_jint(r, "length"), fs_jstr(r, "replacement") ? fs_jstr(r, "replacement") : "");
        }
    }
    json_t *s = json_object_get(doc, "stats");
    if (json_is_object(s)) {
        st->files += fs_jint(s, "files");
        st->functions += fs_jint(s, "functions");
        st->parse_errors += fs_jint(s, "parse_errors");
        st->nothing_to_check += fs_jint(s, "nothing_to_check");
        json_t *eng = json_object_get(s, "engine");
        st->engine_clang += fs_jint(eng, "clang");
        st->engine_ts += fs_jint(eng, "tree-sitter");
        json_t *efn = json_object_get(s, "engine_functions");
        st->functions_clang += fs_jint(efn, "clang");
        st->functions_ts += fs_jint(efn, "tree-sitter");
        size_t k;
        json_t *sk;
        st->functions_lost += fs_jint(s, "functions_not_analysed");
        json_array_foreach(json_object_get(s, "partial"), k, sk) {
            fs_stats_partial(st, fs_jstr(sk, "file") ? fs_jstr(sk, "file") : "",
                             fs_jstr(sk, "reason") ? fs_jstr(sk, "reason") : "");
        }
        json_array_foreach(json_object_get(s, "skipped"), k, sk) {
            fs_grow(&st->skipped, &st->capskipped, st->nskipped + 1, sizeof *st->skipped);
            st->skipped[st->nskipped].file = fs_xstrdup(fs_jstr(sk, "file") ? fs_jstr(sk, "file") : "");
            st->skipped[st->nskipped].reason = fs_xstrdup(fs_jstr(sk, "reason") ? fs_jstr(sk, "reason") : "");
            st->nskipped++;
        }
        json_array_foreach(json_object_get(s, "shared_functions"), k, sk) {
            if (!json_is_string(sk))
                continue;
            fs_grow(&st->shared, &st->capshared, st->nshared + 1, sizeof *st->shared);
            st->shared[st->nshared++] = fs_xstrdup(json_string_value(sk));
        }
    }
    json_decref(doc);
    return 0;
}

int fs_merge_main(int argc, char **argv)
{
    const char *format = "text";
    int exit_zero = 0, nfiles = 0;
    fs_findings findings = { 0 };
    fs_stats stats;
    memset(&stats, 0, sizeof stats);
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--format=", 9) == 0) {
            format = argv[i] + 9;
        } else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
            format = argv[++i];
        } else if (strcmp(argv[i], "--exit-zero") == 0) {
            exit_zero = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "fscheck: merge: unknown option '%s' (usage: fscheck merge [--format=F] FILE...)\n",
                    argv[i]);
            rc = FS_EXIT_USAGE;
        } else {
            nfiles++;
            if (fs_merge_one(argv[i], &findings, &stats) != 0)
                rc = FS_EXIT_USAGE;
        }
    }
    const fs_reporter *rep = fs_reporter_find(format);
    if (!rep) {
        fprintf(stderr, "fscheck: merge: unknown format '%s'\n", format);
        rc = FS_EXIT_USAGE;
    }
    if (!nfiles && !rc) {
        fprintf(stderr, "fscheck: merge: no reports given (usage: fscheck merge [--format=F] FILE...)\n");
        rc = FS_EXIT_USAGE;
    }
    if (!rc) {
        fs_findings_sort_unique(&findings);
        /* a header's function that several shards checked counts once */
        fs_stats_sort(&stats);
        stats.functions += stats.nshared;
        stats.functions_clang += stats.nshared;
        for (int i = 0; i < stats.nshared; i++)
            free(stats.shared[i]);
        stats.nshared = 0;
        fs_report_ctx c = { stdout, 0, &findings, &stats };
        c.color = strcmp(format, "text") == 0 && isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
        if (rep->write(&c) != 0 || fflush(stdout) != 0)
            rc = FS_EXIT_INTERNAL;
        else
            rc = findings.n && !exit_zero ? FS_EXIT_FINDINGS : FS_EXIT_OK;
    }
    fs_findings_clear(&findings);
    fs_stats_free(&stats);
    return rc;
}
