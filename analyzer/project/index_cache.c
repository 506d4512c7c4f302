/* index_cache.c - the project index (index.c): its cache, per-file records and the
 * result file, by content and lstat stamp. */
#include "project/index_private.h"

/* --- the cache ---------------------------------------------------------------- */

static json_t *fs_json_strs(const fs_strs *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->n; i++)
        json_array_append_new(a, json_string(s->v[i]));
    return a;
}

int fs_read_strs(json_t *a, fs_strs *out)
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

/* The call graph's part of the cache (each file's edges, its functions'
 * callees) is a file of its own beside the index: a run that finds no file
 * changed since does not need it, and does not read it. */
static char *fs_ix_graph_path(const char *cache)
{
    size_t n = strlen(cache);
    if (n > 5 && strcmp(cache + n - 5, ".json") == 0)
        return fs_xasprintf("%.*s.graph.json", (int)(n - 5), cache);
    return fs_xasprintf("%s.graph", cache);
}

/* The result file beside the cache: what a run needs of the index (the
 * table of summaries, which files may hold a probe), with every file's
 * lstat stamp.  When the walk finds the same files with the same stamps,
 * it is the whole index, and nothing else is read. */
static char *fs_ix_result_path(const char *cache)
{
    size_t n = strlen(cache);
    if (n > 5 && strcmp(cache + n - 5, ".json") == 0)
        return fs_xasprintf("%.*s.result.json", (int)(n - 5), cache);
    return fs_xasprintf("%s.result", cache);
}

/* The cache files of a root are "used" (their modification time set to
 * now) whenever a run takes anything from them, so that a folder that is
 * still indexed keeps its cache. */
void fs_ix_touch(const char *cache)
{
    char *graph = fs_ix_graph_path(cache), *result = fs_ix_result_path(cache);
    utimensat(AT_FDCWD, cache, NULL, 0);
    utimensat(AT_FDCWD, graph, NULL, 0);
    utimensat(AT_FDCWD, result, NULL, 0);
    free(graph);
    free(result);
}

/* Whether name is one of the index's cache files (index-HEX.json,
 * .graph.json, .result.json), or a temporary one left by a run that was
 * stopped while writing (...json.tmp.PID). */
static int fs_ix_is_cache_name(const char *name)
{
    if (strncmp(name, "index-", 6) != 0)
        return 0;
    const char *p = name + 6;
    size_t hex = strspn(p, "0123456789abcdef");
    if (hex != 16)
        return 0;
    p += hex;
    if (strncmp(p, ".graph", 6) == 0)
        p += 6;
    else if (strncmp(p, ".result", 7) == 0)
        p += 7;
    if (strcmp(p, ".json") == 0)
        return 1;
    return strncmp(p, ".json.tmp.", 10) == 0 && p[10] && strspn(p + 10, "0123456789") == strlen(p + 10);
}

/* The cache folder's files of other roots that no run has used for
 * FSCHECK_CACHE_DAYS days (default FS_INDEX_CACHE_DAYS; 0: never) go:
 * folders indexed once (a temporary folder, a checkout since removed)
 * would otherwise fill it.  Only names the index writes are looked at. */
void fs_ix_prune(const char *cache)
{
    const char *env = getenv("FSCHECK_CACHE_DAYS");
    long days = FS_INDEX_CACHE_DAYS;
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        if (*end == '\0' && v >= 0)
            days = v > 100000 ? 100000 : v;
    }
    if (days == 0)
        return;
    char *dir = fs_xstrdup(cache);
    char *slash = strrchr(dir, '/');
    const char *own = slash ? slash + 1 : cache;
    size_t ownlen = strlen(own) - 5; /* index-HEX */
    if (slash)
        *slash = '\0';
    DIR *d = opendir(slash ? (*dir ? dir : "/") : ".");
    if (d) {
        time_t cutoff = time(NULL) - (time_t)days * 86400;
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            struct stat st;
            if (!fs_ix_is_cache_name(e->d_name) || strncmp(e->d_name, own, ownlen) == 0 ||
                fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode) ||
                st.st_mtime >= cutoff)
                continue;
            unlinkat(dirfd(d), e->d_name, 0);
        }
        closedir(d);
    }
    free(dir);
}

