/* index.c - project-wide wrapper summaries and the prefilter, cached by content. */
#include "index.h"
#include "calls.h"
#include "compdb.h"
#include "driver.h"
#include "frontend.h"
#include "util.h"
#include "version.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FS_INDEX_FORMAT "fscheck-index"
#define FS_INDEX_VERSION 3
#define FS_INDEX_MAX_FILES 200000
#define FS_INDEX_ROUNDS 8

typedef struct fs_strs {
    char **v;
    int n, cap;
} fs_strs;

typedef struct fs_ix_file {
    char *path;   /* absolute */
    char *rel;    /* relative to the root (cache key) */
    unsigned long long hash;
    long size;
    int loaded;   /* content read this run */
    int fresh;    /* record valid (from the cache or parsed) */
    fs_strs ids;      /* names called */
    fs_strs includes; /* #include names */
    fs_strs edges;    /* callees that get a parameter: their summaries shape ours */
    fs_summaries *sums;
    int *statics;     /* per summary: the function is static */
    int nstatics;
} fs_ix_file;

struct fs_index {
    char *root;
    fs_ix_file *files;
    int nfiles, capfiles;
    fs_summaries *global;
    fs_strs probes; /* names that probe (sorted) */
};

/* --- small sets ------------------------------------------------------------ */

static int fs_str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void fs_strs_add(fs_strs *s, const char *x)
{
    FS_PUSH(s->v, s->n, s->cap, fs_xstrdup(x));
}

static void fs_strs_sort_unique(fs_strs *s)
{
    if (s->n > 1)
        qsort(s->v, (size_t)s->n, sizeof *s->v, fs_str_cmp);
    int w = 0;
    for (int i = 0; i < s->n; i++) {
        if (w > 0 && strcmp(s->v[w - 1], s->v[i]) == 0) {
            free(s->v[i]);
            continue;
        }
        s->v[w++] = s->v[i];
    }
    s->n = w;
}

