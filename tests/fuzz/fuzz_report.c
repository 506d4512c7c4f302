/*
 * fuzz_report - the JSON, SARIF, GitHub and text writers fed findings and
 * skipped files whose names, messages, functions, paths and replacements
 * hold any bytes (control characters, quotes, backslashes, '%', ':', ',',
 * invalid UTF-8).
 *
 * JSON and SARIF must parse (strictly, as jansson reads them) with one
 * entry per finding, strings that were valid UTF-8 kept exactly; GitHub
 * must be one workflow command per finding whose file property and message
 * unescape to what was given; text must have one line per diagnostic and
 * note (no raw line break, no terminal escape).
 */
#include <ctype.h>
#include "rules/registry.h"
#include <jansson.h>

#include "fuzz_common.h"
#include "report/report.h"
#include "base/util.h"

/* The file names point nowhere, so that no reporter reads a real file. */
static char *fuzz_name(fs_fuzz_in *in)
{
    char *s = fs_fuzz_str(in, 40);
    unsigned k = fs_fuzz_byte(in) % 3;
    const char *pre = k == 0 ? "/fscheck-fuzz-none/" : k == 1 ? "fscheck-fuzz-none/" : "fscheck-fuzz-none/./../x/";
    size_t n = strlen(pre) + strlen(s) + 1;
    char *r = malloc(n);
    snprintf(r, n, "%s%s", pre, s);
    free(s);
    return r;
}

static int valid_utf8(const char *s)
{
    json_t *j = json_string(s);
    json_decref(j);
    return j != NULL;
}

static void check_json(const char *buf, size_t n, const fs_findings *fs, const fs_stats *st)
{
    json_error_t err;
    json_t *doc = json_loadb(buf, n, 0, &err);
    if (!doc)
        fprintf(stderr, "not JSON: %s at %d:%d\n", err.text, err.line, err.column);
    FS_FUZZ_CHECK(doc != NULL);
    json_t *arr = json_object_get(doc, "findings");
    FS_FUZZ_CHECK(json_is_array(arr) && json_array_size(arr) == (size_t)fs->n);
    for (int i = 0; i < fs->n; i++) {
        json_t *o = json_array_get(arr, (size_t)i);
        const fs_finding *f = &fs->v[i];
        const char *file = json_string_value(json_object_get(o, "file"));
        const char *msg = json_string_value(json_object_get(o, "message"));
        FS_FUZZ_CHECK(file && msg);
        if (valid_utf8(f->file))
            FS_FUZZ_CHECK(strcmp(file, f->file) == 0);
        if (valid_utf8(f->message))
            FS_FUZZ_CHECK(strcmp(msg, f->message) == 0);
        json_t *rel = json_object_get(o, "related");
        FS_FUZZ_CHECK(json_array_size(rel) == (size_t)f->nrelated);
        if (f->fix) {
            json_t *edits = json_object_get(json_object_get(o, "fix"), "edits");
            FS_FUZZ_CHECK(json_array_size(edits) == (size_t)f->fix->nedits);
            for (int k = 0; k < f->fix->nedits; k++) {
                const char *rep = json_string_value(json_object_get(json_array_get(edits, (size_t)k), "replacement"));
                FS_FUZZ_CHECK(rep);
                if (valid_utf8(f->fix->edits[k].replacement))
                    FS_FUZZ_CHECK(strcmp(rep, f->fix->edits[k].replacement) == 0);
            }
        }
    }
    json_t *sk = json_object_get(json_object_get(doc, "stats"), "skipped");
    FS_FUZZ_CHECK(json_array_size(sk) == (size_t)st->nskipped);
    json_decref(doc);
}

static void check_sarif(const char *buf, size_t n, const fs_findings *fs)
{
    json_error_t err;
    json_t *doc = json_loadb(buf, n, 0, &err);
    if (!doc)
        fprintf(stderr, "not JSON: %s at %d:%d\n", err.text, err.line, err.column);
    FS_FUZZ_CHECK(doc != NULL);
    json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
    json_t *results = json_object_get(run, "results");
    FS_FUZZ_CHECK(json_is_array(results) && json_array_size(results) == (size_t)fs->n);
    for (size_t i = 0; i < json_array_size(results); i++) {
        json_t *loc = json_array_get(json_object_get(json_array_get(results, i), "locations"), 0);
        const char *uri = json_string_value(
            json_object_get(json_object_get(json_object_get(loc, "physicalLocation"), "artifactLocation"), "uri"));
        FS_FUZZ_CHECK(uri != NULL);
        for (const char *p = uri; *p; p++) /* percent-encoded: no space, control or non-ASCII byte */
            FS_FUZZ_CHECK((unsigned char)*p > 0x20 && (unsigned char)*p < 0x7f);
    }
    json_decref(doc);
}

/* %XX of workflow commands undone; NULL when a '%' starts no escape. */
static char *gh_unescape(const char *s, size_t n)
{
    char *r = malloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '%') {
            r[k++] = s[i];
            continue;
        }
        if (i + 2 >= n) {
            free(r);
            return NULL;
        }
        unsigned v;
        char hex[3] = { s[i + 1], s[i + 2], 0 };
        if (!isxdigit((unsigned char)hex[0]) || !isxdigit((unsigned char)hex[1]) || sscanf(hex, "%2X", &v) != 1) {
            free(r);
            return NULL;
        }
        r[k++] = (char)v;
        i += 2;
    }
    r[k] = '\0';
    return r;
}

