/*
 * report_sarif.c - SARIF 2.1.0, written with jansson.
 *
 * One run: tool.driver with the rules of the registry (descriptions and help
 * from the embedded rule pages), one result per finding with its primary and
 * related locations, the fingerprint (fingerprint.c) as partialFingerprints,
 * and the fix as artifactChanges.  Paths are relative to the working folder,
 * given as %SRCROOT% in originalUriBaseIds; columns are UTF-16 code units, as
 * SARIF's default columnKind says.
 */
#include "report/report.h"
#include "rules/registry.h"
#include "base/docs.h"
#include "check/rule.h"
#include "base/srctext.h"
#include "check/suppress.h"
#include "base/util.h"
#include "base/version.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FS_SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define FS_INFORMATION_URI "https://fscheck.invalid/"
#define FS_FINGERPRINT_KEY "fscheck/v1"

/* A JSON string of n bytes; bytes that are not UTF-8 become U+FFFD. */
static json_t *fs_jstrn(const char *s, size_t n)
{
    json_t *j = json_stringn(s, n);
    if (j)
        return j;
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
        json_t *one = k && c && i + k <= n ? json_stringn(s + i, k) : NULL;
        if (one) {
            fs_buf_add(&b, s + i, k);
            json_decref(one);
            i += k;
        } else {
            fs_buf_puts(&b, "\xEF\xBF\xBD");
            i++;
        }
    }
    j = json_stringn(b.s, b.len);
    fs_buf_free(&b);
    return j ? j : json_string("");
}

static json_t *fs_jstr(const char *s)
{
    return fs_jstrn(s ? s : "", s ? strlen(s) : 0);
}

static json_t *fs_jmsg(const char *text)
{
    json_t *m = json_object();
    json_object_set_new(m, "text", fs_jstr(text));
    return m;
}

/* A message as SARIF likes it: one sentence ending with a period. */
static json_t *fs_jsentence(const char *text)
{
    size_t n = text ? strlen(text) : 0;
    if (n && strchr(".!?", text[n - 1]))
        return fs_jmsg(text);
    char *s = fs_xasprintf("%s.", text ? text : "");
    json_t *m = fs_jmsg(s);
    free(s);
    return m;
}

/* --- URIs ------------------------------------------------------------------ */

static void fs_uri_encode(fs_buf *b, const char *path)
{
    static const char hex[] = "0123456789ABCDEF";
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p)) {
            fs_buf_add(b, (const char *)p, 1);
        } else {
            char e[3] = { '%', hex[*p >> 4], hex[*p & 15] };
            fs_buf_add(b, e, 3);
        }
    }
}

/* Resolve "." and ".." and repeated slashes of an absolute path, in place. */
static void fs_path_normalise(char *p)
{
    char *out = p, *in = p;
    while (*in) {
        while (*in == '/')
            in++;
        char *seg = in;
        while (*in && *in != '/')
            in++;
        size_t n = (size_t)(in - seg);
        if (n == 0 || (n == 1 && seg[0] == '.'))
            continue;
        if (n == 2 && seg[0] == '.' && seg[1] == '.') {
            while (out > p && *--out != '/')
                ;
            continue;
        }
        *out++ = '/';
        memmove(out, seg, n);
        out += n;
    }
    if (out == p)
        *out++ = '/';
    *out = '\0';
}

typedef struct fs_sarif {
    char *cwd;        /* normalised, no trailing slash ("/" for the root) */
    fs_texts *texts;
} fs_sarif;

static json_t *fs_artifact_location(const fs_sarif *s, const char *file)
{
    char *abs = file[0] == '/' ? fs_xstrdup(file) : fs_xasprintf("%s/%s", s->cwd, file);
    fs_path_normalise(abs);
    json_t *loc = json_object();
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    size_t n = strlen(s->cwd);
    if (strcmp(s->cwd, "/") == 0 && abs[1]) {
        fs_uri_encode(&b, abs + 1);
        json_object_set_new(loc, "uri", fs_jstr(b.s));
        json_object_set_new(loc, "uriBaseId", json_string("%SRCROOT%"));
    } else if (strncmp(abs, s->cwd, n) == 0 && abs[n] == '/' && abs[n + 1]) {
        fs_uri_encode(&b, abs + n + 1);
        json_object_set_new(loc, "uri", fs_jstr(b.s));
        json_object_set_new(loc, "uriBaseId", json_string("%SRCROOT%"));
    } else {
        fs_buf_puts(&b, "file://");
        fs_uri_encode(&b, abs);
        json_object_set_new(loc, "uri", fs_jstr(b.s));
    }
    fs_buf_free(&b);
    free(abs);
    return loc;
}