/* Write doc to path by a temporary file and a rename. */
static int fs_ix_write(json_t *doc, const char *path)
{
    char *tmp = fs_xasprintf("%s.tmp.%ld", path, (long)getpid());
    int rc = json_dump_file(doc, tmp, JSON_COMPACT);
    if (rc == 0)
        rc = rename(tmp, path);
    if (rc != 0)
        unlink(tmp);
    free(tmp);
    return rc;
}

/* A function-level summary (defined, changes files) with nothing else
 * said: kept in the cache as [name, param, static] (most are these). */
static void fs_ix_plain_op(fs_op *op)
{
    memset(op, 0, sizeof *op);
    op->access_mode = FS_MODE_UNKNOWN;
}

static int fs_ix_is_plain(const fs_summary *s)
{
    fs_op plain;
    fs_ix_plain_op(&plain);
    const fs_op *op = &s->op;
    return s->param < 0 && op->kind == plain.kind && op->family == plain.family && op->access_mode == plain.access_mode &&
           op->follows == plain.follows && op->fields_read == plain.fields_read && op->open_mode == plain.open_mode &&
           op->excl == plain.excl && op->pure == plain.pure && op->sense.kind == plain.sense.kind &&
           op->sense.when_true == plain.sense.when_true && op->sense.when_false == plain.sense.when_false &&
           op->via_wrapper == plain.via_wrapper && op->pred[0] == '\0' && !op->base && !op->copies && !op->others;
}

/* A summary as the cache keeps it: an array, not an object (a warm run
 * reads thousands). */
static json_t *fs_ix_sum_json(const fs_summary *s, int is_static)
{
    const fs_op *op = &s->op;
    if (fs_ix_is_plain(s))
        return json_pack("[s,i,b]", s->name, s->param, is_static);
    return json_pack("[s,i,b,i,i,i,i,i,i,i,i,i,i,i,i,s,s,b,b,i,b,b,i,i]", s->name, s->param, is_static, (int)op->kind,
                     (int)op->family, op->access_mode, op->follows, op->fields_read, op->open_mode, op->excl, op->pure,
                     (int)op->sense.kind, (int)op->sense.when_true, (int)op->sense.when_false, op->via_wrapper, op->pred,
                     op->base ? op->base : "", op->copies, op->others, op->mode_param1, op->readonly, op->exists_ok,
                     (int)op->then_kind, op->then_open_mode);
}