static void check_github(const char *buf, size_t n, const fs_findings *fs)
{
    int line = 0;
    const char *p = buf, *end = buf + n;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        FS_FUZZ_CHECK(nl != NULL);
        FS_FUZZ_CHECK(line < fs->n);
        FS_FUZZ_CHECK(!memchr(p, '\r', (size_t)(nl - p)));
        const fs_finding *f = &fs->v[line];
        FS_FUZZ_CHECK(strncmp(p, "::", 2) == 0);
        const char *props = memchr(p + 2, ' ', (size_t)(nl - p - 2));
        FS_FUZZ_CHECK(props && strncmp(props, " file=", 6) == 0);
        props += 6;
        const char *sep = strstr(props, "::");
        FS_FUZZ_CHECK(sep && sep < nl);
        const char *comma = memchr(props, ',', (size_t)(sep - props));
        FS_FUZZ_CHECK(comma != NULL);
        char *file = gh_unescape(props, (size_t)(comma - props));
        FS_FUZZ_CHECK(file && strcmp(file, f->file) == 0);
        free(file);
        char *msg = gh_unescape(sep + 2, (size_t)(nl - sep - 2));
        FS_FUZZ_CHECK(msg && strncmp(msg, f->message, strlen(f->message)) == 0);
        free(msg);
        line++;
        p = nl + 1;
    }
    FS_FUZZ_CHECK(line == fs->n);
}

static void check_text(const char *buf, size_t n, const fs_findings *fs)
{
    int want = 0;
    for (int i = 0; i < fs->n; i++)
        want += 1 + fs->v[i].nrelated + (fs->v[i].fix ? 1 : 0);
    int lines = 0;
    for (size_t i = 0; i < n; i++) {
        lines += buf[i] == '\n';
        FS_FUZZ_CHECK(buf[i] != '\r' && buf[i] != '\033');
    }
    FS_FUZZ_CHECK(lines == want);
}

static char *run(const fs_reporter *r, const fs_findings *fs, const fs_stats *st, size_t *n)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, n);
    fs_report_ctx c = { m, 0, fs, st };
    r->write(&c);
    fclose(m);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 16 * 1024)
        return 0;
    fs_fuzz_in in = { data, size };
    static const char *const sev[] = { "warning", "error", "note" };
    fs_findings fs = { 0 };
    fs_stats st;
    memset(&st, 0, sizeof st);
    int nf = (int)(fs_fuzz_byte(&in) % 6);
    for (int i = 0; i < nf; i++) {
        fs_finding *f = fs_findings_add(&fs);
        unsigned k = fs_fuzz_byte(&in);
        const fs_rule *rule = k % 8 == 7 ? &fs_rule_nolint : fs_rules[k % 8 % (unsigned)fs_nrules];
        f->rule = rule->id;
        f->name = rule->name;
        f->severity = sev[(k >> 3) % 3];
        f->file = fuzz_name(&in);
        f->range.begin.line = (int)fs_fuzz_byte(&in) + 1;
        f->range.begin.col = (int)fs_fuzz_byte(&in) + 1;
        f->range.end.line = f->range.begin.line + (int)(fs_fuzz_byte(&in) % 3);
        f->range.end.col = (int)fs_fuzz_byte(&in) + 1;
        f->function = fs_fuzz_str(&in, 32);
        f->path_expr = fs_fuzz_str(&in, 32);
        f->message = fs_fuzz_str(&in, 64);
        f->fingerprint = fs_fuzz_str(&in, 32);
        f->syscalls_saved = (int)fs_fuzz_byte(&in) % 3;
        int nr = (int)(k >> 5) % 3;
        for (int r = 0; r < nr; r++) {
            char *rf = fuzz_name(&in), *rm = fs_fuzz_str(&in, 32);
            fs_finding_add_related(f, rf, (int)fs_fuzz_byte(&in) + 1, (int)fs_fuzz_byte(&in) + 1, rm);
            free(rf);
            free(rm);
        }
        if (k & 0x80) {
            char *d = fs_fuzz_str(&in, 32);
            fs_fix *fx = fs_finding_set_fix(f, fs_fuzz_byte(&in) & 1 ? FS_FIX_UNSAFE : FS_FIX_SAFE, d);
            free(d);
            int ne = (int)fs_fuzz_byte(&in) % 3 + 1;
            for (int e = 0; e < ne; e++) {
                char *rep = fs_fuzz_str(&in, 32);
                fs_fix_add_edit(fx, f->file, (long)fs_fuzz_u16(&in), (long)fs_fuzz_byte(&in), rep);
                free(rep);
            }
        }
    }
    int ns = (int)(fs_fuzz_byte(&in) % 3);
    for (int i = 0; i < ns; i++) {
        char *file = fuzz_name(&in), *why = fs_fuzz_str(&in, 32);
        fs_grow(&st.skipped, &st.capskipped, st.nskipped + 1, sizeof *st.skipped);
        st.skipped[st.nskipped].file = file;
        st.skipped[st.nskipped].reason = why;
        st.nskipped++;
    }
    st.files = (int)fs_fuzz_byte(&in);

    size_t n;
    char *out = run(&fs_report_json, &fs, &st, &n);
    check_json(out, n, &fs, &st);
    free(out);
    out = run(&fs_report_sarif, &fs, &st, &n);
    check_sarif(out, n, &fs);
    free(out);
    out = run(&fs_report_github, &fs, &st, &n);
    check_github(out, n, &fs);
    free(out);
    out = run(&fs_report_text, &fs, &st, &n);
    check_text(out, n, &fs);
    free(out);

    fs_findings_clear(&fs);
    fs_stats_free(&st);
    return 0;
}