/* --- regions -------------------------------------------------------------- */

static json_t *fs_region(fs_sarif *s, const char *file, int line, int col, int end_line, int end_col, int snippet)
{
    long len;
    const char *text = fs_texts_get(s->texts, file, &len);
    long lb = fs_text_offset(text, len, line, 1);
    json_t *r = json_object();
    json_object_set_new(r, "startLine", json_integer(line));
    json_object_set_new(r, "startColumn", json_integer(lb >= 0 ? fs_text_utf16_col(text, len, lb, col) : col));
    if (end_line <= 0) {
        /* only a start: the call written there */
        long b = lb >= 0 ? lb + col - 1 : -1;
        long e = b >= 0 && b < len ? fs_text_call_end(text, len, b) : -1;
        if (e > b) {
            end_line = line;
            for (long i = b; i < e; i++)
                if (fs_eol(text, len, i))
                    end_line++;
            long el = e;
            while (el > 0 && !fs_eol(text, len, el - 1))
                el--;
            end_col = (int)(e - el) + 1;
        }
    }
    if (end_line > 0) {
        long le = fs_text_offset(text, len, end_line, 1);
        json_object_set_new(r, "endLine", json_integer(end_line));
        json_object_set_new(r, "endColumn",
                            json_integer(le >= 0 ? fs_text_utf16_col(text, len, le, end_col) : end_col));
        long b = lb >= 0 ? lb + col - 1 : -1;
        long e = le >= 0 ? le + end_col - 1 : -1;
        if (snippet && b >= 0 && e > b && e <= len) {
            json_t *sn = json_object();
            json_object_set_new(sn, "text", fs_jstrn(text + b, (size_t)(e - b)));
            json_object_set_new(r, "snippet", sn);
        }
    }
    return r;
}

static json_t *fs_physical(fs_sarif *s, const char *file, json_t *region)
{
    json_t *p = json_object();
    json_object_set_new(p, "artifactLocation", fs_artifact_location(s, file));
    json_object_set_new(p, "region", region);
    return p;
}

/* --- rules ------------------------------------------------------------------ */

/* The body of section "## name" of a Markdown page, up to the next heading
 * of level <= max_level; NULL when absent.  The caller frees. */
