/* index.c - project-wide wrapper summaries and the prefilter, cached by content.
 * This file: the root, the files, and building the index; the rest is in
 * index_table.c and index_cache.c. */
#include "project/index_private.h"

static void fs_ix_reach(fs_index *ix);
static int fs_base_cmp(const void *a, const void *b);

/* --- small sets ------------------------------------------------------------ */

void fs_strs_add(fs_strs *s, const char *x)
{
    FS_PUSH(s->v, s->n, s->cap, fs_xstrdup(x));
}

void fs_strs_sort_unique(fs_strs *s)
{
    fs_strv_sort_unique(s->v, &s->n);
}

int fs_strs_find(const fs_strs *s, const char *x)
{
    int lo = 0, hi = s->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(s->v[mid], x);
        if (c == 0)
            return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int fs_strs_has(const fs_strs *s, const char *x)
{
    return fs_strs_find(s, x) >= 0;
}

void fs_strs_free(fs_strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* When the summaries of parameters of the file's own function `name` last
 * changed in this run (0: not since it started). */
long fs_ix_stamp(const fs_ix_file *f, const char *name)
{
    for (int k = 0; k < f->nstamps; k++)
        if (strcmp(f->stamps[k].name, name) == 0)
            return f->stamps[k].at;
    return 0;
}

static void fs_ix_set_stamp(fs_ix_file *f, const char *name, long seq)
{
    for (int k = 0; k < f->nstamps; k++)
        if (strcmp(f->stamps[k].name, name) == 0) {
            f->stamps[k].at = seq;
            return;
        }
    fs_grow(&f->stamps, &f->capstamps, f->nstamps + 1, sizeof *f->stamps);
    f->stamps[f->nstamps].name = fs_xstrdup(name);
    f->stamps[f->nstamps].at = seq;
    f->nstamps++;
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

static int fs_ix_more(void *arg)
{
    return ((const fs_index *)arg)->nfiles < FS_INDEX_MAX_FILES;
}

/* A .c or .h file of the walk, with its lstat stamp, unless the filter
 * (the compilation database, exclude:) leaves it out. */
static void fs_ix_found(void *arg, char *p, const struct stat *st)
{
    fs_index *ix = arg;
    const char *rel = p + strlen(ix->root) + (strcmp(ix->root, "/") == 0 ? 0 : 1);
    if (ix->filter && !ix->filter->keep(ix->filter->arg, p, rel)) {
        free(p);
        return;
    }
    fs_grow(&ix->files, &ix->capfiles, ix->nfiles + 1, sizeof *ix->files);
    fs_ix_file *f = &ix->files[ix->nfiles++];
    memset(f, 0, sizeof *f);
    f->path = p;
    f->rel = fs_xstrdup(rel);
    f->mtime_ns = (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
    f->ctime_ns = (long long)st->st_ctim.tv_sec * 1000000000LL + st->st_ctim.tv_nsec;
    f->ino = (unsigned long long)st->st_ino;
    f->st_size = (long long)st->st_size;
}

/* The .c and .h files under dir, in name order, with their lstat stamps
 * (base/dirwalk.c: readdir's type skips other entries without an lstat). */
static void fs_ix_walk(fs_index *ix, const char *dir)
{
    fs_dir_walk_spec spec = { fs_is_source, 0, fs_ix_found, fs_ix_more, NULL, ix };
    fs_dir_walk(dir, &spec);
}

/* --- building ---------------------------------------------------------------------- */

static int fs_ix_path_cmp(const void *a, const void *b, void *arg)
{
    const fs_index *ix = arg;
    return strcmp(ix->files[*(const int *)a].path, ix->files[*(const int *)b].path);
}

/* The functions of a file that the scan found cannot have summaries (none
 * of the name may), with what each calls and where its body is. */
/* Whether the other files see the file's function `name` (now, or as
 * `old` had it): a header's, or one not static. */
static int fs_ix_exports(const fs_ix_file *f, const fs_summaries *old, const char *name)
{
    if (f->rel[strlen(f->rel) - 1] == 'h')
        return 1;
    const fs_summary *x = f->sums ? fs_summaries_find(f->sums, name) : NULL;
    if (x) {
        long k = x - f->sums->v;
        if (k < 0 || k >= f->nstatics || !f->statics[k])
            return 1;
    }
    /* before this parse: what its callers elsewhere were lowered with */
    return !x && old && fs_summaries_find(old, name) != NULL;
}

/* An entry whose change its callers must be lowered again for: what the
 * function does to a parameter's file, or that it copies it.  That it only
 * leaves an argument alone (readonly) is not waited for: a caller lowered
 * without it takes the argument as written, which only pairs less. */
static int fs_ix_param_news(const fs_summary *x)
{
    return x->param >= 0 && (x->op.kind != FS_OP_NONE || x->op.copies);
}

static int fs_ix_has_params(void *arg, const char *name)
{
    const fs_index *ix = arg;
    for (const fs_summary *s = fs_summaries_find(ix->live, name); s; s = fs_summaries_next(ix->live, s))
        if ((s->param >= 0 && (s->op.kind != FS_OP_NONE || s->op.copies)) || s->param == FS_SUMMARY_NORETURN ||
            s->param <= FS_SUMMARY_NORETURN_WHEN(0, 0))
            return 1;
    return 0;
}

static void fs_ix_leave(fs_index *ix, fs_xs *xs, fs_xs_file *scan, fs_ix_skip *out)
{
    memset(out, 0, sizeof *out);
    fs_xs_relevance(xs, scan, fs_ix_has_params, ix);
    fs_strs keep = { 0 };
    for (int k = 0; k < scan->nfns; k++) {
        const fs_xs_fn *xf = &scan->fns[k];
        if (xf->kind != FS_XS_FUNC)
            continue;
        fs_strs_add(xf->relevant ? &keep : &out->names, fs_xs_name(xs, xf->name));
    }
    fs_strs_sort_unique(&keep);
    fs_strs_sort_unique(&out->names);
    int w = 0;
    for (int k = 0; k < out->names.n; k++) {
        if (fs_strs_has(&keep, out->names.v[k]))
            free(out->names.v[k]);
        else
            out->names.v[w++] = out->names.v[k];
    }
    out->names.n = w;
    fs_strs_free(&keep);
    out->callees = fs_xcalloc((size_t)out->names.n + 1, sizeof *out->callees);
    out->changes = fs_xcalloc((size_t)out->names.n + 1, 1);
    for (int k = 0; k < scan->nfns; k++) {
        const fs_xs_fn *xf = &scan->fns[k];
        if (xf->kind != FS_XS_FUNC || xf->relevant)
            continue;
        int at = fs_strs_find(&out->names, fs_xs_name(xs, xf->name));
        if (at < 0)
            continue;
        for (int c = 0; c < xf->ncalls; c++)
            fs_strs_add(&out->callees[at], fs_xs_name(xs, xf->calls[c]));
        out->changes[at] |= (unsigned char)xf->changes;
        if (xf->body_end > xf->body_begin) {
            fs_grow(&out->bodies, &out->capbodies, 2 * out->nbodies + 2, sizeof *out->bodies);
            out->bodies[2 * out->nbodies] = xf->body_begin;
            out->bodies[2 * out->nbodies + 1] = xf->body_end;
            out->nbodies++;
        }
    }
    for (int k = 0; k < out->names.n; k++)
        fs_strs_sort_unique(&out->callees[k]);
}

/* Every file's macros that name something, and the project's macros each
 * file's functions use (by the scan; for the prefilter: a macro's own use
 * of another is the other's user's concern, through the macro's name). */
static void fs_ix_note_macros(fs_index *ix, const fs_xs *xs, const fs_xs_file *scans)
{
    fs_strs all = { 0 };
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        if (!f->fresh || !f->loaded)
            continue;
        fs_ix_clear_macros(f);
        int n = 0;
        for (int k = 0; k < scans[i].nfns; k++)
            n += scans[i].fns[k].kind != FS_XS_FUNC && scans[i].fns[k].nids > 0;
        f->macro_ids = fs_xcalloc((size_t)n + 1, sizeof *f->macro_ids);
        for (int k = 0; k < scans[i].nfns; k++) {
            const fs_xs_fn *xf = &scans[i].fns[k];
            if (xf->kind == FS_XS_FUNC || !xf->nids)
                continue;
            for (int e = 0; e < xf->nids; e++)
                fs_strs_add(&f->macro_ids[f->macros.n], fs_xs_name(xs, xf->ids[e]));
            fs_strs_sort_unique(&f->macro_ids[f->macros.n]);
            fs_strs_add(&f->macros, fs_xs_name(xs, xf->name));
            fs_strs_add(&all, fs_xs_name(xs, xf->name));
        }
    }
    fs_strs_sort_unique(&all);
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        if (!f->fresh || !f->loaded)
            continue;
        for (int k = 0; k < scans[i].nfns; k++)
            for (int e = 0; scans[i].fns[k].kind == FS_XS_FUNC && e < scans[i].fns[k].nids; e++) {
                const char *name = fs_xs_name(xs, scans[i].fns[k].ids[e]);
                if (fs_strs_has(&all, name))
                    fs_strs_add(&f->uses, name);
            }
        fs_strs_sort_unique(&f->uses);
    }
    fs_strs_free(&all);
}

/* Whether the scan shows that nothing of the file is to be lowered (after
 * fs_ix_leave): no function that may have summaries, no function-like
 * macro that calls something (those are summarized), and nothing at file
 * scope the scan is unsure of. */
static int fs_ix_nothing_to_lower(const fs_xs_file *scan)
{
    if (scan->unclear)
        return 0;
    for (int k = 0; k < scan->nfns; k++) {
        const fs_xs_fn *xf = &scan->fns[k];
        if ((xf->kind == FS_XS_FUNC && xf->relevant) || (xf->kind == FS_XS_FMACRO && xf->ncalls > 0))
            return 0;
    }
    return 1;
}

/* The record of such a file without parsing it: its functions are
 * defined (and change files when they call a library function that does),
 * with what they call, as a parse that leaves them all out would have it. */
static void fs_ix_declare(fs_ix_file *f, const fs_xs *xs, const fs_xs_file *scan, const char *text, long len)
{
    fs_ix_clear_record(f);
    fs_scan_includes(text, len, &f->includes);
    f->sums = fs_summaries_new();
    int nfuncs = 0;
    for (int k = 0; k < scan->nfns; k++)
        nfuncs += scan->fns[k].kind == FS_XS_FUNC;
    f->fns = fs_xcalloc((size_t)nfuncs + 1, sizeof *f->fns);
    for (int k = 0; k < scan->nfns; k++) {
        const fs_xs_fn *xf = &scan->fns[k];
        if (xf->kind != FS_XS_FUNC)
            continue;
        fs_func *fn = fs_func_new(fs_xs_name(xs, xf->name), f->path, "tree-sitter");
        fn->range.begin.line = xf->line;
        if (xf->changes) {
            int nn = fs_func_add_node(fn, FS_N_CALL);
            fn->nodes[nn].changes_fs = 1;
        }
        int before = f->sums->n;
        fs_summarize(fn, f->sums);
        fs_ix_note_statics(f, before, xf->is_static);
        fs_func_delete(fn);
        fs_ix_fn *rec = &f->fns[f->nfns++];
        rec->name = fs_xstrdup(fs_xs_name(xs, xf->name));
        rec->is_static = xf->is_static;
        rec->lowered_at = 0;
        rec->body_begin = xf->body_begin;
        rec->body_end = xf->body_end;
        for (int c = 0; c < xf->ncalls; c++) {
            const char *callee = fs_xs_name(xs, xf->calls[c]);
            fs_strs_add(&rec->callees, callee);
            fs_strs_add(&rec->edges, callee);
            fs_strs_add(&f->ids, callee);
            fs_strs_add(&f->edges, callee);
        }
        fs_strs_sort_unique(&rec->callees);
        fs_strs_sort_unique(&rec->edges);
    }
    fs_strs_sort_unique(&f->ids);
    fs_strs_sort_unique(&f->edges);
    f->fresh = 1;
}

/* Nothing of the cache holds: every file is read and parsed again. */
static void fs_ix_forget_cache(fs_index *ix, char **texts, long *lens, unsigned char *dirty, unsigned char *stale,
                               fs_index_stats *st)
{
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_clear_record(&ix->files[i]);
        if (ix->files[i].loaded && !texts[i]) {
            const char *why;
            texts[i] = fs_source_read(ix->files[i].path, &lens[i], &why, NULL);
        }
        dirty[i] = texts[i] != NULL;
        stale[i] = 0;
    }
    for (int k = 0; k < ix->capnames; k++)
        if (ix->names[k].name)
            ix->names[k].changed_at = 0;
    st->from_cache = st->unread = 0;
    st->cache_used = 0;
}

/* The arms of text the target does not compile (pp.h: decided by the
 * platform, the project's platform macros and the -D / -U flags every unit
 * of the build has) become blanks, lines kept, for every reader of the
 * index. */
static void fs_ix_blank_platform(const fs_index *ix, char *text, long len)
{
    fs_pp *p = fs_pp_new();
    for (int k = 0; k < ix->platform.n; k++)
        fs_pp_undef(p, ix->platform.v[k]);
    fs_pp_args(p, (const char *const *)ix->defines.v, ix->defines.n, NULL);
    long *holes = NULL;
    int n = 0, cap = 0;
    fs_pp_scan(p, NULL, text, len, &holes, &n, &cap);
    for (int h = 0; h < n; h++)
        for (long i = holes[2 * h]; i < holes[2 * h + 1] && i < len; i++)
            if (text[i] != '\n' && text[i] != '\r')
                text[i] = ' ';
    free(holes);
    fs_pp_free(p);
}

int fs_index_other_platform_file(const char *rel)
{
    static const char *const dirs[] = { "win32", "win64", "windows", "win", "w32", "mingw", "msvc", "vms",
                                        "amiga", "amigaos", "os2", "msdos", "dos", "darwin", "macos", "osx",
                                        "freebsd", "openbsd", "netbsd", "dragonfly", "solaris", "sunos", "aix",
                                        "hpux", "haiku", "beos", "qnx", "cygwin", NULL };
    static const char *const tails[] = { "win32", "win64", "windows", "w32", "mingw", "msvc", "vms", "amiga",
                                         "os2", "msdos", "darwin", "macos", "osx", "freebsd", "openbsd",
                                         "netbsd", "solaris", "aix", "hpux", "haiku", "cygwin", NULL };
    const char *s = rel;
    for (;;) {
        const char *slash = strchr(s, '/');
        if (!slash)
            break;
        size_t n = (size_t)(slash - s);
        for (int k = 0; dirs[k]; k++)
            if (strlen(dirs[k]) == n && strncasecmp(s, dirs[k], n) == 0)
                return 1;
        s = slash + 1;
    }
    /* the file's name: STEM[_-]TAIL.c */
    const char *dot = strrchr(s, '.');
    size_t n = dot ? (size_t)(dot - s) : strlen(s);
    for (int k = 0; tails[k]; k++) {
        size_t t = strlen(tails[k]);
        if (n > t + 1 && strncasecmp(s + n - t, tails[k], t) == 0 && (s[n - t - 1] == '_' || s[n - t - 1] == '-'))
            return 1;
    }
    return 0;
}

fs_index *fs_index_build(const char *root, const char *cache, const fs_index_progress *progress, fs_index_stats *st)
{
    return fs_index_build_filtered(root, cache, NULL, progress, st);
}

fs_index *fs_index_build_filtered(const char *root, const char *cache, const fs_index_filter *filter,
                                  const fs_index_progress *progress, fs_index_stats *st)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fs_index *ix = fs_xcalloc(1, sizeof *ix);
    ix->root = fs_xstrdup(root);
    ix->filter = filter;
    for (int i = 0; filter && i < filter->ndefines; i++)
        fs_strs_add(&ix->defines, filter->defines[i]);
    fs_ix_walk(ix, root);
    ix->filter = NULL;
    memset(st, 0, sizeof *st);
    st->files = ix->nfiles;
    ix->bypath = fs_xmalloc(sizeof *ix->bypath * ((size_t)ix->nfiles + 1));
    for (int i = 0; i < ix->nfiles; i++)
        ix->bypath[i] = i;
    qsort_r(ix->bypath, (size_t)ix->nfiles, sizeof *ix->bypath, fs_ix_path_cmp, ix);
    ix->byname = fs_xmalloc(sizeof *ix->byname * ((size_t)ix->nfiles + 1));
    for (int i = 0; i < ix->nfiles; i++) {
        ix->byname[i].name = ix->files[i].path;
        ix->byname[i].index = i;
    }
    qsort(ix->byname, (size_t)ix->nfiles, sizeof *ix->byname, fs_base_cmp);
    if (cache && fs_ix_from_result(ix, cache) == 0) {
        /* the same files, unchanged as lstat tells: the result as it was */
        fs_ix_touch(cache);
        st->from_cache = st->unread = ix->nfiles;
        st->cache_used = 1;
        st->whole_result = 1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        return ix;
    }

    json_t *doc = fs_ix_load(cache, ix);
    st->cache_used = doc != NULL;
    unsigned char *dirty = fs_xcalloc((size_t)ix->nfiles + 1, 1);
    unsigned char *parsed = fs_xcalloc((size_t)ix->nfiles + 1, 1);
    unsigned char *stale = fs_xcalloc((size_t)ix->nfiles + 1, 1); /* changed since cached: parsed whole */
    char **texts = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *texts);
    long *lens = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *lens);
    /* the cache's records, by relative path (their index in the cache) */
    json_t *byrel = json_object();
    json_t *cached = json_object_get(doc, "files");
    if (doc) {
        size_t i;
        json_t *f;
        json_array_foreach(cached, i, f)
            json_object_set_new(byrel, json_string_value(json_object_get(f, "path")), json_integer((json_int_t)i));
    }
    int *cache_at = fs_xmalloc(sizeof(int) * ((size_t)ix->nfiles + 1)); /* per file: its record in the cache, or -1 */
    int any_changed = 0; /* a file changed, new or gone since the cache: the call graph is needed */
    int restamp = 0;     /* a file the cache has no stamp of could have one now: written again */
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        json_t *at = json_object_get(byrel, f->rel);
        json_t *c = at ? json_array_get(cached, (size_t)json_integer_value(at)) : NULL;
        cache_at[i] = c ? (int)json_integer_value(at) : -1;
        if (c && fs_ix_stamp_matches(f, c) && fs_ix_from_cache(f, c) == 0) {
            /* unchanged since it was read for the cache, as lstat tells */
            f->hash = strtoull(json_string_value(json_object_get(c, "hash")), NULL, 16);
            f->size = (long)json_integer_value(json_object_get(c, "size"));
            f->loaded = 1;
            f->stamped = 1;
            st->from_cache++;
            st->unread++;
            json_object_del(byrel, f->rel);
            continue;
        }
        const char *why;
        long len = 0;
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        unsigned long long hash = 0;
        char *text = fs_source_read(f->path, &len, &why, &hash);
        if (!text || memchr(text, '\0', (size_t)len)) {
            free(text);
            continue; /* unreadable or binary: not indexed */
        }
        f->hash = hash;
        f->size = len;
        f->loaded = 1;
        /* a change within a tick of the read could leave lstat's answer as it was */
        long long racy = (long long)now.tv_sec * 1000000000LL + now.tv_nsec - 2000000000LL;
        f->stamped = f->st_size == len && f->mtime_ns < racy && f->ctime_ns < racy;
        texts[i] = text;
        lens[i] = len;
        char hex[32];
        snprintf(hex, sizeof hex, "%016llx", f->hash);
        if (c && strcmp(json_string_value(json_object_get(c, "hash")), hex) == 0 &&
            json_integer_value(json_object_get(c, "size")) == len && fs_ix_from_cache(f, c) == 0) {
            st->from_cache++;
            restamp |= f->stamped; /* not stamped in the cache, and old enough now */
        } else {
            dirty[i] = 1;
            any_changed = 1;
            /* changed since: what the cache says of it is what its callers
             * were lowered with, to be compared with what it says now */
            if (c && fs_ix_from_cache(f, c) == 0)
                stale[i] = 1;
        }
        if (c)
            json_object_del(byrel, f->rel);
    }
    /* files gone since the cache was written: their functions' callers were
     * lowered with them (seq 1 is after the cache, before this run's parses) */
    {
        const char *key;
        json_t *at;
        json_object_foreach(byrel, key, at) {
            any_changed = 1;
            size_t k;
            json_t *s;
            json_array_foreach(json_object_get(json_array_get(cached, (size_t)json_integer_value(at)), "summaries"), k, s) {
                const char *name = json_string_value(json_array_get(s, 0));
                if (name && json_integer_value(json_array_get(s, 1)) >= 0)
                    fs_ix_name_get(ix, name)->changed_at = 1;
            }
        }
    }
    /* the call graph of the records, when anything is to be lowered again
     * (or the cache written again: it keeps the graph) */
    if (doc && (any_changed || restamp)) {
        json_t *graph = fs_ix_load_graph(cache, doc);
        int ok = graph != NULL;
        for (int i = 0; i < ix->nfiles && ok; i++)
            if (ix->files[i].fresh && cache_at[i] >= 0)
                ok = fs_ix_graph_from_cache(&ix->files[i], json_array_get(graph, (size_t)cache_at[i])) == 0;
        json_decref(graph);
        if (!ok) /* no call graph of the same save: as without a cache */
            fs_ix_forget_cache(ix, texts, lens, dirty, stale, st);
    }
    /* the project's platform macros, from every file's text (when any
     * changed, or there is no cache): when they are not those the cache
     * was made with, nothing of the cache holds, as every file's arms may
     * be decided anew */
    if (any_changed || !doc) {
        for (int i = 0; i < ix->nfiles; i++)
            if (ix->files[i].loaded && !texts[i]) {
                const char *why;
                texts[i] = fs_source_read(ix->files[i].path, &lens[i], &why, NULL);
            }
        char **names = NULL;
        int nnames = 0;
        fs_pp_platform_names((const char *const *)texts, lens, ix->nfiles, &names, &nnames);
        for (int k = 0; k < nnames; k++) {
            fs_strs_add(&ix->platform, names[k]);
            free(names[k]);
        }
        free(names);
        fs_strs_sort_unique(&ix->platform);
        fs_strs was = { 0 };
        fs_read_strs(json_object_get(doc, "platform"), &was);
        int same = was.n == ix->platform.n;
        for (int k = 0; k < was.n && same; k++)
            same = strcmp(was.v[k], ix->platform.v[k]) == 0;
        fs_strs_free(&was);
        if (doc && !same)
            fs_ix_forget_cache(ix, texts, lens, dirty, stale, st);
    } else {
        fs_read_strs(json_object_get(doc, "platform"), &ix->platform);
    }
    /* what only another platform compiles is no text of the project here */
    for (int i = 0; i < ix->nfiles; i++)
        if (texts[i])
            fs_ix_blank_platform(ix, texts[i], lens[i]);
    free(cache_at);
    json_decref(byrel);
    json_decref(doc);

    /* rounds: parse what is dirty, in an order that puts a file after the
     * files it calls into, each with the summaries every file has now (the
     * live table); then a file is dirty again when a function it passes a
     * parameter to changed its summaries after that function was lowered,
     * and only such functions (with the file's callers of them) are
     * converted and lowered again */
    for (int i = 0; i < ix->nfiles; i++)
        if (!dirty[i])
            fs_ix_export(ix, i);
    ix->live = fs_summaries_new_resolver(fs_ix_resolve, ix);
    /* the text scan of every file (when any is to be parsed): which
     * object-like macros may matter, what each function calls, the order */
    int any_dirty = 0;
    for (int i = 0; i < ix->nfiles && !any_dirty; i++)
        any_dirty = dirty[i];
    fs_xs *xs = fs_xs_new();
    fs_xs_file *scans = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *scans);
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        scans[i].header = f->rel[strlen(f->rel) - 1] == 'h';
        if (!texts[i] && any_dirty && f->loaded) {
            const char *why;
            texts[i] = fs_source_read(f->path, &lens[i], &why, NULL); /* stamped as cached, not read yet */
        }
        if (texts[i] && any_dirty)
            fs_xs_scan(xs, texts[i], lens[i], &scans[i]);
        if (!dirty[i]) {
            free(texts[i]);
            texts[i] = NULL;
        }
    }
    fs_xs_settle(xs, scans, ix->nfiles);
    int *order = fs_xmalloc(sizeof(int) * ((size_t)ix->nfiles + 1));
    fs_xs_order(xs, scans, ix->nfiles, order);
    fs_strs *want = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *want); /* per file: the functions to lower again */
    long seq = 1;
    int any_parsed = 0;
    fs_ix_mark_dirty(ix, dirty, want); /* callers, in the cache, of what changed or went since */
    int *pos = fs_xmalloc(sizeof(int) * ((size_t)ix->nfiles + 1)); /* each file's place in the order */
    for (int oi = 0; oi < ix->nfiles; oi++)
        pos[order[oi]] = oi;
    for (int round = 0; round < FS_INDEX_ROUNDS; round++) {
        int ndirty = 0, todo = 0;
        for (int i = 0; progress && i < ix->nfiles; i++)
            todo += dirty[i];
        /* a function whose callee changes in this round, in a file still to
         * come in it, is lowered again in this round */
        int nusers = 0;
        fs_ix_pos *users = fs_ix_users(ix, &nusers);
        for (int oi = 0; oi < ix->nfiles; oi++) {
            int i = order[oi];
            if (!dirty[i])
                continue;
            ndirty++;
            fs_ix_file *f = &ix->files[i];
            dirty[i] = 0;
            if (progress)
                progress->step(progress->arg, round, ndirty, todo > ndirty ? todo : ndirty, f->rel);
            if (!texts[i]) {
                const char *why;
                texts[i] = fs_source_read(f->path, &lens[i], &why, NULL);
                if (!texts[i])
                    continue;
            }
            /* the first parse is whole; later ones only what changed under it */
            int whole = !parsed[i] && (!f->fresh || stale[i]);
            fs_summaries *old = fs_summaries_new();
            for (int k = 0; f->sums && k < f->sums->n; k++)
                fs_summaries_add(old, &f->sums->v[k]);
            fs_strs_sort_unique(&want[i]);
            ++seq;
            fs_ix_skip leave;
            memset(&leave, 0, sizeof leave);
            if (whole)
                fs_ix_leave(ix, xs, &scans[i], &leave);
            if (whole && fs_ix_nothing_to_lower(&scans[i]))
                fs_ix_declare(f, xs, &scans[i], texts[i], lens[i]);
            else {
                fs_ix_parse(f, texts[i], lens[i], ix->live, whole || !want[i].n ? NULL : &want[i],
                            whole ? &leave : NULL, seq);
                st->parses++;
            }
            fs_ix_skip_free(&leave);
            fs_strs_free(&want[i]);
            fs_keep_changes(f, old);
            if (!parsed[i]++)
                st->parsed++;
            any_parsed = 1;
            fs_strs changed = { 0 };
            fs_summaries *empty = fs_summaries_new();
            fs_changed_names(old ? old : empty, f->sums ? f->sums : empty, &changed);
            fs_summaries_delete(empty);
            for (int k = 0; k < changed.n; k++) {
                /* what a caller's parameters may see: the entries of parameters */
                int params = 0;
                for (const fs_summary *x = fs_summaries_find(f->sums, changed.v[k]); x && !params; x = fs_summaries_next(f->sums, x))
                    params = fs_ix_param_news(x);
                for (const fs_summary *x = old ? fs_summaries_find(old, changed.v[k]) : NULL; x && !params; x = fs_summaries_next(old, x))
                    params = fs_ix_param_news(x);
                if (params) {
                    fs_ix_set_stamp(f, changed.v[k], seq);
                    if (fs_ix_exports(f, old, changed.v[k])) {
                        fs_ix_name_get(ix, changed.v[k])->changed_at = seq;
                        for (int at = fs_pos_first(users, nusers, changed.v[k]);
                             at >= 0 && at < nusers && strcmp(users[at].name, changed.v[k]) == 0; at++)
                            if (pos[users[at].index] > oi)
                                fs_ix_mark_file(ix, users[at].index, dirty, want);
                    }
                }
            }
            fs_strs_free(&changed);
            fs_ix_export(ix, i);
            fs_summaries_delete(old);
        }
        fs_ix_users_free(users, nusers);
        if (!ndirty)
            break;
        fs_strs gained = { 0 };
        fs_ix_closure(ix, dirty, want, &gained);
        fs_strs_free(&gained);
        if (!fs_ix_mark_dirty(ix, dirty, want))
            break;
    }
    free(pos);
    if (any_dirty)
        fs_ix_note_macros(ix, xs, scans);
    fs_ix_global(ix);
    fs_ix_candidates(ix, texts, lens);
    for (int i = 0; i < ix->nfiles; i++)
        fs_xs_file_free(&scans[i]);
    free(scans);
    fs_xs_free(xs);
    for (int i = 0; i < ix->nfiles; i++)
        fs_strs_free(&want[i]);
    for (int i = 0; i < ix->nfiles; i++)
        free(texts[i]);
    FS_FREE(want, order, texts, lens, dirty, parsed, stale);
    if (cache && (any_parsed || !st->cache_used || restamp)) {
        fs_ix_save(ix, cache);
        fs_ix_prune(cache);
    } else if (cache && st->cache_used) {
        fs_ix_touch(cache);
    }
    fs_ix_reach(ix);
    if (cache)
        fs_ix_save_result(ix, cache);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    return ix;
}

