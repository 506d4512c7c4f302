/* report_json.c - the JSON document of the contract, written with jansson. */
#include "report/report.h"
#include "base/util.h"
#include "base/version.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *fs_json_str(const char *s)
{
    if (!s)
        s = "";
    /* JSON holds only UTF-8 (jansson would write nothing past a string that
     * is not): other bytes become U+FFFD */
    char *fixed = fs_utf8_repair(s, strlen(s));
    json_t *j = json_string(fixed ? fixed : s);
    free(fixed);
    return j;
}

static json_t *fs_json_finding(const fs_finding *f)
{
    json_t *o = json_object();
    json_object_set_new(o, "rule", json_string(f->rule));
    json_object_set_new(o, "name", json_string(f->name));
    json_object_set_new(o, "severity", json_string(f->severity));
    json_object_set_new(o, "file", fs_json_str(f->file));
    json_object_set_new(o, "line", json_integer(f->range.begin.line));
    json_object_set_new(o, "column", json_integer(f->range.begin.col));
    json_object_set_new(o, "end_line", json_integer(f->range.end.line));
    json_object_set_new(o, "end_column", json_integer(f->range.end.col));
    json_object_set_new(o, "function", fs_json_str(f->function));
    json_object_set_new(o, "path_expr", fs_json_str(f->path_expr));
    json_object_set_new(o, "message", fs_json_str(f->message));
    json_t *rel = json_array();
    for (int i = 0; i < f->nrelated; i++) {
        json_t *r = json_object();
        json_object_set_new(r, "file", fs_json_str(f->related[i].file));
        json_object_set_new(r, "line", json_integer(f->related[i].line));
        json_object_set_new(r, "column", json_integer(f->related[i].col));
        json_object_set_new(r, "message", fs_json_str(f->related[i].message));
        json_array_append_new(rel, r);
    }
    json_object_set_new(o, "related", rel);
    json_object_set_new(o, "syscalls_saved", json_integer(f->syscalls_saved));
    if (f->fix) {
        json_t *fx = json_object();
        json_object_set_new(fx, "safety", json_string(f->fix->safety == FS_FIX_SAFE ? "safe" : "unsafe"));
        json_object_set_new(fx, "description", fs_json_str(f->fix->description));
        json_t *edits = json_array();
        for (int i = 0; i < f->fix->nedits; i++) {
            const fs_edit *e = &f->fix->edits[i];
            json_array_append_new(edits, json_pack("{s:o, s:I, s:I, s:o}", "file", fs_json_str(e->file), "offset",
                                                   (json_int_t)e->offset, "length", (json_int_t)e->length,
                                                   "replacement", fs_json_str(e->replacement)));
        }
        json_object_set_new(fx, "edits", edits);
        json_object_set_new(o, "fix", fx);
    }
    if (f->fingerprint)
        json_object_set_new(o, "fingerprint", fs_json_str(f->fingerprint));
    return o;
}

static int fs_json_write(const fs_report_ctx *c)
{
    json_t *doc = json_object();
    json_object_set_new(doc, "version", json_integer(1));
    json_t *tool = json_object();
    json_object_set_new(tool, "name", json_string("fscheck"));
    json_object_set_new(tool, "version", json_string(FSCHECK_VERSION));
    json_object_set_new(doc, "tool", tool);
    json_t *arr = json_array();
    for (int i = 0; i < c->findings->n; i++)
        json_array_append_new(arr, fs_json_finding(&c->findings->v[i]));
    json_object_set_new(doc, "findings", arr);
    json_t *st = json_object();
    json_object_set_new(st, "files", json_integer(c->stats->files));
    json_object_set_new(st, "functions", json_integer(c->stats->functions));
    json_t *sk = json_array();
    for (int i = 0; i < c->stats->nskipped; i++) {
        json_t *s = json_object();
        json_object_set_new(s, "file", fs_json_str(c->stats->skipped[i].file));
        json_object_set_new(s, "reason", fs_json_str(c->stats->skipped[i].reason));
        json_array_append_new(sk, s);
    }
    json_object_set_new(st, "skipped", sk);
    json_t *pa = json_array();
    for (int i = 0; i < c->stats->npartial; i++) {
        json_t *s = json_object();
        json_object_set_new(s, "file", fs_json_str(c->stats->partial[i].file));
        json_object_set_new(s, "reason", fs_json_str(c->stats->partial[i].reason));
        json_array_append_new(pa, s);
    }
    json_object_set_new(st, "partial", pa);
    json_t *eng = json_object();
    json_object_set_new(eng, "clang", json_integer(c->stats->engine_clang));
    json_object_set_new(eng, "tree-sitter", json_integer(c->stats->engine_ts));
    json_object_set_new(st, "engine", eng);
    json_t *efn = json_object();
    json_object_set_new(efn, "clang", json_integer(c->stats->functions_clang));
    json_object_set_new(efn, "tree-sitter", json_integer(c->stats->functions_ts));
    json_object_set_new(st, "engine_functions", efn);
    json_object_set_new(st, "parse_errors", json_integer(c->stats->parse_errors));
    json_object_set_new(st, "functions_not_analysed", json_integer(c->stats->functions_lost));
    json_object_set_new(st, "nothing_to_check", json_integer(c->stats->nothing_to_check));
    if (c->stats->nshared) {
        json_t *sh = json_array();
        for (int i = 0; i < c->stats->nshared; i++)
            json_array_append_new(sh, fs_json_str(c->stats->shared[i]));
        json_object_set_new(st, "shared_functions", sh);
    }
    json_object_set_new(doc, "stats", st);
    int rc = json_dumpf(doc, c->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', c->out);
    json_decref(doc);
    return rc;
}

const fs_reporter fs_report_json = { "json", fs_json_write };