static int fs_strs_has(const fs_strs *s, const char *x)
{
    int lo = 0, hi = s->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(s->v[mid], x);
        if (c == 0)
            return 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

static void fs_strs_free(fs_strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

static unsigned long long fs_hash64(const char *s, long n)
{
    unsigned long long h = 1469598103934665603ull;
    for (long i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

/* --- the root and the files ------------------------------------------------ */

static int fs_has_marker(const char *dir)
{
    static const char *const marks[] = { ".git", "compile_commands.json", ".fscheck.yml" };
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        char *p = fs_xasprintf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, marks[i]);
        struct stat st;
        int ok = lstat(p, &st) == 0;
        free(p);
        if (ok)
            return 1;
    }
    return 0;
}

char *fs_project_root(char *const *inputs, int n)
{
    char *common = NULL;
    for (int i = 0; i < n; i++) {
        char *abs = fs_path_absolute(inputs[i], NULL);
        struct stat st;
        if (stat(abs, &st) != 0 || !S_ISDIR(st.st_mode)) {
            char *slash = strrchr(abs, '/');
            if (slash && slash != abs)
                *slash = '\0';
            else if (slash)
                slash[1] = '\0';
        }
        if (!common) {
            common = abs;
            continue;
        }
        /* the longest common folder prefix */
        size_t k = 0, last = 0;
        while (common[k] && abs[k] && common[k] == abs[k]) {
            if (common[k] == '/')
                last = k;
            k++;
        }
        if ((!common[k] || common[k] == '/') && (!abs[k] || abs[k] == '/'))
            last = k;
        common[last ? last : 1] = '\0';
        free(abs);
    }
    if (!common)
        common = fs_path_absolute(".", NULL);
    /* the nearest ancestor with a marker */
    char *d = fs_xstrdup(common);
    for (;;) {
        if (fs_has_marker(d)) {
            free(common);
            return d;
        }
        char *slash = strrchr(d, '/');
        if (!slash || slash == d)
            break;
        *slash = '\0';
    }
    free(d);
    return common;
}

static int fs_is_source(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

static void fs_ix_walk(fs_index *ix, const char *dir, int depth)
{
    if (depth > 64 || ix->nfiles >= FS_INDEX_MAX_FILES)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    fs_strs names = { 0 };
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            fs_strs_add(&names, e->d_name);
    closedir(d);
    fs_strs_sort_unique(&names);
    for (int i = 0; i < names.n && ix->nfiles < FS_INDEX_MAX_FILES; i++) {
        char *p = fs_xasprintf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, names.v[i]);
        struct stat st;
        if (lstat(p, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                fs_ix_walk(ix, p, depth + 1);
            } else if (S_ISREG(st.st_mode) && fs_is_source(names.v[i])) {
                fs_grow(&ix->files, &ix->capfiles, ix->nfiles + 1, sizeof *ix->files);
                fs_ix_file *f = &ix->files[ix->nfiles++];
                memset(f, 0, sizeof *f);
                f->path = p;
                f->rel = fs_xstrdup(p + strlen(ix->root) + (strcmp(ix->root, "/") == 0 ? 0 : 1));
                p = NULL;
            }
        }
        free(p);
    }
    fs_strs_free(&names);
}

/* --- records --------------------------------------------------------------- */

static void fs_ix_clear_record(fs_ix_file *f)
{
    fs_strs_free(&f->ids);
    fs_strs_free(&f->includes);
    fs_strs_free(&f->edges);
    fs_summaries_delete(f->sums);
    f->sums = NULL;
    free(f->statics);
    f->statics = NULL;
    f->nstatics = 0;
    f->fresh = 0;
}

static void fs_scan_includes(const char *text, long len, fs_strs *out)
{
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        const char *q = p;
        while (q < le && (*q == ' ' || *q == '\t'))
            q++;
        if (q < le && *q == '#') {
            q++;
            while (q < le && (*q == ' ' || *q == '\t'))
                q++;
            if (le - q > 7 && strncmp(q, "include", 7) == 0) {
                q += 7;
                while (q < le && (*q == ' ' || *q == '\t'))
                    q++;
                if (q < le && (*q == '"' || *q == '<')) {
                    char close = *q == '"' ? '"' : '>';
                    const char *s = ++q;
                    while (q < le && *q != close)
                        q++;
                    if (q < le && q > s) {
                        /* angle includes are kept with a leading '<' */
                        char *name = close == '>' ? fs_xasprintf("<%.*s", (int)(q - s), s)
                                                  : fs_xstrndup(s, (size_t)(q - s));
                        fs_strs_add(out, name);
                        free(name);
                    }
                }
            }
        }
        p = nl ? nl + 1 : end;
    }
    fs_strs_sort_unique(out);
}

/* Is call node n's argument list carrying one of fn's parameters? */
static int fs_passes_param(const fs_func *fn, const fs_node *n)
{
    for (int a = 0; a < n->nargs; a++) {
        const fs_path *p = &n->args[a];
        if (p->root >= 0 && p->root < fn->nvars && fn->vars[p->root].kind == FS_VAR_PARAM)
            return 1;
    }
    return 0;
}

/* Parse one file with tree-sitter, lower its functions with the global
 * summaries until its own settle, and fill the record. */
static void fs_ix_parse(fs_ix_file *f, const char *text, long len, const fs_summaries *global)
{
    fs_ix_clear_record(f);
    fs_scan_includes(text, len, &f->includes);
    f->sums = fs_summaries_new();
    fs_fe_result r;
    if (fs_fe_ts_parse_with(f->path, text, (size_t)len, FS_TS_OWN_TEXT, &r) != 0) {
        fs_fe_result_free(&r);
        f->fresh = 1;
        return;
    }
    fs_summaries *cur = fs_summaries_new_over(global);
    for (int round = 0; round < 6; round++) {
        for (int i = 0; i < r.nfuncs; i++) {
            fs_func_reset(r.funcs[i].fn);
            if (r.funcs[i].body)
                fs_lower(r.funcs[i].fn, r.funcs[i].body, cur);
        }
        fs_summaries *next = fs_summaries_new_over(global);
        for (int i = 0; i < r.nfuncs; i++)
            fs_summarize(r.funcs[i].fn, next);
        int same = fs_summaries_equal(next, cur);
        fs_summaries_delete(cur);
        cur = next;
        if (same)
            break;
    }
    fs_summaries_delete(cur);
    for (int i = 0; i < r.nfuncs; i++) {
        const fs_func *fn = r.funcs[i].fn;
        int before = f->sums->n;
        fs_summarize(fn, f->sums);
        for (int k = before; k < f->sums->n; k++) {
            f->statics = fs_xrealloc(f->statics, sizeof(int) * (size_t)(k + 1));
            f->statics[k] = r.funcs[i].is_static;
            f->nstatics = k + 1;
        }
        for (int n = 0; n < fn->nnodes; n++) {
            const fs_node *x = &fn->nodes[n];
            if (x->kind != FS_N_CALL || !x->callee)
                continue;
            fs_strs_add(&f->ids, x->callee);
            if (!fs_call_lookup(x->callee) && fs_passes_param(fn, x))
                fs_strs_add(&f->edges, x->callee);
        }
    }
    fs_strs_sort_unique(&f->ids);
    fs_strs_sort_unique(&f->edges);
    fs_fe_result_free(&r);
    f->fresh = 1;
}

/* --- the global table -------------------------------------------------------- */

static int fs_op_same(const fs_op *a, const fs_op *b)
{
    return a->kind == b->kind && a->family == b->family && a->access_mode == b->access_mode &&
           a->follows == b->follows && a->fields_read == b->fields_read && a->open_mode == b->open_mode &&
           a->sense.kind == b->sense.kind && a->sense.when_true == b->sense.when_true &&
           a->sense.when_false == b->sense.when_false;
}

/* Non-static functions and macros of every file; a name defined twice with
 * different summaries is left out (which one a unit means is unknown). */
static void fs_ix_global(fs_index *ix)
{
    fs_summaries_delete(ix->global);
    ix->global = fs_summaries_new();
    fs_summaries *all = fs_summaries_new();
    fs_strs dropped = { 0 };
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        if (!f->sums)
            continue;
        int is_header = f->rel[strlen(f->rel) - 1] == 'h';
        for (int k = 0; k < f->sums->n; k++) {
            const fs_summary *s = &f->sums->v[k];
            if (k < f->nstatics && f->statics[k] && !is_header)
                continue;
            const fs_summary *o = NULL;
            for (const fs_summary *x = fs_summaries_find(all, s->name); x; x = fs_summaries_next(all, x))
                if (x->param == s->param)
                    o = x;
            if (o && !fs_op_same(&o->op, &s->op))
                fs_strs_add(&dropped, s->name);
            else if (!o)
                fs_summaries_add(all, s);
        }
    }
    fs_strs_sort_unique(&dropped);
    for (int k = 0; k < all->n; k++)
        if (!fs_strs_has(&dropped, all->v[k].name))
            fs_summaries_add(ix->global, &all->v[k]);
    fs_summaries_delete(all);
    fs_strs_free(&dropped);
    /* names that probe: the library's probes and the probing wrappers */
    fs_strs_free(&ix->probes);
    static const char *const lib[] = { "access", "euidaccess", "eaccess", "faccessat", "faccessat2", "stat",
                                       "stat64", "lstat", "lstat64", "fstatat", "fstatat64", "statx" };
    for (size_t i = 0; i < sizeof lib / sizeof lib[0]; i++)
        fs_strs_add(&ix->probes, lib[i]);
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        for (int k = 0; f->sums && k < f->sums->n; k++)
            if (f->sums->v[k].op.kind == FS_OP_PROBE)
                fs_strs_add(&ix->probes, f->sums->v[k].name);
    }
    fs_strs_sort_unique(&ix->probes);
}