/* The summary of j (its name borrowed from j), or -1 when j is not one. */
static int fs_ix_sum_read(json_t *j, fs_summary *sum, int *is_static)
{
    memset(sum, 0, sizeof *sum);
    int kind, family, sk, st, sf, via, copies, others, readonly, exists_ok, then_kind;
    const char *name, *base, *pred;
    if (json_array_size(j) == 3) {
        if (json_unpack(j, "[s,i,b!]", &name, &sum->param, is_static) != 0 || sum->param >= 0 ||
            sum->param < FS_SUMMARY_LOWEST)
            return -1;
        fs_ix_plain_op(&sum->op);
        sum->name = (char *)name;
        return 0;
    }
    if (json_unpack(j, "[s,i,b,i,i,i,i,i,i,i,i,i,i,i,i,s,s,b,b,i,b,b,i,i!]", &name, &sum->param, is_static, &kind,
                    &family, &sum->op.access_mode, &sum->op.follows, &sum->op.fields_read, &sum->op.open_mode,
                    &sum->op.excl, &sum->op.pure, &sk, &st, &sf, &via, &pred, &base, &copies, &others,
                    &sum->op.mode_param1, &readonly, &exists_ok, &then_kind, &sum->op.then_open_mode) != 0 ||
        then_kind < FS_OP_NONE || then_kind > FS_OP_MAYBE ||
        sum->op.mode_param1 < 0 || sum->op.mode_param1 > 64)
        return -1;
    if (kind < FS_OP_NONE || kind > FS_OP_MAYBE || sum->param < FS_SUMMARY_LOWEST || strlen(pred) >= sizeof sum->op.pred ||
        sk < FS_VAL_UNKNOWN || sk > FS_VAL_BOOL || st < 0 || st > FS_OUT_FAIL || sf < 0 || sf > FS_OUT_FAIL)
        return -1;
    sum->op.copies = copies;
    sum->op.others = others;
    sum->op.readonly = readonly;
    sum->op.exists_ok = exists_ok;
    sum->op.then_kind = (fs_op_kind)then_kind;
    sum->name = (char *)name;
    sum->op.kind = (fs_op_kind)kind;
    sum->op.family = (fs_probe_family)family;
    sum->op.sense.kind = (fs_value_kind)sk;
    sum->op.sense.when_true = (fs_outcome)st;
    sum->op.sense.when_false = (fs_outcome)sf;
    sum->op.via_wrapper = via;
    snprintf(sum->op.pred, sizeof sum->op.pred, "%s", pred);
    const fs_call_spec *sp = base && *base ? fs_call_lookup(base) : NULL;
    sum->op.base = sp ? sp->name : NULL;
    return 0;
}

void fs_ix_save(const fs_index *ix, const char *cache)
{
    /* the two files of one save share a generation */
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    char gen[64];
    snprintf(gen, sizeof gen, "%llx-%lx-%lx", (unsigned long long)now.tv_sec, (unsigned long)now.tv_nsec,
             (unsigned long)getpid());
    json_t *graph = json_array();
    json_t *doc = json_object();
    json_object_set_new(doc, "format", json_string(FS_INDEX_FORMAT));
    json_object_set_new(doc, "version", json_integer(FS_INDEX_VERSION));
    json_object_set_new(doc, "tool", json_string(FSCHECK_VERSION));
    json_object_set_new(doc, "root", json_string(ix->root));
    json_object_set_new(doc, "generation", json_string(gen));
    json_object_set_new(doc, "platform", fs_json_strs(&ix->platform));
    json_object_set_new(doc, "defines", fs_json_strs(&ix->defines));
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
        if (f->stamped)
            json_object_set_new(o, "stamp", json_pack("[I,I,I,I]", (json_int_t)f->st_size, (json_int_t)f->mtime_ns,
                                                      (json_int_t)f->ctime_ns, (json_int_t)f->ino));
        json_object_set_new(o, "ids", fs_json_strs(&f->ids));
        json_object_set_new(o, "includes", fs_json_strs(&f->includes));
        json_t *sums = json_array();
        for (int k = 0; k < f->sums->n; k++) {
            json_t *j = fs_ix_sum_json(&f->sums->v[k], k < f->nstatics && f->statics[k]);
            if (j)
                json_array_append_new(sums, j);
        }
        json_object_set_new(o, "summaries", sums);
        json_t *fns = json_array();
        for (int k = 0; k < f->nfns; k++) {
            const fs_ix_fn *xf = &f->fns[k];
            json_t *j = json_pack("[s,b,b,b,o,o,I,I]", xf->name, xf->is_static, xf->own_changes, xf->derived,
                                  fs_json_strs(&xf->callees), fs_json_strs(&xf->edges), (json_int_t)xf->body_begin,
                                  (json_int_t)xf->body_end);
            if (j)
                json_array_append_new(fns, j);
        }
        json_array_append_new(graph, json_pack("[o,o]", fs_json_strs(&f->edges), fns));
        json_t *macros = json_array();
        for (int k = 0; k < f->macros.n; k++)
            json_array_append_new(macros, json_pack("[s,o]", f->macros.v[k], fs_json_strs(&f->macro_ids[k])));
        json_object_set_new(o, "macros", macros);
        json_object_set_new(o, "uses", fs_json_strs(&f->uses));
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
    json_t *gdoc = json_pack("{s:s,s:i,s:s,s:o}", "format", FS_INDEX_FORMAT, "version", FS_INDEX_VERSION, "generation",
                             gen, "files", graph);
    char *gpath = fs_ix_graph_path(cache);
    if (gdoc && fs_ix_write(gdoc, gpath) == 0)
        fs_ix_write(doc, cache);
    free(gpath);
    json_decref(gdoc);
    json_decref(doc);
}