static char *fs_md_section(const char *doc, const char *name, int max_level)
{
    size_t n = strlen(name);
    const char *p = doc;
    while (p && *p) {
        if (strncmp(p, "## ", 3) == 0 && strncmp(p + 3, name, n) == 0 && (p[3 + n] == '\n' || !p[3 + n]))
            break;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (!p || !*p)
        return NULL;
    p = strchr(p, '\n');
    if (!p)
        return NULL;
    p++;
    const char *e = p;
    int in_code = 0;
    while (*e) {
        if (strncmp(e, "```", 3) == 0)
            in_code = !in_code;
        if (!in_code && *e == '#') {
            int lvl = 0;
            while (e[lvl] == '#')
                lvl++;
            if (e[lvl] == ' ' && lvl <= max_level)
                break;
        }
        const char *nl = strchr(e, '\n');
        e = nl ? nl + 1 : e + strlen(e);
    }
    while (e > p && (e[-1] == '\n' || e[-1] == ' '))
        e--;
    while (*p == '\n')
        p++;
    return e > p ? fs_xstrndup(p, (size_t)(e - p)) : fs_xstrdup("");
}

/* The first paragraph after the page's title, joined into one line. */
static char *fs_md_first_paragraph(const char *doc)
{
    const char *p = strchr(doc, '\n');
    if (!p)
        return fs_xstrdup("");
    while (*p == '\n')
        p++;
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    while (*p && *p != '\n' && *p != '#') {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (b.len)
            fs_buf_add(&b, " ", 1);
        fs_buf_add(&b, p, n);
        p = nl ? nl + 1 : p + n;
    }
    return b.s;
}

/* Markdown to plain text, for help.text: code fences dropped and their
 * lines indented; headings become "Title:"; backticks dropped. */
static void fs_md_to_text(fs_buf *b, const char *md)
{
    int in_code = 0;
    for (const char *p = md; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (strncmp(p, "```", 3) == 0) {
            in_code = !in_code;
        } else if (in_code) {
            if (n)
                fs_buf_puts(b, "    ");
            fs_buf_add(b, p, n);
            fs_buf_add(b, "\n", 1);
        } else if (n && p[0] == '#') {
            size_t i = 0;
            while (i < n && (p[i] == '#' || p[i] == ' '))
                i++;
            fs_buf_add(b, p + i, n - i);
            fs_buf_puts(b, ":\n");
        } else {
            for (size_t i = 0; i < n; i++)
                if (p[i] != '`')
                    fs_buf_add(b, p + i, 1);
            fs_buf_add(b, "\n", 1);
        }
        p = nl ? nl + 1 : p + n;
    }
}

static json_t *fs_rule_descriptor(const fs_rule *r)
{
    json_t *d = json_object();
    json_object_set_new(d, "id", json_string(r->id));
    json_object_set_new(d, "name", json_string(r->name));
    json_object_set_new(d, "shortDescription", fs_jsentence(r->summary));
    const char *doc = fs_rule_doc(r->id);
    if (doc) {
        char *full = fs_md_first_paragraph(doc);
        char *example = fs_md_section(doc, "Example", 2);
        char *fix = fs_md_section(doc, "The fix", 3);
        fs_buf md = { 0 }, txt = { 0 };
        fs_buf_puts(&md, full);
        fs_buf_puts(&md, "\n");
        if (example) {
            fs_buf_printf(&md, "\n## Example\n\n%s\n", example);
        }
        if (fix)
            fs_buf_printf(&md, "\n## The fix\n\n%s\n", fix);
        fs_buf_printf(&md, "\n## Silencing\n\n`// NOLINT(%s)` on the line, `// NOLINTNEXTLINE(fscheck-%s)` on the line before, "
                           "or `--rules=all,-%s`.\n", r->id, r->name, r->id);
        fs_md_to_text(&txt, md.s);
        json_t *fd = json_object();
        fs_buf plain = { 0 };
        fs_buf_puts(&plain, "");
        fs_md_to_text(&plain, full);
        while (plain.len && plain.s[plain.len - 1] == '\n')
            plain.s[--plain.len] = '\0';
        json_object_set_new(fd, "text", fs_jstr(plain.s));
        json_object_set_new(fd, "markdown", fs_jstr(full));
        json_object_set_new(d, "fullDescription", fd);
        json_t *help = json_object();
        json_object_set_new(help, "text", fs_jstr(txt.s));
        json_object_set_new(help, "markdown", fs_jstr(md.s));
        json_object_set_new(d, "help", help);
        fs_buf_free(&plain);
        fs_buf_free(&md);
        fs_buf_free(&txt);
        free(full);
        free(example);
        free(fix);
    } else {
        json_object_set_new(d, "fullDescription", fs_jsentence(r->summary));
        json_object_set_new(d, "help", fs_jsentence(r->summary));
    }
    json_t *cfg = json_object();
    json_object_set_new(cfg, "level", json_string(r->severity ? r->severity : "warning"));
    json_object_set_new(d, "defaultConfiguration", cfg);
    json_t *props = json_object();
    json_t *tags = json_array();
    if (r->cwe) {
        json_array_append_new(tags, json_string("security"));
        char *t = fs_xasprintf("external/cwe/cwe-%d", r->cwe);
        json_array_append_new(tags, json_string(t));
        free(t);
    } else if (r->check) {
        json_array_append_new(tags, json_string("performance"));
    } else {
        json_array_append_new(tags, json_string("maintainability"));
    }
    json_array_append_new(tags, json_string("filesystem"));
    json_object_set_new(props, "tags", tags);
    json_object_set_new(props, "precision", json_string(r->check ? "high" : "very-high"));
    json_object_set_new(d, "properties", props);
    return d;
}

/* The rules a run may refer to: the registry, then the pseudo-rule of
 * suppression comments when a finding is one. */
static int fs_rule_index(const fs_rule *const *rules, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(rules[i]->id, id) == 0)
            return i;
    return -1;
}

/* --- results ------------------------------------------------------------------ */

static const char *fs_level(const char *severity)
{
    if (severity && (strcmp(severity, "error") == 0 || strcmp(severity, "note") == 0))
        return severity;
    return "warning";
}