/* --- the cache ---------------------------------------------------------------- */

static json_t *fs_json_strs(const fs_strs *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->n; i++)
        json_array_append_new(a, json_string(s->v[i]));
    return a;
}

static int fs_read_strs(json_t *a, fs_strs *out)
{
    if (!json_is_array(a))
        return -1;
    size_t i;
    json_t *v;
    json_array_foreach(a, i, v) {
        if (!json_is_string(v))
            return -1;
        fs_strs_add(out, json_string_value(v));
    }
    fs_strs_sort_unique(out);
    return 0;
}

static void fs_ix_save(const fs_index *ix, const char *cache)
{
    json_t *doc = json_object();
    json_object_set_new(doc, "format", json_string(FS_INDEX_FORMAT));
    json_object_set_new(doc, "version", json_integer(FS_INDEX_VERSION));
    json_object_set_new(doc, "tool", json_string(FSCHECK_VERSION));
    json_object_set_new(doc, "root", json_string(ix->root));
    json_t *files = json_array();
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        if (!f->fresh || !f->sums)
            continue;
        json_t *o = json_object();
        char hex[32];
        snprintf(hex, sizeof hex, "%016llx", f->hash);
        json_object_set_new(o, "path", json_string(f->rel));
        json_object_set_new(o, "hash", json_string(hex));
        json_object_set_new(o, "size", json_integer(f->size));
        json_object_set_new(o, "ids", fs_json_strs(&f->ids));
        json_object_set_new(o, "includes", fs_json_strs(&f->includes));
        json_object_set_new(o, "edges", fs_json_strs(&f->edges));
        json_t *sums = json_array();
        for (int k = 0; k < f->sums->n; k++) {
            const fs_summary *s = &f->sums->v[k];
            const fs_op *op = &s->op;
            json_t *j = json_pack("{s:s,s:i,s:b,s:[iiiiiiiiiiiis]}", "name", s->name, "param", s->param, "static",
                                  k < f->nstatics && f->statics[k], "op", (int)op->kind, (int)op->family,
                                  op->access_mode, op->follows, op->fields_read, op->open_mode, op->excl, op->pure,
                                  (int)op->sense.kind, (int)op->sense.when_true, (int)op->sense.when_false,
                                  op->via_wrapper, op->pred);
            if (j)
                json_object_set_new(j, "base", json_string(op->base ? op->base : ""));
            if (j)
                json_array_append_new(sums, j);
        }
        json_object_set_new(o, "summaries", sums);
        json_array_append_new(files, o);
    }
    json_object_set_new(doc, "files", files);
    char *dir = fs_xstrdup(cache);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
        /* mkdir -p of the cache folder */
        for (char *p = dir + 1; *p; p++)
            if (*p == '/') {
                *p = '\0';
                mkdir(dir, 0700);
                *p = '/';
            }
        mkdir(dir, 0700);
    }
    free(dir);
    char *tmp = fs_xasprintf("%s.tmp.%ld", cache, (long)getpid());
    if (json_dump_file(doc, tmp, JSON_COMPACT) == 0)
        rename(tmp, cache);
    else
        unlink(tmp);
    free(tmp);
    json_decref(doc);
}