void fs_index_free(fs_index *ix)
{
    if (!ix)
        return;
    fs_strs_free(&ix->platform);
    fs_strs_free(&ix->defines);
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_clear_record(&ix->files[i]);
        for (int k = 0; k < ix->files[i].nstamps; k++)
            free(ix->files[i].stamps[k].name);
        FS_FREE(ix->files[i].stamps, ix->files[i].path, ix->files[i].rel);
    }
    FS_FREE(ix->files, ix->bypath, ix->byname, ix->may_probe);
    fs_ix_unres_free(ix);
    fs_ix_weights_free(ix);
    for (int i = 0; i < ix->capnames; i++)
        FS_FREE(ix->names[i].name, ix->names[i].files);
    free(ix->names);
    fs_summaries_delete(ix->live);
    fs_summaries_delete(ix->global);
    fs_summaries_delete(ix->scoped);
    fs_strs_free(&ix->probes);
    free(ix->root);
    free(ix);
}

const fs_summaries *fs_index_summaries(const fs_index *ix)
{
    return ix->global;
}

/* The file at abs, by binary search (a unit per file of 100,000 would
 * make a linear one quadratic). */
const fs_ix_file *fs_ix_find(const fs_index *ix, const char *abs)
{
    int lo = 0, hi = ix->nfiles;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(ix->files[ix->bypath[mid]].path, abs);
        if (c == 0)
            return &ix->files[ix->bypath[mid]];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static const char *fs_base_name(const char *p)
{
    const char *b = strrchr(p, '/');
    return b ? b + 1 : p;
}

static int fs_base_cmp(const void *a, const void *b)
{
    const fs_ix_pos *x = a, *y = b;
    int c = strcmp(fs_base_name(x->name), fs_base_name(y->name));
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The project files an #include of `name` (quoted: `quoted`) in file i may
 * name: a quoted name as the includer's folder has it, else (and an angle
 * name) every file whose path ends in the name (an include folder may hold
 * it), with its leading "./" and "../" taken away. */
static void fs_ix_resolve_include(const fs_index *ix, const fs_ix_pos *byname, int i, const char *name, int quoted,
                                  int **v, int *nv, int *cap)
{
    int n = ix->nfiles;
    if (quoted && name[0] != '/') {
        const char *path = ix->files[i].path;
        const char *slash = strrchr(path, '/');
        char *dir = fs_xstrndup(path, slash ? (size_t)(slash - path) : 0);
        char *joined = fs_path_absolute(name, dir);
        free(dir);
        const fs_ix_file *g = fs_ix_find(ix, joined);
        free(joined);
        if (g) {
            FS_PUSH(*v, *nv, *cap, (int)(g - ix->files));
            return;
        }
    }
    while (strncmp(name, "./", 2) == 0 || strncmp(name, "../", 3) == 0)
        name += name[1] == '/' ? 2 : 3;
    size_t len = strlen(name);
    fs_ix_pos key = { name, -1 };
    /* the first file of that base name */
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (fs_base_cmp(&byname[mid], &key) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < n && strcmp(fs_base_name(byname[lo].name), fs_base_name(name)) == 0; lo++) {
        const char *p = byname[lo].name;
        size_t m = strlen(p);
        if (m >= len && strcmp(p + m - len, name) == 0 && (m == len || p[m - len - 1] == '/'))
            FS_PUSH(*v, *nv, *cap, byname[lo].index);
    }
}

/* The file a quoted #include of `name` in the file at `path` names in the
 * includer's folder, when there is one there (caller frees), else NULL. */
static char *fs_ix_beside(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    char *dir = fs_xstrndup(path, slash ? (size_t)(slash - path) : 0);
    char *joined = fs_path_absolute(name, dir);
    free(dir);
    if (access(joined, F_OK) == 0)
        return joined;
    free(joined);
    return NULL;
}

/* How many leading bytes the folders of a and b share, in whole folders. */
static size_t fs_ix_common_dirs(const char *a, const char *b)
{
    size_t k = 0, last = 0;
    for (; a[k] && a[k] == b[k]; k++)
        if (a[k] == '/')
            last = k + 1;
    return last;
}

/* The folders a unit's quoted #includes need, without a compilation
 * database (index.h).  The unit's main file and the project headers it
 * reaches are read (the source store keeps them for the parse); a name not
 * beside its includer is the project file whose path ends with it, the one
 * nearest the includer (then the first by path), but for one only another
 * platform compiles; its folder, less the name, is needed. */
#define FS_IX_GUESS_MAX_FILES 512
void fs_index_guess_include_dirs(const fs_index *ix, const char *abs_path, char ***dirs, int *ndirs)
{
    fs_strs seen = { 0 }, todo = { 0 }, out = { 0 };
    fs_strs_add(&todo, abs_path);
    for (int q = 0; q < todo.n && q < FS_IX_GUESS_MAX_FILES; q++) {
        const char *path = todo.v[q];
        if (fs_strs_find(&seen, path) >= 0)
            continue;
        fs_strs_add(&seen, path);
        fs_strs_sort_unique(&seen);
        long len = 0;
        const char *why;
        char *text = fs_source_read(path, &len, &why, NULL);
        if (!text)
            continue;
        fs_strs inc = { 0 };
        fs_scan_includes(text, len, &inc);
        free(text);
        for (int k = 0; k < inc.n; k++) {
            const char *name = inc.v[k];
            if (name[0] == '<' || name[0] == '/' || name[0] == '.')
                continue; /* a system header, or a name that says where it is */
            char *beside = fs_ix_beside(path, name);
            if (beside) {
                if (fs_ix_find(ix, beside))
                    fs_strs_add(&todo, beside);
                free(beside);
                continue;
            }
            int *v = NULL, nv = 0, cap = 0;
            fs_ix_resolve_include(ix, ix->byname, -1, name, 0, &v, &nv, &cap);
            int best = -1;
            size_t best_common = 0;
            for (int c = 0; c < nv; c++) {
                const char *cand = ix->files[v[c]].path;
                if (fs_index_other_platform_file(ix->files[v[c]].rel))
                    continue; /* win32/config.h */
                size_t common = fs_ix_common_dirs(cand, path);
                if (best < 0 || common > best_common ||
                    (common == best_common && strcmp(cand, ix->files[best].path) < 0)) {
                    best = v[c];
                    best_common = common;
                }
            }
            free(v);
            if (best < 0)
                continue;
            const char *found = ix->files[best].path;
            size_t fl = strlen(found), nl = strlen(name);
            if (fl > nl + 1) {
                char *dir = fs_xstrndup(found, fl - nl - 1);
                if (fs_strs_find(&out, dir) < 0) {
                    fs_strs_add(&out, dir);
                    fs_strs_sort_unique(&out);
                }
                free(dir);
            }
            fs_strs_add(&todo, found);
        }
        fs_strs_free(&inc);
    }
    *dirs = out.v;
    *ndirs = out.n;
    fs_strs_free(&seen);
    fs_strs_free(&todo);
}

/* For the prefilter, once per index: which files may hold a finding, by a
 * candidate function of their own (index_cand.c), or of a project file
 * they include (as fs_ix_resolve_include finds it), transitively; an
 * unknown record may too.  A quoted #include of no project file (one
 * generated outside the project, a submodule not checked out, or one an
 * #if leaves out) is kept by name, with those of the files a file
 * includes: the unit's own include folders say whether it is there
 * (fs_index_unresolved). */
static void fs_ix_reach(fs_index *ix)
{
    int n = ix->nfiles;
    free(ix->may_probe);
    ix->may_probe = fs_xcalloc((size_t)n + 1, 1);
    fs_ix_unres_free(ix);
    ix->unres_of = fs_xcalloc((size_t)n + 1, sizeof *ix->unres_of);
    const fs_ix_pos *byname = ix->byname;
    int **inc = fs_xcalloc((size_t)n + 1, sizeof *inc); /* per file: the files it includes, -1 ended */
    int *nunres = fs_xcalloc((size_t)n + 1, sizeof *nunres);
    fs_strs *own = fs_xcalloc((size_t)n + 1, sizeof *own); /* per file: its unresolved names */
    for (int i = 0; i < n; i++) {
        const fs_ix_file *f = &ix->files[i];
        int direct = !f->fresh || f->cand;
        int *v = NULL, nv = 0, cap = 0;
        for (int k = 0; k < f->includes.n && !direct; k++) {
            const char *name = f->includes.v[k];
            int angle = name[0] == '<';
            int before = nv;
            fs_ix_resolve_include(ix, byname, i, name + angle, !angle, &v, &nv, &cap);
            if (nv == before && !angle) {
                /* kept by the name the unit's flags find it by, or where it is
                 * beside its includer (outside the project) */
                char *beside = fs_ix_beside(f->path, name);
                fs_strs_add(&own[i], beside ? beside : name);
                fs_strs_add(&ix->unres_names, beside ? beside : name);
                free(beside);
            }
        }
        FS_PUSH(v, nv, cap, -1);
        inc[i] = v;
        ix->may_probe[i] = (unsigned char)direct;
    }
    /* each file's own unresolved names, as indexes into the sorted table */
    fs_strs_sort_unique(&ix->unres_names);
    for (int i = 0; i < n; i++) {
        int *u = NULL, cap = 0;
        for (int k = 0; k < own[i].n && !ix->may_probe[i]; k++)
            FS_PUSH(u, nunres[i], cap, fs_strs_find(&ix->unres_names, own[i].v[k]));
        ix->unres_of[i] = u;
        fs_strs_free(&own[i]);
    }
    free(own);
    for (int grew = 1; grew;) {
        grew = 0;
        for (int i = 0; i < n; i++) {
            if (ix->may_probe[i])
                continue;
            for (const int *t = inc[i]; *t >= 0; t++) {
                if (ix->may_probe[*t]) {
                    ix->may_probe[i] = 1;
                    grew = 1;
                    break;
                }
                for (int k = 0; k < nunres[*t]; k++) {
                    int have = 0;
                    for (int m = 0; m < nunres[i] && !have; m++)
                        have = ix->unres_of[i][m] == ix->unres_of[*t][k];
                    if (!have) {
                        int cap = nunres[i];
                        FS_PUSH(ix->unres_of[i], nunres[i], cap, ix->unres_of[*t][k]);
                        grew = 1;
                    }
                }
            }
        }
    }
    for (int i = 0; i < n; i++) {
        int cap = nunres[i];
        if (ix->may_probe[i])
            nunres[i] = 0;
        FS_PUSH(ix->unres_of[i], nunres[i], cap, -1);
    }
    for (int i = 0; i < n; i++)
        free(inc[i]);
    FS_FREE(inc, nunres);
}

fs_summaries *fs_index_summaries_for(const fs_index *ix, const char *abs_path)
{
    if (!ix->scoped || !ix->scoped->n || !abs_path)
        return NULL;
    size_t rl = strlen(ix->root);
    if (strncmp(abs_path, ix->root, rl) != 0 || (abs_path[rl] != '/' && rl > 1))
        return NULL;
    const char *rel = abs_path + rl + (abs_path[rl] == '/');
    size_t dl = fs_ix_dir_len(rel);
    fs_summaries *own = NULL;
    for (int k = 0; k < ix->scoped->n; k++) {
        const fs_summary *s = &ix->scoped->v[k];
        if (strlen(s->file) != dl || strncmp(s->file, rel, dl) != 0)
            continue;
        if (!own)
            own = fs_summaries_new_over(ix->global);
        fs_summaries_add(own, s);
    }
    return own;
}

const char *const *fs_index_platform_names(const fs_index *ix, int *n)
{
    *n = ix ? ix->platform.n : 0;
    return ix ? (const char *const *)ix->platform.v : NULL;
}

int fs_index_uses_setuid(const fs_index *ix)
{
    return ix->uses_setuid;
}

/* What a file outside the project brings a unit (fs_ix_outside_candidate),
 * with the files it includes beside it: -1 when the unit may hold a finding
 * whatever it does, else 0 with the names into *extra. */
static int fs_ix_outside(const fs_index *ix, const char *abs_path, fs_strs *seen, fs_strs *extra)
{
    const fs_ix_file *f = fs_ix_find(ix, abs_path);
    if (f && ix->may_probe)
        return ix->may_probe[f - ix->files] ? -1 : 0;
    if (fs_strs_has(seen, abs_path))
        return 0;
    if (seen->n > 256)
        return -1; /* too many to follow: it may */
    fs_strs_add(seen, abs_path);
    fs_strs_sort_unique(seen);
    long len;
    const char *why;
    char *t = fs_source_read(abs_path, &len, &why, NULL);
    if (!t)
        return -1;
    int rc = fs_ix_outside_candidate(ix, t, len, extra);
    fs_strs inc = { 0 };
    if (rc == 0)
        fs_scan_includes(t, len, &inc);
    free(t);
    /* and what it includes beside it */
    for (int k = 0; k < inc.n && rc == 0; k++) {
        if (inc.v[k][0] == '<')
            continue;
        char *beside = fs_ix_beside(abs_path, inc.v[k]);
        if (beside)
            rc = fs_ix_outside(ix, beside, seen, extra);
        free(beside);
    }
    fs_strs_free(&inc);
    if (rc && getenv("FSCHECK_CANDIDATES"))
        fprintf(stderr, "fscheck: candidate: %s (outside the project)\n", abs_path);
    return rc;
}

int fs_index_forced_may_match(const fs_index *ix, const char *abs_path, const char *main_file)
{
    fs_strs seen = { 0 }, extra = { 0 };
    int may = fs_ix_outside(ix, abs_path, &seen, &extra) != 0;
    fs_strs_free(&seen);
    fs_strs_sort_unique(&extra);
    if (!may && extra.n) {
        /* the unit's main file uses one of the names it brings */
        long len;
        const char *why;
        char *t = main_file ? fs_source_read(main_file, &len, &why, NULL) : NULL;
        may = 1;
        if (t) {
            may = 0;
            for (long i = 0; i < len && !may;) {
                long s = fs_lex_skip(t, len, i);
                if (s != i) {
                    i = s;
                } else if (fs_lex_ident_start((unsigned char)t[i]) && (i == 0 || !fs_lex_ident((unsigned char)t[i - 1]))) {
                    long b = i;
                    while (i < len && fs_lex_ident((unsigned char)t[i]))
                        i++;
                    char *name = fs_xstrndup(t + b, (size_t)(i - b));
                    may = fs_strs_has(&extra, name);
                    if (may && getenv("FSCHECK_CANDIDATES"))
                        fprintf(stderr, "fscheck: candidate: %s uses %s of %s (outside the project)\n", main_file,
                                name, abs_path);
                    free(name);
                } else {
                    i++;
                }
            }
            free(t);
        }
    }
    fs_strs_free(&extra);
    return may;
}

int fs_index_nfiles(const fs_index *ix)
{
    return ix ? ix->nfiles : 0;
}

const char *fs_index_file_path(const fs_index *ix, int i)
{
    return ix && i >= 0 && i < ix->nfiles ? ix->files[i].path : NULL;
}

void fs_ix_unres_free(fs_index *ix)
{
    for (int i = 0; ix->unres_of && i < ix->nfiles; i++)
        free(ix->unres_of[i]);
    free(ix->unres_of);
    ix->unres_of = NULL;
    fs_strs_free(&ix->unres_names);
}

int fs_index_unresolved(const fs_index *ix, const char *abs_path, const char ***names)
{
    *names = NULL;
    const fs_ix_file *f = ix ? fs_ix_find(ix, abs_path) : NULL;
    const int *u = f && ix->unres_of ? ix->unres_of[f - ix->files] : NULL;
    int n = 0;
    while (u && u[n] >= 0)
        n++;
    if (!n)
        return 0;
    *names = fs_xcalloc((size_t)n + 1, sizeof **names);
    for (int k = 0; k < n; k++)
        (*names)[k] = ix->unres_names.v[u[k]] + (ix->unres_names.v[u[k]][0] == '<');
    return n;
}

int fs_index_may_match(const fs_index *ix, const char *abs_path)
{
    const fs_ix_file *f = fs_ix_find(ix, abs_path);
    if (!f || !ix->may_probe)
        return 1;
    return ix->may_probe[f - ix->files];
}