static json_t *fs_sarif_fix(fs_sarif *s, const fs_fix *fix)
{
    json_t *fx = json_object();
    char *desc = fs_xasprintf("%s%s", fix->safety == FS_FIX_SAFE ? "" : "(unsafe) ",
                              fix->description ? fix->description : "");
    json_object_set_new(fx, "description", fs_jsentence(desc));
    free(desc);
    json_t *changes = json_array();
    unsigned char *done = fs_xcalloc((size_t)fix->nedits + 1, 1);
    for (int i = 0; i < fix->nedits; i++) {
        if (done[i])
            continue;
        json_t *ch = json_object();
        json_object_set_new(ch, "artifactLocation", fs_artifact_location(s, fix->edits[i].file));
        json_t *reps = json_array();
        for (int j = i; j < fix->nedits; j++) {
            const fs_edit *e = &fix->edits[j];
            if (done[j] || strcmp(e->file, fix->edits[i].file) != 0)
                continue;
            done[j] = 1;
            json_t *rep = json_object();
            json_t *del = json_object();
            json_object_set_new(del, "byteOffset", json_integer(e->offset));
            json_object_set_new(del, "byteLength", json_integer(e->length));
            json_object_set_new(rep, "deletedRegion", del);
            if (e->replacement && *e->replacement)
                json_object_set_new(rep, "insertedContent", fs_jmsg(e->replacement));
            json_array_append_new(reps, rep);
        }
        json_object_set_new(ch, "replacements", reps);
        json_array_append_new(changes, ch);
    }
    free(done);
    json_object_set_new(fx, "artifactChanges", changes);
    json_t *props = json_object();
    json_object_set_new(props, "safety", json_string(fix->safety == FS_FIX_SAFE ? "safe" : "unsafe"));
    json_object_set_new(fx, "properties", props);
    return fx;
}

static json_t *fs_result(fs_sarif *s, const fs_finding *f, int rule_index)
{
    json_t *res = json_object();
    json_object_set_new(res, "ruleId", json_string(f->rule));
    if (rule_index >= 0)
        json_object_set_new(res, "ruleIndex", json_integer(rule_index));
    json_object_set_new(res, "level", json_string(fs_level(f->severity)));
    json_object_set_new(res, "message", fs_jsentence(f->message));

    json_t *loc = json_object();
    int end_line = f->range.end.line, end_col = f->range.end.col;
    if (end_line < f->range.begin.line || (end_line == f->range.begin.line && end_col <= f->range.begin.col))
        end_line = end_col = 0;
    json_object_set_new(loc, "physicalLocation",
                        fs_physical(s, f->file, fs_region(s, f->file, f->range.begin.line, f->range.begin.col,
                                                          end_line, end_col, 1)));
    if (f->function && *f->function) {
        json_t *ll = json_array(), *l = json_object();
        json_object_set_new(l, "name", fs_jstr(f->function));
        json_object_set_new(l, "kind", json_string("function"));
        json_array_append_new(ll, l);
        json_object_set_new(loc, "logicalLocations", ll);
    }
    json_t *locs = json_array();
    json_array_append_new(locs, loc);
    json_object_set_new(res, "locations", locs);

    if (f->nrelated) {
        json_t *rel = json_array();
        for (int i = 0; i < f->nrelated; i++) {
            const fs_related *r = &f->related[i];
            json_t *rl = json_object();
            json_object_set_new(rl, "id", json_integer(i + 1));
            json_object_set_new(rl, "physicalLocation",
                                fs_physical(s, r->file, fs_region(s, r->file, r->line, r->col, 0, 0, 0)));
            json_object_set_new(rl, "message", fs_jsentence(r->message));
            json_array_append_new(rel, rl);
        }
        json_object_set_new(res, "relatedLocations", rel);
    }
    if (f->fingerprint) {
        json_t *fp = json_object();
        json_object_set_new(fp, FS_FINGERPRINT_KEY, fs_jstr(f->fingerprint));
        json_object_set_new(res, "partialFingerprints", fp);
    }
    if (f->fix && f->fix->nedits) {
        json_t *fixes = json_array();
        json_array_append_new(fixes, fs_sarif_fix(s, f->fix));
        json_object_set_new(res, "fixes", fixes);
    }
    json_t *props = json_object();
    json_object_set_new(props, "name", json_string(f->name));
    if (f->path_expr)
        json_object_set_new(props, "pathExpression", fs_jstr(f->path_expr));
    json_object_set_new(props, "syscallsSaved", json_integer(f->syscalls_saved));
    json_object_set_new(res, "properties", props);
    return res;
}