typedef struct fs_cached {
    char *rel;
    unsigned long long hash;
    long size;
    json_t *j;
} fs_cached;

/* Load the cache: records by relative path.  A cache that is not exactly
 * ours (format, version, tool version, root, every field's type) is ignored. */
static json_t *fs_ix_load(const char *cache, const char *root)
{
    if (!cache)
        return NULL;
    json_error_t e;
    json_t *doc = json_load_file(cache, 0, &e);
    if (!doc)
        return NULL;
    json_t *files = json_object_get(doc, "files");
    const char *fmt = json_string_value(json_object_get(doc, "format"));
    const char *tool = json_string_value(json_object_get(doc, "tool"));
    const char *r = json_string_value(json_object_get(doc, "root"));
    if (!fmt || strcmp(fmt, FS_INDEX_FORMAT) != 0 || json_integer_value(json_object_get(doc, "version")) != FS_INDEX_VERSION ||
        !tool || strcmp(tool, FSCHECK_VERSION) != 0 || !r || strcmp(r, root) != 0 || !json_is_array(files)) {
        json_decref(doc);
        return NULL;
    }
    size_t i;
    json_t *f;
    json_array_foreach(files, i, f) {
        if (!json_is_string(json_object_get(f, "path")) || !json_is_string(json_object_get(f, "hash")) ||
            !json_is_integer(json_object_get(f, "size")) || !json_is_array(json_object_get(f, "ids")) ||
            !json_is_array(json_object_get(f, "includes")) || !json_is_array(json_object_get(f, "edges")) ||
            !json_is_array(json_object_get(f, "summaries"))) {
            json_decref(doc);
            return NULL;
        }
    }
    return doc;
}