/* A JSON file read whole, then parsed from memory (faster than from a
 * stream); NULL when it cannot be read or parsed. */
static json_t *fs_json_read(const char *path)
{
    json_error_t e;
    long len = 0;
    const char *why;
    char *text = fs_source_read(path, &len, &why, NULL);
    json_t *doc = text ? json_loadb(text, (size_t)len, 0, &e) : NULL;
    free(text);
    return doc;
}

/* Whether doc was made with the -D / -U flags ix reads files with. */
static int fs_ix_same_defines(json_t *doc, const fs_index *ix)
{
    json_t *d = json_object_get(doc, "defines");
    if (!json_is_array(d) || json_array_size(d) != (size_t)ix->defines.n)
        return 0;
    for (int i = 0; i < ix->defines.n; i++) {
        const char *s = json_string_value(json_array_get(d, (size_t)i));
        if (!s || strcmp(s, ix->defines.v[i]) != 0)
            return 0;
    }
    return 1;
}

/* Load the cache: records by relative path.  A cache that is not exactly
 * ours (format, version, tool version, root, flags, every field's type) is
 * ignored. */
json_t *fs_ix_load(const char *cache, const fs_index *ix)
{
    const char *root = ix->root;
    if (!cache)
        return NULL;
    json_t *doc = fs_json_read(cache);
    if (!doc)
        return NULL;
    json_t *files = json_object_get(doc, "files");
    const char *fmt = json_string_value(json_object_get(doc, "format"));
    const char *tool = json_string_value(json_object_get(doc, "tool"));
    const char *r = json_string_value(json_object_get(doc, "root"));
    if (!fmt || strcmp(fmt, FS_INDEX_FORMAT) != 0 || json_integer_value(json_object_get(doc, "version")) != FS_INDEX_VERSION ||
        !tool || strcmp(tool, FSCHECK_VERSION) != 0 || !r || strcmp(r, root) != 0 || !json_is_array(files) ||
        !fs_ix_same_defines(doc, ix)) {
        json_decref(doc);
        return NULL;
    }
    size_t i;
    json_t *f;
    json_array_foreach(files, i, f) {
        if (!json_is_string(json_object_get(f, "path")) || !json_is_string(json_object_get(f, "hash")) ||
            !json_is_integer(json_object_get(f, "size")) || !json_is_array(json_object_get(f, "ids")) ||
            !json_is_array(json_object_get(f, "includes")) || !json_is_array(json_object_get(f, "summaries"))) {
            json_decref(doc);
            return NULL;
        }
    }
    if (!json_is_string(json_object_get(doc, "generation"))) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

/* The graph file of the index doc: an array with an entry per file of the
 * index, or NULL when it is missing or not of the same save. */
json_t *fs_ix_load_graph(const char *cache, json_t *doc)
{
    char *path = fs_ix_graph_path(cache);
    json_t *g = fs_json_read(path);
    free(path);
    const char *gen = json_string_value(json_object_get(g, "generation"));
    const char *fmt = json_string_value(json_object_get(g, "format"));
    json_t *files = json_object_get(g, "files");
    if (!gen || strcmp(gen, json_string_value(json_object_get(doc, "generation"))) != 0 || !fmt ||
        strcmp(fmt, FS_INDEX_FORMAT) != 0 || json_integer_value(json_object_get(g, "version")) != FS_INDEX_VERSION ||
        !json_is_array(files) || json_array_size(files) != json_array_size(json_object_get(doc, "files"))) {
        json_decref(g);
        return NULL;
    }
    json_incref(files);
    json_decref(g);
    return files;
}

/* The result of the index (after fs_ix_global and fs_ix_reach), when every
 * file's stamp is known; else no result file (a stale one goes). */
void fs_ix_save_result(const fs_index *ix, const char *cache)
{
    char *path = fs_ix_result_path(cache);
    int all = ix->may_probe != NULL && ix->global != NULL;
    for (int i = 0; i < ix->nfiles && all; i++)
        all = ix->files[i].stamped;
    if (!all) {
        unlink(path);
        free(path);
        return;
    }
    json_t *files = json_array();
    json_t *doc_extra = json_object();
    char *may = fs_xmalloc((size_t)ix->nfiles + 1);
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        json_array_append_new(files, json_pack("[s,I,I,I,I]", f->rel, (json_int_t)f->st_size, (json_int_t)f->mtime_ns,
                                               (json_int_t)f->ctime_ns, (json_int_t)f->ino));
        may[i] = ix->may_probe[i] ? '1' : '0';
    }
    may[ix->nfiles] = '\0';
    /* the quoted includes of no project file, and per file those it may reach */
    json_t *unres = json_array();
    for (int i = 0; i < ix->nfiles; i++) {
        json_t *u = json_array();
        for (const int *k = ix->unres_of ? ix->unres_of[i] : NULL; k && *k >= 0; k++)
            json_array_append_new(u, json_integer(*k));
        json_array_append_new(unres, u);
    }
    json_object_set_new(doc_extra, "unresolved", fs_json_strs(&ix->unres_names));
    json_object_set_new(doc_extra, "unres", unres);
    json_object_set_new(doc_extra, "defines", fs_json_strs(&ix->defines));
    /* what the names weigh: a file outside the project is judged by them */
    json_object_set_new(doc_extra, "weights", fs_json_strs(&ix->weights));
    json_t *sums = json_array();
    for (int k = 0; k < ix->global->n; k++)
        json_array_append_new(sums, fs_ix_sum_json(&ix->global->v[k], 0));
    json_t *scoped = json_array();
    for (int k = 0; k < ix->scoped->n; k++)
        json_array_append_new(scoped, json_pack("[s,o]", ix->scoped->v[k].file, fs_ix_sum_json(&ix->scoped->v[k], 0)));
    json_t *doc = json_pack("{s:s,s:i,s:s,s:s,s:o,s:s,s:o,s:o,s:b,s:o}", "format", FS_INDEX_FORMAT "-result",
                            "version", FS_INDEX_VERSION, "tool", FSCHECK_VERSION, "root", ix->root, "files", files,
                            "may", may, "summaries", sums, "scoped", scoped, "setuid", ix->uses_setuid, "platform",
                            fs_json_strs(&ix->platform));
    free(may);
    if (doc)
        json_object_update(doc, doc_extra);
    json_decref(doc_extra);
    if (!doc || fs_ix_write(doc, path) != 0)
        unlink(path);
    json_decref(doc);
    free(path);
}