/* One warning-level notification per file of list (what a file lost:
 * "skipped: why", "only partly parsed: why"). */
static void fs_notifications(json_t *notes, const fs_sarif *s, const char *what, const fs_skipped *list, int n)
{
    for (int i = 0; i < n; i++) {
        const fs_skipped *k = &list[i];
        json_t *note = json_object();
        json_object_set_new(note, "level", json_string("warning"));
        char *m = fs_xasprintf("%s: %s", what, k->reason ? k->reason : "");
        json_object_set_new(note, "message", fs_jsentence(m));
        free(m);
        json_t *pl = json_object();
        json_object_set_new(pl, "artifactLocation", fs_artifact_location(s, k->file));
        json_t *l = json_object();
        json_object_set_new(l, "physicalLocation", pl);
        json_t *ls = json_array();
        json_array_append_new(ls, l);
        json_object_set_new(note, "locations", ls);
        json_array_append_new(notes, note);
    }
}

static int fs_sarif_write(const fs_report_ctx *c)
{
    fs_sarif s = { 0 };
    char *cwd = getcwd(NULL, 0);
    s.cwd = fs_xstrdup(cwd ? cwd : "/");
    free(cwd);
    fs_path_normalise(s.cwd);
    s.texts = fs_texts_new();

    const fs_rule *rules[128];
    int nrules = 0;
    for (int i = 0; i < fs_nrules && nrules < 127; i++)
        rules[nrules++] = fs_rules[i];
    for (int i = 0; i < c->findings->n; i++)
        if (strcmp(c->findings->v[i].rule, fs_rule_nolint.id) == 0) {
            rules[nrules++] = &fs_rule_nolint;
            break;
        }

    json_t *driver = json_object();
    json_object_set_new(driver, "name", json_string("fscheck"));
    json_object_set_new(driver, "version", json_string(FSCHECK_VERSION));
    json_object_set_new(driver, "semanticVersion", json_string(FSCHECK_VERSION));
    json_object_set_new(driver, "informationUri", json_string(FS_INFORMATION_URI));
    json_t *jr = json_array();
    for (int i = 0; i < nrules; i++)
        json_array_append_new(jr, fs_rule_descriptor(rules[i]));
    json_object_set_new(driver, "rules", jr);
    json_t *tool = json_object();
    json_object_set_new(tool, "driver", driver);

    json_t *run = json_object();
    json_object_set_new(run, "tool", tool);

    json_t *inv = json_object();
    json_object_set_new(inv, "executionSuccessful", json_true());
    json_t *notes = json_array();
    if (c->stats) {
        fs_notifications(notes, &s, "skipped", c->stats->skipped, c->stats->nskipped);
        fs_notifications(notes, &s, "only partly parsed", c->stats->partial, c->stats->npartial);
    }
    if (json_array_size(notes))
        json_object_set_new(inv, "toolExecutionNotifications", notes);
    else
        json_decref(notes);
    json_t *invs = json_array();
    json_array_append_new(invs, inv);
    json_object_set_new(run, "invocations", invs);

    json_t *base = json_object(), *root = json_object();
    fs_buf b = { 0 };
    fs_buf_puts(&b, "file://");
    fs_uri_encode(&b, s.cwd);
    if (b.s[b.len - 1] != '/')
        fs_buf_puts(&b, "/");
    json_object_set_new(root, "uri", fs_jstr(b.s));
    fs_buf_free(&b);
    json_object_set_new(base, "%SRCROOT%", root);
    json_object_set_new(run, "originalUriBaseIds", base);

    json_t *results = json_array();
    for (int i = 0; i < c->findings->n; i++) {
        const fs_finding *f = &c->findings->v[i];
        json_array_append_new(results, fs_result(&s, f, fs_rule_index(rules, nrules, f->rule)));
    }
    json_object_set_new(run, "results", results);
    json_object_set_new(run, "columnKind", json_string("utf16CodeUnits"));

    json_t *doc = json_object();
    json_object_set_new(doc, "$schema", json_string(FS_SARIF_SCHEMA));
    json_object_set_new(doc, "version", json_string("2.1.0"));
    json_t *runs = json_array();
    json_array_append_new(runs, run);
    json_object_set_new(doc, "runs", runs);
    int rc = json_dumpf(doc, c->out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', c->out);
    json_decref(doc);
    fs_texts_delete(s.texts);
    free(s.cwd);
    return rc;
}

const fs_reporter fs_report_sarif = { "sarif", fs_sarif_write };