static int fs_ix_from_cache(fs_ix_file *f, json_t *j)
{
    fs_ix_clear_record(f);
    f->sums = fs_summaries_new();
    if (fs_read_strs(json_object_get(j, "ids"), &f->ids) || fs_read_strs(json_object_get(j, "includes"), &f->includes) ||
        fs_read_strs(json_object_get(j, "edges"), &f->edges))
        goto bad;
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(j, "summaries"), i, s) {
        fs_summary sum;
        memset(&sum, 0, sizeof sum);
        int kind, family, sk, st, sf, stat_, via;
        const char *name, *base = "", *pred;
        if (json_unpack(s, "{s:s,s:i,s:b,s:[iiiiiiiiiiiis]}", "name", &name, "param", &sum.param, "static", &stat_,
                        "op", &kind, &family, &sum.op.access_mode, &sum.op.follows, &sum.op.fields_read,
                        &sum.op.open_mode, &sum.op.excl, &sum.op.pure, &sk, &st, &sf, &via, &pred) != 0)
            goto bad;
        json_unpack(s, "{s?s}", "base", &base);
        if (kind < FS_OP_NONE || kind > FS_OP_MAYBE || sum.param < FS_SUMMARY_DEFINED || strlen(pred) >= sizeof sum.op.pred ||
            sk < FS_VAL_UNKNOWN || sk > FS_VAL_BOOL || st < 0 || st > FS_OUT_FAIL || sf < 0 || sf > FS_OUT_FAIL)
            goto bad;
        sum.name = (char *)name;
        sum.file = f->rel;
        sum.op.kind = (fs_op_kind)kind;
        sum.op.family = (fs_probe_family)family;
        sum.op.sense.kind = (fs_value_kind)sk;
        sum.op.sense.when_true = (fs_outcome)st;
        sum.op.sense.when_false = (fs_outcome)sf;
        sum.op.via_wrapper = via;
        snprintf(sum.op.pred, sizeof sum.op.pred, "%s", pred);
        const fs_call_spec *sp = base && *base ? fs_call_lookup(base) : NULL;
        sum.op.base = sp ? sp->name : NULL;
        int k = f->sums->n;
        fs_summaries_add(f->sums, &sum);
        f->statics = fs_xrealloc(f->statics, sizeof(int) * (size_t)(k + 1));
        f->statics[k] = stat_;
        f->nstatics = k + 1;
    }
    f->fresh = 1;
    return 0;
bad:
    fs_ix_clear_record(f);
    return -1;
}

char *fs_index_default_cache(const char *root)
{
    const char *dir = getenv("FSCHECK_CACHE_DIR");
    char *base = NULL;
    if (dir && *dir)
        base = fs_xstrdup(dir);
    else if (getenv("XDG_CACHE_HOME") && *getenv("XDG_CACHE_HOME"))
        base = fs_xasprintf("%s/fscheck", getenv("XDG_CACHE_HOME"));
    else if (getenv("HOME") && *getenv("HOME"))
        base = fs_xasprintf("%s/.cache/fscheck", getenv("HOME"));
    if (!base)
        return NULL;
    char *r = fs_xasprintf("%s/index-%016llx.json", base, fs_hash64(root, (long)strlen(root)));
    free(base);
    return r;
}

/* --- building ---------------------------------------------------------------------- */

static int fs_sums_equal_with_statics(const fs_ix_file *f, const fs_summaries *old)
{
    if (!old)
        return f->sums == NULL;
    return f->sums && fs_summaries_equal(f->sums, old);
}