/* The index from the result file, when it is ours, of this root, and lists
 * the files the walk found, in its order, with the stamps lstat gave them:
 * 0; else -1 (nothing taken). */
int fs_ix_from_result(fs_index *ix, const char *cache)
{
    char *path = fs_ix_result_path(cache);
    json_t *doc = fs_json_read(path);
    free(path);
    json_t *files, *sums, *scoped_j, *platform_j;
    const char *fmt, *tool, *root, *may;
    int version, setuid;
    if (!doc ||
        json_unpack(doc, "{s:s,s:i,s:s,s:s,s:o,s:s,s:o,s:o,s:b,s:o}", "format", &fmt, "version", &version, "tool",
                    &tool, "root", &root, "files", &files, "may", &may, "summaries", &sums, "scoped", &scoped_j,
                    "setuid", &setuid, "platform", &platform_j) != 0 ||
        !json_is_array(scoped_j) ||
        strcmp(fmt, FS_INDEX_FORMAT "-result") != 0 || version != FS_INDEX_VERSION || strcmp(tool, FSCHECK_VERSION) != 0 ||
        strcmp(root, ix->root) != 0 || !json_is_array(files) || json_array_size(files) != (size_t)ix->nfiles ||
        strlen(may) != (size_t)ix->nfiles || !json_is_array(sums) || !fs_ix_same_defines(doc, ix)) {
        json_decref(doc);
        return -1;
    }
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        const char *rel;
        json_int_t size, mt, ct, ino;
        if (json_unpack(json_array_get(files, (size_t)i), "[s,I,I,I,I!]", &rel, &size, &mt, &ct, &ino) != 0 ||
            strcmp(rel, f->rel) != 0 || size != f->st_size || mt != f->mtime_ns || ct != f->ctime_ns ||
            (unsigned long long)ino != f->ino || (may[i] != '0' && may[i] != '1')) {
            json_decref(doc);
            return -1;
        }
    }
    fs_summaries *global = fs_summaries_new();
    size_t k;
    json_t *j;
    json_array_foreach(sums, k, j) {
        fs_summary sum;
        int is_static;
        if (fs_ix_sum_read(j, &sum, &is_static) != 0) {
            fs_summaries_delete(global);
            json_decref(doc);
            return -1;
        }
        fs_summaries_add(global, &sum); /* (where it is defined is not kept: nothing asks) */
    }
    fs_summaries *scoped = fs_summaries_new();
    json_array_foreach(scoped_j, k, j) {
        fs_summary sum;
        int is_static;
        const char *dir;
        json_t *sj;
        if (json_unpack(j, "[s,o]", &dir, &sj) != 0 || fs_ix_sum_read(sj, &sum, &is_static) != 0) {
            fs_summaries_delete(scoped);
            fs_summaries_delete(global);
            json_decref(doc);
            return -1;
        }
        sum.file = (char *)dir;
        fs_summaries_add(scoped, &sum);
    }
    ix->global = global;
    ix->scoped = scoped;
    ix->uses_setuid = setuid;
    fs_read_strs(platform_j, &ix->platform);
    ix->may_probe = fs_xmalloc((size_t)ix->nfiles + 1);
    for (int i = 0; i < ix->nfiles; i++)
        ix->may_probe[i] = may[i] == '1';
    json_t *unres = json_object_get(doc, "unres");
    if (!json_is_array(unres) || json_array_size(unres) != (size_t)ix->nfiles ||
        fs_read_strs(json_object_get(doc, "unresolved"), &ix->unres_names) != 0 ||
        fs_read_strs(json_object_get(doc, "weights"), &ix->weights) != 0) {
        /* not of this version's making after all: the index is built */
        fs_strs_free(&ix->unres_names);
        fs_strs_free(&ix->weights);
        fs_summaries_delete(ix->global);
        fs_summaries_delete(ix->scoped);
        ix->global = ix->scoped = NULL;
        free(ix->may_probe);
        ix->may_probe = NULL;
        fs_strs_free(&ix->platform);
        json_decref(doc);
        return -1;
    }
    ix->unres_of = fs_xcalloc((size_t)ix->nfiles + 1, sizeof *ix->unres_of);
    for (int i = 0; i < ix->nfiles; i++) {
        json_t *u = json_array_get(unres, (size_t)i);
        size_t nu = json_array_size(u);
        ix->unres_of[i] = fs_xmalloc(sizeof(int) * (nu + 1));
        for (size_t k = 0; k < nu; k++) {
            json_int_t at = json_integer_value(json_array_get(u, k));
            /* an index out of the table (a damaged file): the unit may match */
            ix->unres_of[i][k] = at >= 0 && at < ix->unres_names.n ? (int)at : -1;
            if (ix->unres_of[i][k] < 0)
                ix->may_probe[i] = 1;
        }
        ix->unres_of[i][nu] = -1;
    }
    json_decref(doc);
    return 0;
}

/* Whether the record's stamp is what lstat says of the file now. */
int fs_ix_stamp_matches(const fs_ix_file *f, json_t *c)
{
    json_int_t size, mt, ct, ino;
    if (json_unpack(json_object_get(c, "stamp"), "[I,I,I,I!]", &size, &mt, &ct, &ino) != 0)
        return 0;
    return size == f->st_size && mt == f->mtime_ns && ct == f->ctime_ns && (unsigned long long)ino == f->ino &&
           json_is_string(json_object_get(c, "hash")) && json_integer_value(json_object_get(c, "size")) == size;
}

int fs_ix_from_cache(fs_ix_file *f, json_t *j)
{
    fs_ix_clear_record(f);
    f->sums = fs_summaries_new();
    if (fs_read_strs(json_object_get(j, "ids"), &f->ids) || fs_read_strs(json_object_get(j, "includes"), &f->includes))
        goto bad;
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(j, "summaries"), i, s) {
        fs_summary sum;
        int stat_;
        if (fs_ix_sum_read(s, &sum, &stat_) != 0)
            goto bad;
        sum.file = f->rel;
        fs_ix_add_summary(f, &sum, stat_);
    }
    json_t *macros = json_object_get(j, "macros");
    if (!json_is_array(macros))
        goto bad;
    f->macro_ids = fs_xcalloc(json_array_size(macros) + 1, sizeof *f->macro_ids);
    json_array_foreach(macros, i, s) {
        const char *name;
        json_t *ids;
        if (json_unpack(s, "[s,o]", &name, &ids) != 0 || fs_read_strs(ids, &f->macro_ids[f->macros.n]))
            goto bad;
        fs_strs_add(&f->macros, name);
    }
    if (fs_read_strs(json_object_get(j, "uses"), &f->uses))
        goto bad;
    f->fresh = 1;
    return 0;