fs_index *fs_index_build(const char *root, const char *cache, fs_index_stats *st)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fs_index *ix = fs_xcalloc(1, sizeof *ix);
    ix->root = fs_xstrdup(root);
    fs_ix_walk(ix, root, 0);
    memset(st, 0, sizeof *st);
    st->files = ix->nfiles;

    json_t *doc = fs_ix_load(cache, root);
    st->cache_used = doc != NULL;
    unsigned char *dirty = fs_xcalloc((size_t)ix->nfiles + 1, 1);
    unsigned char *parsed = fs_xcalloc((size_t)ix->nfiles + 1, 1);
    char **texts = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *texts);
    long *lens = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *lens);
    /* the cache's records, by relative path */
    json_t *byrel = json_object();
    if (doc) {
        size_t i;
        json_t *f;
        json_array_foreach(json_object_get(doc, "files"), i, f)
            json_object_set(byrel, json_string_value(json_object_get(f, "path")), f);
    }
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        const char *why;
        long len = 0;
        char *text = fs_read_file(f->path, &len, &why);
        if (!text || memchr(text, '\0', (size_t)len)) {
            free(text);
            continue; /* unreadable or binary: not indexed */
        }
        f->hash = fs_hash64(text, len);
        f->size = len;
        f->loaded = 1;
        texts[i] = text;
        lens[i] = len;
        json_t *c = json_object_get(byrel, f->rel);
        char hex[32];
        snprintf(hex, sizeof hex, "%016llx", f->hash);
        if (c && strcmp(json_string_value(json_object_get(c, "hash")), hex) == 0 &&
            json_integer_value(json_object_get(c, "size")) == len && fs_ix_from_cache(f, c) == 0) {
            st->from_cache++;
            free(texts[i]);
            texts[i] = NULL;
        } else {
            dirty[i] = 1;
        }
    }
    json_decref(byrel);
    json_decref(doc);

    /* rounds: parse what is dirty with the current global table; files
     * whose wrappers changed make their callers dirty */
    fs_ix_global(ix);
    int any_parsed = 0;
    for (int round = 0; round < FS_INDEX_ROUNDS; round++) {
        fs_strs changed = { 0 };
        int ndirty = 0;
        for (int i = 0; i < ix->nfiles; i++) {
            if (!dirty[i])
                continue;
            ndirty++;
            fs_ix_file *f = &ix->files[i];
            if (!texts[i]) {
                const char *why;
                texts[i] = fs_read_file(f->path, &lens[i], &why);
                if (!texts[i])
                    continue;
            }
            fs_summaries *old = f->sums;
            f->sums = NULL;
            int *oldst = f->statics;
            f->statics = NULL;
            fs_ix_parse(f, texts[i], lens[i], ix->global);
            if (!parsed[i]++)
                st->parsed++;
            any_parsed = 1;
            if (!fs_sums_equal_with_statics(f, old)) {
                for (int k = 0; f->sums && k < f->sums->n; k++)
                    fs_strs_add(&changed, f->sums->v[k].name);
                for (int k = 0; old && k < old->n; k++)
                    fs_strs_add(&changed, old->v[k].name);
            }
            fs_summaries_delete(old);
            free(oldst);
            dirty[i] = 0;
        }
        if (!ndirty)
            break;
        fs_ix_global(ix);
        fs_strs_sort_unique(&changed);
        int more = 0;
        for (int i = 0; i < ix->nfiles && changed.n; i++) {
            fs_ix_file *f = &ix->files[i];
            for (int k = 0; k < f->edges.n && !dirty[i]; k++)
                if (fs_strs_has(&changed, f->edges.v[k]))
                    dirty[i] = 1, more = 1;
        }
        fs_strs_free(&changed);
        if (!more)
            break;
    }
    for (int i = 0; i < ix->nfiles; i++)
        free(texts[i]);
    free(texts);
    free(lens);
    free(dirty);
    free(parsed);
    if (cache && (any_parsed || !st->cache_used))
        fs_ix_save(ix, cache);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    return ix;
}

void fs_index_free(fs_index *ix)
{
    if (!ix)
        return;
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_clear_record(&ix->files[i]);
        free(ix->files[i].path);
        free(ix->files[i].rel);
    }
    free(ix->files);
    fs_summaries_delete(ix->global);
    fs_strs_free(&ix->probes);
    free(ix->root);
    free(ix);
}

const fs_summaries *fs_index_summaries(const fs_index *ix)
{
    return ix->global;
}

static const fs_ix_file *fs_ix_find(const fs_index *ix, const char *abs)
{
    for (int i = 0; i < ix->nfiles; i++)
        if (strcmp(ix->files[i].path, abs) == 0)
            return &ix->files[i];
    return NULL;
}

/* Project files an include name may mean: those whose path ends in it. */
static int fs_ix_names_probe(const fs_index *ix, const fs_ix_file *f, unsigned char *seen, int depth)
{
    int idx = (int)(f - ix->files);
    if (seen[idx] || depth > 64)
        return 0;
    seen[idx] = 1;
    if (!f->fresh)
        return 1; /* unknown: let it through */
    for (int k = 0; k < f->ids.n; k++)
        if (fs_strs_has(&ix->probes, f->ids.v[k]))
            return 1;
    for (int k = 0; k < f->includes.n; k++) {
        const char *inc = f->includes.v[k];
        int angle = inc[0] == '<';
        if (angle)
            inc++;
        size_t n = strlen(inc);
        int found = 0;
        for (int i = 0; i < ix->nfiles; i++) {
            const char *p = ix->files[i].path;
            size_t m = strlen(p);
            if (m >= n && strcmp(p + m - n, inc) == 0 && (m == n || p[m - n - 1] == '/')) {
                found = 1;
                if (fs_ix_names_probe(ix, &ix->files[i], seen, depth + 1))
                    return 1;
            }
        }
        /* a "header" outside the project (or generated): it may probe */
        if (!found && !angle)
            return 1;
    }
    return 0;
}

int fs_index_may_match(const fs_index *ix, const char *abs_path)
{
    const fs_ix_file *f = fs_ix_find(ix, abs_path);
    if (!f)
        return 1;
    unsigned char *seen = fs_xcalloc((size_t)ix->nfiles + 1, 1);
    int r = fs_ix_names_probe(ix, f, seen, 0);
    free(seen);
    return r;
}