bad:
    fs_ix_clear_record(f);
    return -1;
}

/* The record's call graph, from its entry g of the graph file. */
int fs_ix_graph_from_cache(fs_ix_file *f, json_t *g)
{
    json_t *edges, *fns;
    if (json_unpack(g, "[o,o!]", &edges, &fns) != 0 || !json_is_array(fns) || fs_read_strs(edges, &f->edges))
        return -1;
    size_t i;
    json_t *s;
    f->fns = fs_xcalloc(json_array_size(fns) + 1, sizeof *f->fns);
    json_array_foreach(fns, i, s) {
        const char *name;
        int st, own, der;
        json_t *callees, *fedges;
        json_int_t bb, be;
        if (json_unpack(s, "[s,b,b,b,o,o,I,I]", &name, &st, &own, &der, &callees, &fedges, &bb, &be) != 0)
            return -1;
        fs_ix_fn *xf = &f->fns[f->nfns++];
        xf->name = fs_xstrdup(name);
        xf->is_static = st;
        xf->own_changes = own;
        xf->derived = der;
        xf->body_begin = (long)bb;
        xf->body_end = (long)be;
        if (fs_read_strs(callees, &xf->callees) || fs_read_strs(fedges, &xf->edges))
            return -1;
    }
    return 0;
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
    char *r = fs_xasprintf("%s/index-%016llx.json", base, fs_fnv64(root, strlen(root)));
    free(base);
    return r;
}
