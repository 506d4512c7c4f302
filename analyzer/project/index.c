/* index.c - project-wide wrapper summaries and the prefilter, cached by content. */
#include "project/index.h"
#include "base/pp.h"
#include "ir/calls.h"
#include "frontend/ixscan.h"
#include "project/compdb.h"
#include "project/driver.h"
#include "frontend/frontend.h"
#include "base/source.h"
#include "base/util.h"
#include "base/version.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define FS_INDEX_FORMAT "fscheck-index"
#define FS_INDEX_VERSION 14
#define FS_INDEX_MAX_FILES 200000
#define FS_INDEX_ROUNDS 8
#define FS_INDEX_CACHE_DAYS 30 /* a root's cache files unused this long go (FSCHECK_CACHE_DAYS) */

typedef struct fs_strs {
    char **v;
    int n, cap;
} fs_strs;

/* A function of a file, for the call graph: whether it changes files
 * itself, and whom it calls. */
typedef struct fs_ix_fn {
    char *name;
    int is_static;
    int own_changes; /* a call of its own that creates, removes or writes */
    int derived;     /* a parameter is copied into a buffer (its summary waits for CHANGES) */
    fs_strs callees; /* project functions and macros it calls */
    fs_strs edges;   /* those of them it passes a parameter to */
    long lowered_at; /* the parse that lowered it last (0: from the cache) */
    long body_begin, body_end; /* offsets of its body's braces (-1: a macro, or unknown) */
} fs_ix_fn;

typedef struct fs_ix_file {
    char *path;   /* absolute */
    char *rel;    /* relative to the root (cache key) */
    unsigned long long hash;
    long size;
    /* what lstat said when the index walked the project; stamped: what it
     * said is older than the read by more than a clock tick, so the same
     * answer later means the same content (no need to read it again) */
    long long mtime_ns, ctime_ns;
    unsigned long long ino;
    long long st_size;
    int stamped;
    int loaded;   /* content known this run (read, or stamped as cached) */
    int fresh;    /* record valid (from the cache or parsed) */
    fs_strs ids;      /* names called */
    fs_strs includes; /* #include names */
    fs_strs edges;    /* callees that get a parameter: their summaries shape ours */
    fs_summaries *sums;
    int *statics;     /* per summary: the function is static */
    int nstatics;
    fs_ix_fn *fns;
    int nfns;
    /* for the prefilter: the file's macros whose replacement names
     * something, with those names (a macro is a probe when one of them is:
     * `#define xstat stat`), and the names of the project's macros its
     * code uses */
    fs_strs macros;
    fs_strs *macro_ids; /* per macro */
    fs_strs uses;
    struct fs_ix_stamp {
        char *name;
        long at;
    } *stamps;       /* its functions whose summaries of parameters changed in this run, and when
                      * (a parse's sequence number) */
    int nstamps, capstamps;
} fs_ix_file;

/* A function name of the project: the files that define it for the
 * others, and when its summaries last changed (a parse's sequence number). */
typedef struct fs_ix_name {
    char *name;
    int *files;
    int nfiles, capfiles;
    long changed_at;
} fs_ix_name;

struct fs_index {
    char *root;
    fs_ix_file *files;
    int nfiles, capfiles;
    fs_summaries *global;
    fs_summaries *scoped; /* wrappers in one folder only: `file` is the folder (see fs_ix_scope) */
    fs_strs probes; /* names that probe (sorted) */
    fs_ix_name *names; /* open addressing by name */
    int capnames, nnames;
    fs_summaries *live; /* while building: each name's summaries in the file that defines it now */
    int *bypath;        /* file indexes sorted by path (fs_ix_find) */
    unsigned char *may_probe; /* per file: it, or a project file it includes (and so on), may hold a probe */
    int uses_setuid;          /* some file calls setuid() or friends */
    fs_strs platform;         /* the project's platform macros (pp.h): known undefined (sorted) */
    const fs_index_filter *filter; /* while walking */
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


static int fs_strs_find(const fs_strs *s, const char *x)
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

static int fs_strs_has(const fs_strs *s, const char *x)
{
    return fs_strs_find(s, x) >= 0;
}

static void fs_strs_free(fs_strs *s)
{
    for (int i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* When the summaries of parameters of the file's own function `name` last
 * changed in this run (0: not since it started). */
static long fs_ix_stamp(const fs_ix_file *f, const char *name)
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

static unsigned long long fs_hash64(const char *s, long n)
{
    return fs_fnv64(s, (size_t)n);
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

typedef struct fs_ix_dirent {
    char *name;
    unsigned char type; /* d_type: DT_UNKNOWN when the file system does not say */
} fs_ix_dirent;

static int fs_ix_dirent_cmp(const void *a, const void *b)
{
    return strcmp(((const fs_ix_dirent *)a)->name, ((const fs_ix_dirent *)b)->name);
}

/* The .c and .h files under dir, in name order, with their lstat stamps.
 * Only those and folders are looked at: readdir's type says which entries
 * are neither, without an lstat of each (a symbolic link is neither, as
 * lstat would say; an unknown type is asked of lstat). */
static void fs_ix_walk(fs_index *ix, const char *dir, int depth)
{
    if (depth > 64 || ix->nfiles >= FS_INDEX_MAX_FILES)
        return;
    DIR *d = opendir(dir);
    if (!d)
        return;
    fs_ix_dirent *v = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (e->d_type != DT_UNKNOWN && e->d_type != DT_DIR && !(e->d_type == DT_REG && fs_is_source(e->d_name)))
            continue;
        fs_grow(&v, &cap, n + 1, sizeof *v);
        v[n].name = fs_xstrdup(e->d_name);
        v[n].type = e->d_type;
        n++;
    }
    int dfd = dirfd(d);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, fs_ix_dirent_cmp);
    for (int i = 0; i < n && ix->nfiles < FS_INDEX_MAX_FILES; i++) {
        char *p = fs_xasprintf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, v[i].name);
        struct stat st;
        if (v[i].type == DT_DIR) {
            fs_ix_walk(ix, p, depth + 1);
        } else if (fstatat(dfd, v[i].name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
            if (S_ISDIR(st.st_mode)) {
                fs_ix_walk(ix, p, depth + 1);
            } else if (S_ISREG(st.st_mode) && fs_is_source(v[i].name) &&
                       (!ix->filter ||
                        ix->filter->keep(ix->filter->arg, p,
                                         p + strlen(ix->root) + (strcmp(ix->root, "/") == 0 ? 0 : 1)))) {
                fs_grow(&ix->files, &ix->capfiles, ix->nfiles + 1, sizeof *ix->files);
                fs_ix_file *f = &ix->files[ix->nfiles++];
                memset(f, 0, sizeof *f);
                f->path = p;
                f->rel = fs_xstrdup(p + strlen(ix->root) + (strcmp(ix->root, "/") == 0 ? 0 : 1));
                f->mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
                f->ctime_ns = (long long)st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
                f->ino = (unsigned long long)st.st_ino;
                f->st_size = (long long)st.st_size;
                p = NULL;
            }
        }
        free(p);
    }
    closedir(d);
    for (int i = 0; i < n; i++)
        free(v[i].name);
    free(v);
}

/* --- records --------------------------------------------------------------- */

/* The record's summaries from index `from` on belong to a function that is
 * static (or not): the flags kept beside them. */
static void fs_ix_note_statics(fs_ix_file *f, int from, int is_static)
{
    if (f->sums->n <= f->nstatics)
        return;
    f->statics = fs_xrealloc(f->statics, sizeof(int) * (size_t)f->sums->n);
    for (int k = f->nstatics; k < f->sums->n; k++)
        f->statics[k] = k >= from && is_static;
    f->nstatics = f->sums->n;
}

static void fs_ix_add_summary(fs_ix_file *f, const fs_summary *s, int is_static)
{
    int at = f->sums->n;
    fs_summaries_add(f->sums, s);
    fs_ix_note_statics(f, at, is_static);
}

static void fs_ix_clear_fns(fs_ix_file *f)
{
    for (int i = 0; i < f->nfns; i++) {
        free(f->fns[i].name);
        fs_strs_free(&f->fns[i].callees);
        fs_strs_free(&f->fns[i].edges);
    }
    free(f->fns);
    f->fns = NULL;
    f->nfns = 0;
}

static void fs_ix_clear_macros(fs_ix_file *f)
{
    for (int k = 0; k < f->macros.n; k++)
        fs_strs_free(&f->macro_ids[k]);
    free(f->macro_ids);
    f->macro_ids = NULL;
    fs_strs_free(&f->macros);
    fs_strs_free(&f->uses);
}

static void fs_ix_clear_record(fs_ix_file *f)
{
    fs_ix_clear_fns(f);
    fs_ix_clear_macros(f);
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

/* The names of local functions whose summaries differ between tables a and
 * b (own entries only), into out. */
static void fs_changed_names(const fs_summaries *a, const fs_summaries *b, fs_strs *out)
{
    for (int pass = 0; pass < 2; pass++) {
        const fs_summaries *x = pass ? b : a, *y = pass ? a : b;
        for (int k = 0; k < x->n; k++) {
            const fs_summary *s = &x->v[k];
            int same = 0;
            for (const fs_summary *o = fs_summaries_find(y, s->name); o && !same; o = fs_summaries_next(y, o))
                same = o->param == s->param && fs_op_equal(&o->op, &s->op);
            if (!same)
                fs_strs_add(out, s->name);
        }
    }
    fs_strs_sort_unique(out);
}

typedef struct fs_ix_pos {
    const char *name;
    int index;
} fs_ix_pos;

static int fs_pos_cmp(const void *a, const void *b)
{
    return strcmp(((const fs_ix_pos *)a)->name, ((const fs_ix_pos *)b)->name);
}

/* By name, the last index first among equal names (then kept alone). */
static int fs_pos_cmp_index(const void *a, const void *b)
{
    int c = fs_pos_cmp(a, b);
    return c ? c : ((const fs_ix_pos *)b)->index - ((const fs_ix_pos *)a)->index;
}

/* Does function fn call one of the names? */
static int fs_calls_any(const fs_func *fn, const fs_strs *names)
{
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_CALL && fn->nodes[n].callee && fs_strs_has(names, fn->nodes[n].callee))
            return 1;
    return 0;
}

/* Parse one file with tree-sitter, lower its functions with the global
 * summaries until its own settle, and fill the record.  Functions are
 * lowered in file order, each with the summaries of those before it (C
 * defines a helper before its callers, mostly); then only the functions
 * that call one whose summary changed since are lowered again.
 *
 * With `only` (a record of the file at hand): only the functions named
 * there, and the functions of the file that pass a parameter to them, are
 * converted and lowered again; the others keep their summaries. */
/* What the text scan leaves out of a file's whole parse: the functions that
 * cannot have summaries (ixscan.h), with the names their bodies call. */
typedef struct fs_ix_skip {
    fs_strs names;    /* sorted, unique */
    fs_strs *callees; /* per name */
    unsigned char *changes; /* per name: calls a library function that changes files */
    long *bodies;     /* begin, end offsets of their bodies (not parsed) */
    int nbodies, capbodies;
} fs_ix_skip;

static void fs_ix_skip_free(fs_ix_skip *k)
{
    for (int i = 0; i < k->names.n; i++)
        fs_strs_free(&k->callees[i]);
    free(k->callees);
    free(k->changes);
    fs_strs_free(&k->names);
    free(k->bodies);
    memset(k, 0, sizeof *k);
}

/* The inside of the body text[b, e) as a hole the parser passes over (its
 * braces stay).  A body with a preprocessor line in it is kept (its #if
 * may open or close outside it). */
static void fs_hole_body(long **holes, int *nholes, int *cap, const char *text, long len, long b, long e)
{
    if (b < 0 || e > len || e - b < 3 || text[b] != '{' || text[e - 1] != '}')
        return;
    for (long p = b + 1; p < e - 1; p++)
        if (text[p] == '#') {
            long q = p;
            while (q > b && (text[q - 1] == ' ' || text[q - 1] == '\t'))
                q--;
            if (text[q - 1] == '\n' || text[q - 1] == '\r' || q == b + 1)
                return;
        }
    fs_grow(holes, cap, 2 * *nholes + 2, sizeof **holes);
    (*holes)[2 * *nholes] = b + 1;
    (*holes)[2 * *nholes + 1] = e - 1;
    (*nholes)++;
}

static int fs_long_pair_cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static void fs_ix_parse(fs_ix_file *f, const char *text, long len, const fs_summaries *global, const fs_strs *only,
                        const fs_ix_skip *leave, long seq)
{
    fs_strs want = { 0 };
    int selective = only && f->fresh && f->sums && f->fns;
    if (selective) {
        for (int k = 0; k < only->n; k++)
            fs_strs_add(&want, only->v[k]);
        fs_strs_sort_unique(&want);
        /* the file's callers of those, through parameters, until none is new */
        for (int grew = 1; grew;) {
            grew = 0;
            for (int k = 0; k < f->nfns; k++) {
                if (fs_strs_has(&want, f->fns[k].name))
                    continue;
                for (int e = 0; e < f->fns[k].edges.n; e++)
                    if (fs_strs_has(&want, f->fns[k].edges.v[e])) {
                        fs_strs_add(&want, f->fns[k].name);
                        fs_strs_sort_unique(&want);
                        grew = 1;
                        break;
                    }
            }
        }
    }
    fs_summaries *old = NULL;
    int *oldst = NULL, noldst = 0, noldfns = 0;
    fs_ix_fn *oldfns = NULL;
    if (selective) {
        old = f->sums;
        oldst = f->statics;
        noldst = f->nstatics;
        oldfns = f->fns;
        noldfns = f->nfns;
        f->sums = NULL;
        f->statics = NULL;
        f->nstatics = 0;
        f->fns = NULL;
        f->nfns = 0;
    } else {
        fs_ix_clear_record(f);
        fs_scan_includes(text, len, &f->includes);
    }
    /* the bodies of the functions kept, or left out, are holes */
    if (selective || !leave || !leave->names.n)
        leave = NULL;
    long *holes = NULL;
    int nholes = 0, capholes = 0;
    for (int k = 0; selective && k < noldfns; k++)
        if (!fs_strs_has(&want, oldfns[k].name))
            fs_hole_body(&holes, &nholes, &capholes, text, len, oldfns[k].body_begin, oldfns[k].body_end);
    for (int k = 0; leave && k < leave->nbodies; k++)
        fs_hole_body(&holes, &nholes, &capholes, text, len, leave->bodies[2 * k], leave->bodies[2 * k + 1]);
    fs_xs_comment_lines(text, len, &holes, &nholes, &capholes); /* nothing of the index reads them */
    if (nholes > 1)
        qsort(holes, (size_t)nholes, 2 * sizeof *holes, fs_long_pair_cmp);
    fs_fe_result r;
    int rc = fs_fe_ts_parse_around(f->path, text, (size_t)len,
                                   FS_TS_OWN_TEXT | (leave ? FS_TS_EXCLUDE : 0),
                                   selective ? (const char *const *)want.v : leave ? (const char *const *)leave->names.v : NULL,
                                   selective ? want.n : leave ? leave->names.n : 0, holes, nholes, &r);
    free(holes);
    if (rc != 0) {
        fs_fe_result_free(&r);
        if (selective) { /* keep what was known */
            f->sums = old;
            f->statics = oldst;
            f->nstatics = noldst;
            f->fns = oldfns;
            f->nfns = noldfns;
        } else {
            f->sums = fs_summaries_new();
        }
        fs_strs_free(&want);
        f->fresh = 1;
        return;
    }
    f->sums = fs_summaries_new();
    /* the kept functions' summaries, under the ones lowered now */
    fs_summaries *base = NULL;
    if (selective) {
        base = fs_summaries_new_over(global);
        for (int k = 0; k < old->n; k++)
            if (!fs_strs_has(&want, old->v[k].name)) {
                fs_summaries_add(base, &old->v[k]);
                fs_ix_add_summary(f, &old->v[k], k < noldst ? oldst[k] : 0);
            }
    }
    const fs_summaries *under = base ? base : global;
    unsigned char *skip = fs_xcalloc((size_t)r.nfuncs + 1, 1);
    for (int i = 0; i < r.nfuncs; i++)
        skip[i] = selective && !fs_strs_has(&want, r.funcs[i].fn->name); /* a macro not asked for */
    fs_summaries *cur = fs_summaries_new_over(under);
    for (int i = 0; i < r.nfuncs; i++) {
        if (skip[i])
            continue;
        fs_func_reset(r.funcs[i].fn);
        if (r.funcs[i].body)
            fs_lower(r.funcs[i].fn, r.funcs[i].body, cur);
        else if (leave && !r.funcs[i].is_macro) {
            /* left out: a library call of it that changes files is all its
             * summaries can say besides its being defined */
            int at = fs_strs_find(&leave->names, r.funcs[i].fn->name);
            if (at >= 0 && leave->changes[at]) {
                int nn = fs_func_add_node(r.funcs[i].fn, FS_N_CALL);
                r.funcs[i].fn->nodes[nn].changes_fs = 1;
            }
        }
        fs_summarize(r.funcs[i].fn, cur);
    }
    /* what each function saw: the summaries before it; all of them now */
    fs_summaries *all = fs_summaries_new_over(under);
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i])
            fs_summarize(r.funcs[i].fn, all);
    fs_strs changed = { 0 };
    /* a call to a function defined later in the file (or itself) saw
     * nothing of it */
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i])
            fs_strs_add(&changed, r.funcs[i].fn->name);
    fs_strs_sort_unique(&changed);
    /* each name's last definition in the file */
    fs_ix_pos *last = fs_xmalloc(sizeof *last * ((size_t)r.nfuncs + 1));
    int nlast = 0;
    for (int i = 0; i < r.nfuncs; i++)
        if (!skip[i]) {
            last[nlast].name = r.funcs[i].fn->name;
            last[nlast].index = i;
            nlast++;
        }
    qsort(last, (size_t)nlast, sizeof *last, fs_pos_cmp_index);
    int nuniq = 0;
    for (int i = 0; i < nlast; i++)
        if (!nuniq || strcmp(last[nuniq - 1].name, last[i].name) != 0)
            last[nuniq++] = last[i];
    nlast = nuniq;
    for (int round = 0; round < 6 && changed.n; round++) {
        int any = 0;
        for (int i = 0; i < r.nfuncs; i++) {
            if (skip[i] || !r.funcs[i].body || !fs_calls_any(r.funcs[i].fn, &changed))
                continue;
            if (round == 0) {
                /* only the names defined at or after it are news to it */
                int later = 0;
                for (int n = 0; n < r.funcs[i].fn->nnodes && !later; n++) {
                    const fs_node *x = &r.funcs[i].fn->nodes[n];
                    if (x->kind != FS_N_CALL || !x->callee)
                        continue;
                    fs_ix_pos key = { x->callee, 0 };
                    const fs_ix_pos *at = bsearch(&key, last, (size_t)nlast, sizeof *last, fs_pos_cmp);
                    later = at && at->index >= i;
                }
                if (!later)
                    continue;
            }
            fs_func_reset(r.funcs[i].fn);
            fs_lower(r.funcs[i].fn, r.funcs[i].body, all);
            any = 1;
        }
        fs_strs_free(&changed);
        if (!any)
            break;
        fs_summaries *next = fs_summaries_new_over(under);
        for (int i = 0; i < r.nfuncs; i++)
            if (!skip[i])
                fs_summarize(r.funcs[i].fn, next);
        fs_changed_names(all, next, &changed);
        fs_summaries_delete(all);
        all = next;
    }
    fs_strs_free(&changed);
    free(last);
    fs_summaries_delete(cur);
    fs_summaries_delete(all);
    f->fns = fs_xcalloc((size_t)r.nfuncs + (size_t)noldfns + 1, sizeof *f->fns);
    for (int i = 0; i < r.nfuncs; i++) {
        if (skip[i])
            continue;
        const fs_func *fn = r.funcs[i].fn;
        int before = f->sums->n;
        fs_summarize(fn, f->sums);
        fs_ix_note_statics(f, before, r.funcs[i].is_static);
        fs_ix_fn *xf = &f->fns[f->nfns++];
        xf->name = fs_xstrdup(fn->name);
        xf->is_static = r.funcs[i].is_static;
        xf->lowered_at = seq;
        xf->body_begin = xf->body_end = -1;
        if (!r.funcs[i].is_macro && fn->body.end.offset > fn->body.begin.offset)
            xf->body_begin = fn->body.begin.offset, xf->body_end = fn->body.end.offset;
        if (!r.funcs[i].body && !r.funcs[i].is_macro && leave) {
            /* left out: what it calls, as the text shows, and never lowered
             * (so that any of them gaining a summary has it lowered) */
            xf->lowered_at = 0;
            int at = fs_strs_find(&leave->names, fn->name);
            for (int c = 0; at >= 0 && c < leave->callees[at].n; c++) {
                fs_strs_add(&xf->callees, leave->callees[at].v[c]);
                fs_strs_add(&xf->edges, leave->callees[at].v[c]);
                fs_strs_add(&f->ids, leave->callees[at].v[c]);
                fs_strs_add(&f->edges, leave->callees[at].v[c]);
            }
        }
        for (int v = 0; v < fn->nvars; v++)
            if (fn->vars[v].kind == FS_VAR_PARAM && fn->vars[v].derived)
                xf->derived = 1;
        for (int n = 0; n < fn->nnodes; n++) {
            const fs_node *x = &fn->nodes[n];
            if (fs_node_changes_here(x))
                xf->own_changes = 1;
            if (x->kind != FS_N_CALL || !x->callee)
                continue;
            /* the names a macro calls are its users' (through the macro's
             * name, a probe when one of them is) */
            if (!selective && !r.funcs[i].is_macro)
                fs_strs_add(&f->ids, x->callee);
            if (!fs_call_lookup(x->callee)) {
                fs_strs_add(&xf->callees, x->callee);
                if (fs_passes_param(fn, x)) {
                    fs_strs_add(&xf->edges, x->callee);
                    if (!selective)
                        fs_strs_add(&f->edges, x->callee);
                }
            }
        }
        fs_strs_sort_unique(&xf->callees);
        fs_strs_sort_unique(&xf->edges);
    }
    if (selective) {
        /* the kept functions' records move over; the others go */
        for (int k = 0; k < noldfns; k++) {
            if (!fs_strs_has(&want, oldfns[k].name)) {
                f->fns[f->nfns++] = oldfns[k];
            } else {
                free(oldfns[k].name);
                fs_strs_free(&oldfns[k].callees);
                fs_strs_free(&oldfns[k].edges);
            }
        }
        free(oldfns);
        fs_summaries_delete(old);
        free(oldst);
        fs_summaries_delete(base);
    }
    free(skip);
    fs_strs_free(&want);
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
           a->sense.when_false == b->sense.when_false && a->copies == b->copies && a->readonly == b->readonly &&
           a->excl == b->excl && a->exists_ok == b->exists_ok && a->then_kind == b->then_kind &&
           a->then_open_mode == b->then_open_mode;
}

/* Non-static functions and macros of every file; a name defined twice with
 * different summaries is left out (which one a unit means is unknown). */
static int fs_ix_calls_setuid(const fs_ix_file *f)
{
    static const char *const ids[] = { "setuid", "seteuid", "setreuid", "setresuid" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (fs_strs_has(&f->ids, ids[i]))
            return 1;
    return 0;
}

/* A summary that makes its callers' calls a probe, open, create or remove
 * (a wrapper): it holds only where every definition of the name agrees. */
static int fs_ix_is_wrapper_sum(const fs_summary *s)
{
    return s->param >= 0 && (s->op.kind == FS_OP_PROBE || s->op.kind == FS_OP_OPEN || s->op.kind == FS_OP_CREATE ||
                             s->op.kind == FS_OP_REMOVE);
}

/* The length of rel's folder part ("src/a.c": 3; "a.c": 0). */
static size_t fs_ix_dir_len(const char *rel)
{
    const char *slash = strrchr(rel, '/');
    return slash ? (size_t)(slash - rel) : 0;
}

typedef struct fs_ix_def {
    const char *name;
    int file;
} fs_ix_def;

static int fs_ix_def_cmp(const void *a, const void *b)
{
    const fs_ix_def *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : x->file - y->file;
}

/* Does file f count as a definition of a name that others see: a function
 * that is not static, or anything of a header? */
static int fs_ix_shared_def(const fs_ix_file *f, int is_static)
{
    return !is_static || f->rel[strlen(f->rel) - 1] == 'h';
}

/* File f's wrapper summary of (name, param), or NULL. */
static const fs_summary *fs_ix_file_sum(const fs_ix_file *f, const char *name, int param)
{
    for (int k = 0; f->sums && k < f->sums->n; k++)
        if (f->sums->v[k].param == param && strcmp(f->sums->v[k].name, name) == 0)
            return &f->sums->v[k];
    return NULL;
}

/* A name defined in several files (defs[0..ndefs), its definitions) that
 * do not agree that it is a wrapper: it is one in a folder where every
 * definition of the folder agrees (the program built there), with that
 * folder as the summary's `file`; nowhere else. */
static void fs_ix_scope(fs_index *ix, const fs_ix_def *defs, int ndefs, const fs_summary *s)
{
    for (int i = 0; i < ndefs; i++) {
        const fs_ix_file *f = &ix->files[defs[i].file];
        size_t dl = fs_ix_dir_len(f->rel);
        int first = 1, agree = 1;
        const fs_summary *mine = NULL;
        for (int k = 0; k < ndefs; k++) {
            const fs_ix_file *g = &ix->files[defs[k].file];
            if (fs_ix_dir_len(g->rel) != dl || strncmp(g->rel, f->rel, dl) != 0)
                continue;
            if (k < i)
                first = 0; /* the folder was seen with an earlier file */
            const fs_summary *t = fs_ix_file_sum(g, s->name, s->param);
            if (!t || (mine && !fs_op_same(&mine->op, &t->op)))
                agree = 0;
            if (!mine)
                mine = t;
        }
        if (!first || !agree || !mine)
            continue;
        fs_summary copy = *mine;
        char *dir = fs_xstrndup(f->rel, dl);
        copy.file = dir;
        fs_summaries_add(ix->scoped, &copy);
        free(dir);
    }
}

static void fs_ix_global(fs_index *ix)
{
    fs_summaries_delete(ix->global);
    fs_summaries_delete(ix->scoped);
    ix->global = fs_summaries_new();
    ix->scoped = fs_summaries_new();
    /* every file that defines each name (its function-level entry) */
    fs_ix_def *defs = NULL;
    int ndefs = 0, capdefs = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; f->sums && k < f->sums->n; k++)
            if (f->sums->v[k].param == FS_SUMMARY_DEFINED &&
                fs_ix_shared_def(f, k < f->nstatics && f->statics[k])) {
                fs_ix_def d = { f->sums->v[k].name, i };
                FS_PUSH(defs, ndefs, capdefs, d);
            }
    }
    if (ndefs > 1)
        qsort(defs, (size_t)ndefs, sizeof *defs, fs_ix_def_cmp);
    int w = 0;
    for (int i = 0; i < ndefs; i++)
        if (!w || fs_ix_def_cmp(&defs[w - 1], &defs[i]) != 0)
            defs[w++] = defs[i];
    ndefs = w;
    fs_summaries *all = fs_summaries_new();
    int *agree = NULL, *last = NULL, capa = 0, capl = 0;
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
            if (o && !fs_op_same(&o->op, &s->op)) {
                fs_strs_add(&dropped, s->name);
            } else if (o) {
                int at = (int)(o - all->v);
                if (last[at] != i)
                    agree[at]++;
                last[at] = i;
            } else {
                fs_summaries_add(all, s);
                fs_grow(&agree, &capa, all->n, sizeof *agree);
                fs_grow(&last, &capl, all->n, sizeof *last);
                agree[all->n - 1] = 1;
                last[all->n - 1] = i;
            }
        }
    }
    fs_strs_sort_unique(&dropped);
    for (int k = 0; k < all->n; k++) {
        const fs_summary *s = &all->v[k];
        int dropped_name = fs_strs_has(&dropped, s->name);
        if (fs_ix_is_wrapper_sum(s) || s->op.readonly) { /* a wrapper, or leaves its argument alone */
            int n = 0, hi = ndefs;
            while (n < hi) {
                int mid = (n + hi) / 2;
                if (strcmp(defs[mid].name, s->name) < 0)
                    n = mid + 1;
                else
                    hi = mid;
            }
            int count = 0;
            while (n + count < ndefs && strcmp(defs[n + count].name, s->name) == 0)
                count++;
            if (dropped_name || agree[k] < count) {
                fs_ix_scope(ix, defs + n, count, s);
                continue;
            }
        }
        if (!dropped_name)
            fs_summaries_add(ix->global, s);
    }
    fs_summaries_delete(all);
    free(agree);
    free(last);
    free(defs);
    fs_strs_free(&dropped);
    /* a project that changes its user ids anywhere: access() and the
     * effective-uid checks of the later calls may differ */
    ix->uses_setuid = 0;
    for (int i = 0; i < ix->nfiles && !ix->uses_setuid; i++)
        ix->uses_setuid = fs_ix_calls_setuid(&ix->files[i]);
    /* names that probe: the library's probes and the probing wrappers */
    fs_strs_free(&ix->probes);
    int ncat = 0;
    const fs_call_spec *cat = fs_call_all(&ncat);
    for (int i = 0; i < ncat; i++)
        if (cat[i].kind == FS_OP_PROBE) /* the library's probes (rules/library.yml) */
            fs_strs_add(&ix->probes, cat[i].name);
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        for (int k = 0; f->sums && k < f->sums->n; k++)
            if (f->sums->v[k].op.kind == FS_OP_PROBE)
                fs_strs_add(&ix->probes, f->sums->v[k].name);
    }
    fs_strs_sort_unique(&ix->probes);
    /* and the macros that name one (libclang expands them; tree-sitter
     * sees a header's macros only as text) */
    for (int grew = 1; grew;) {
        grew = 0;
        for (int i = 0; i < ix->nfiles; i++) {
            const fs_ix_file *f = &ix->files[i];
            for (int k = 0; k < f->macros.n; k++) {
                if (fs_strs_has(&ix->probes, f->macros.v[k]))
                    continue;
                for (int e = 0; e < f->macro_ids[k].n; e++)
                    if (fs_strs_has(&ix->probes, f->macro_ids[k].v[e])) {
                        fs_strs_add(&ix->probes, f->macros.v[k]);
                        fs_strs_sort_unique(&ix->probes);
                        grew = 1;
                        break;
                    }
            }
        }
    }
}

static int fs_pos_first(const fs_ix_pos *v, int n, const char *name);
static fs_ix_name *fs_ix_name_find(const fs_index *ix, const char *name);

/* A function is lowered again when a function it passes a parameter to
 * (any it calls, when it copies a parameter) changed its summaries after it
 * was lowered: its file is dirty, and the
 * function wanted.  Returns whether any file is dirty. */
static void fs_ix_mark_file(fs_index *ix, int i, unsigned char *dirty, fs_strs *want)
{
    fs_ix_file *f = &ix->files[i];
    for (int k = 0; k < f->nfns; k++) {
        const fs_ix_fn *xf = &f->fns[k];
        /* a parameter copied into a buffer: whether the function acts on
         * the copy depends on every call it makes */
        const fs_strs *deps = xf->derived ? &xf->callees : &xf->edges;
        for (int e = 0; e < deps->n; e++) {
            /* the file's own function of the name, else the ones the
             * others export */
            long at;
            if (f->sums && fs_summaries_find(f->sums, deps->v[e])) {
                at = fs_ix_stamp(f, deps->v[e]);
            } else {
                const fs_ix_name *en = fs_ix_name_find(ix, deps->v[e]);
                at = en ? en->changed_at : 0;
            }
            if (at > xf->lowered_at) {
                dirty[i] = 1;
                fs_strs_add(&want[i], xf->name);
                break;
            }
        }
    }
}

static int fs_ix_mark_dirty(fs_index *ix, unsigned char *dirty, fs_strs *want)
{
    int more = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_mark_file(ix, i, dirty, want);
        more |= dirty[i];
    }
    return more;
}

/* Which files have functions that depend on a name (fs_ix_mark_file):
 * (name, file) pairs sorted by name, the names copied. */
static fs_ix_pos *fs_ix_users(const fs_index *ix, int *n)
{
    fs_ix_pos *v = NULL;
    int nv = 0, cap = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_strs *deps = f->fns[k].derived ? &f->fns[k].callees : &f->fns[k].edges;
            for (int e = 0; e < deps->n; e++) {
                fs_grow(&v, &cap, nv + 1, sizeof *v);
                v[nv].name = fs_xstrdup(deps->v[e]);
                v[nv].index = i;
                nv++;
            }
        }
    }
    if (nv > 1)
        qsort(v, (size_t)nv, sizeof *v, fs_pos_cmp);
    *n = nv;
    return v;
}

static void fs_ix_users_free(fs_ix_pos *v, int n)
{
    for (int k = 0; k < n; k++)
        free((char *)v[k].name);
    free(v);
}

/* --- names --------------------------------------------------------------------- */

static unsigned fs_name_hash(const char *s)
{
    return fs_fnv32(s, strlen(s));
}

static fs_ix_name *fs_ix_name_find(const fs_index *ix, const char *name)
{
    if (!ix->capnames)
        return NULL;
    unsigned m = (unsigned)ix->capnames - 1;
    for (unsigned h = fs_name_hash(name) & m;; h = (h + 1) & m) {
        if (!ix->names[h].name)
            return NULL;
        if (strcmp(ix->names[h].name, name) == 0)
            return &ix->names[h];
    }
}

static fs_ix_name *fs_ix_name_get(fs_index *ix, const char *name)
{
    fs_ix_name *e = fs_ix_name_find(ix, name);
    if (e)
        return e;
    if ((ix->nnames + 1) * 2 > ix->capnames) {
        int cap = ix->capnames ? ix->capnames * 2 : 1024;
        fs_ix_name *old = ix->names;
        int oldcap = ix->capnames;
        ix->names = fs_xcalloc((size_t)cap, sizeof *ix->names);
        ix->capnames = cap;
        for (int i = 0; i < oldcap; i++)
            if (old[i].name) {
                unsigned h = fs_name_hash(old[i].name) & (unsigned)(cap - 1);
                while (ix->names[h].name)
                    h = (h + 1) & (unsigned)(cap - 1);
                ix->names[h] = old[i];
            }
        free(old);
    }
    unsigned h = fs_name_hash(name) & (unsigned)(ix->capnames - 1);
    while (ix->names[h].name)
        h = (h + 1) & (unsigned)(ix->capnames - 1);
    ix->names[h].name = fs_xstrdup(name);
    ix->nnames++;
    return &ix->names[h];
}

/* File i defines the names of its record's summaries for the others
 * (functions that are not static, and everything in a header). */
static void fs_ix_export(fs_index *ix, int i)
{
    fs_ix_file *f = &ix->files[i];
    int is_header = f->rel[strlen(f->rel) - 1] == 'h';
    for (int k = 0; f->sums && k < f->sums->n; k++) {
        if (k < f->nstatics && f->statics[k] && !is_header)
            continue;
        fs_ix_name *e = fs_ix_name_get(ix, f->sums->v[k].name);
        int have = 0;
        for (int j = 0; j < e->nfiles && !have; j++)
            have = e->files[j] == i;
        if (!have) {
            fs_grow(&e->files, &e->capfiles, e->nfiles + 1, sizeof *e->files);
            e->files[e->nfiles++] = i;
        }
    }
}

/* The entries of name in a and in b are the same (param and operation). */
static int fs_same_entries(const fs_summaries *a, const fs_summaries *b, const char *name)
{
    int na = 0, nb = 0;
    for (const fs_summary *x = fs_summaries_find(a, name); x; x = fs_summaries_next(a, x))
        na++;
    for (const fs_summary *y = fs_summaries_find(b, name); y; y = fs_summaries_next(b, y)) {
        nb++;
        const fs_summary *x = fs_summaries_find(a, name);
        while (x && x->param != y->param)
            x = fs_summaries_next(a, x);
        if (!x || !fs_op_same(&x->op, &y->op))
            return 0;
    }
    return na == nb;
}

/* The live table's choice for a name: the one file that defines it now, or
 * none when two files define it differently (which one a unit means is
 * unknown), as fs_ix_global decides in the end. */
static const fs_summaries *fs_ix_resolve(const void *arg, const char *name)
{
    const fs_index *ix = arg;
    const fs_ix_name *e = fs_ix_name_find(ix, name);
    const fs_summaries *found = NULL;
    for (int j = 0; e && j < e->nfiles; j++) {
        const fs_summaries *t = ix->files[e->files[j]].sums;
        if (!t || !fs_summaries_find(t, name))
            continue;
        if (!found)
            found = t;
        else if (!fs_same_entries(found, t, name))
            return NULL;
    }
    return found;
}

/* --- the order of the first pass ---------------------------------------------------- */

/* --- the call graph ------------------------------------------------------------- */

typedef struct fs_ix_edge {
    int callee, caller;
} fs_ix_edge;

static int fs_edge_cmp(const void *a, const void *b)
{
    const fs_ix_edge *x = a, *y = b;
    return x->callee != y->callee ? (x->callee < y->callee ? -1 : 1) : (x->caller > y->caller) - (x->caller < y->caller);
}

/* The first entry of name in a sorted array, or -1. */
static int fs_pos_first(const fs_ix_pos *v, int n, const char *name)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(v[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(v[lo].name, name) == 0 ? lo : -1;
}

static int fs_has_changes(const fs_summaries *s, const char *name)
{
    for (const fs_summary *x = s ? fs_summaries_find(s, name) : NULL; x; x = fs_summaries_next(s, x))
        if (x->param == FS_SUMMARY_CHANGES)
            return 1;
    return 0;
}

/* CHANGES over the whole call graph at once: a function changes files when
 * it does so itself or calls one that does (its own file's function of the
 * name, else every one of the name the other files export).  Adds the
 * CHANGES summaries the records lack, with their names into `changed`; a
 * file whose function gained one and copies a parameter into a buffer is
 * dirty (that parameter's summary depends on it). */
static void fs_ix_closure(fs_index *ix, unsigned char *dirty, fs_strs *want, fs_strs *changed)
{
    int total = 0;
    int *base = fs_xmalloc(sizeof(int) * ((size_t)ix->nfiles + 1));
    for (int i = 0; i < ix->nfiles; i++) {
        base[i] = total;
        total += ix->files[i].fns ? ix->files[i].nfns : 0;
    }
    if (!total) {
        free(base);
        return;
    }
    fs_ix_pos *glob = fs_xmalloc(sizeof *glob * (size_t)total);
    fs_ix_pos *local = fs_xmalloc(sizeof *local * (size_t)total);
    int nglob = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        int is_header = f->rel[strlen(f->rel) - 1] == 'h';
        for (int k = 0; k < f->nfns; k++) {
            local[base[i] + k].name = f->fns[k].name;
            local[base[i] + k].index = base[i] + k;
            if (!f->fns[k].is_static || is_header)
                glob[nglob++] = local[base[i] + k];
        }
        if (f->nfns > 0)
            qsort(local + base[i], (size_t)f->nfns, sizeof *local, fs_pos_cmp);
    }
    if (nglob > 0)
        qsort(glob, (size_t)nglob, sizeof *glob, fs_pos_cmp);
    fs_ix_edge *edges = NULL;
    int nedges = 0, capedges = 0;
    unsigned char *on = fs_xcalloc((size_t)total, 1);
    int *stack = fs_xmalloc(sizeof(int) * (size_t)total);
    int sp = 0;
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_ix_fn *xf = &f->fns[k];
            int id = base[i] + k;
            if (xf->own_changes || fs_has_changes(f->sums, xf->name)) {
                on[id] = 1;
                stack[sp++] = id;
            }
            for (int c = 0; c < xf->callees.n; c++) {
                const char *name = xf->callees.v[c];
                const fs_ix_pos *v = local + base[i];
                int n = f->nfns;
                int at = fs_pos_first(v, n, name);
                if (at < 0) {
                    v = glob;
                    n = nglob;
                    at = fs_pos_first(v, n, name);
                }
                for (; at >= 0 && at < n && strcmp(v[at].name, name) == 0; at++) {
                    fs_grow(&edges, &capedges, nedges + 1, sizeof *edges);
                    edges[nedges].callee = v[at].index;
                    edges[nedges].caller = id;
                    nedges++;
                }
            }
        }
    }
    if (nedges > 0)
        qsort(edges, (size_t)nedges, sizeof *edges, fs_edge_cmp);
    int *first = fs_xmalloc(sizeof(int) * ((size_t)total + 1));
    for (int id = 0, e = 0; id <= total; id++) {
        while (e < nedges && edges[e].callee < id)
            e++;
        first[id] = e;
    }
    while (sp > 0) {
        int id = stack[--sp];
        for (int e = first[id]; e < first[id + 1]; e++)
            if (!on[edges[e].caller]) {
                on[edges[e].caller] = 1;
                stack[sp++] = edges[e].caller;
            }
    }
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_file *f = &ix->files[i];
        for (int k = 0; k < f->nfns; k++) {
            const fs_ix_fn *xf = &f->fns[k];
            if (!on[base[i] + k] || !f->sums || fs_has_changes(f->sums, xf->name))
                continue;
            fs_summary s;
            memset(&s, 0, sizeof s);
            s.name = xf->name;
            s.file = f->path;
            s.param = FS_SUMMARY_CHANGES;
            s.op.kind = FS_OP_MAYBE; /* as fs_summarize makes it */
            s.op.access_mode = FS_MODE_UNKNOWN;
            fs_ix_add_summary(f, &s, xf->is_static);
            fs_strs_add(changed, xf->name);
            if (xf->derived && dirty) {
                dirty[i] = 1;
                fs_strs_add(&want[i], xf->name);
            }
        }
    }
    free(first);
    free(edges);
    free(on);
    free(stack);
    free(glob);
    free(local);
    free(base);
}

/* A function the call graph found to change files keeps that fact when its
 * file is parsed again (the graph only grows within a run). */
static void fs_keep_changes(fs_ix_file *f, const fs_summaries *old)
{
    for (int k = 0; old && f->sums && k < old->n; k++) {
        const fs_summary *s = &old->v[k];
        if (s->param != FS_SUMMARY_CHANGES || fs_has_changes(f->sums, s->name) ||
            !fs_summaries_find(f->sums, s->name))
            continue;
        int is_static = 0;
        for (int i = 0; i < f->nfns; i++)
            if (strcmp(f->fns[i].name, s->name) == 0)
                is_static = f->fns[i].is_static;
        fs_ix_add_summary(f, s, is_static);
    }
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
static void fs_ix_touch(const char *cache)
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
static void fs_ix_prune(const char *cache)
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
            sum->param < FS_SUMMARY_NORETURN)
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
    if (kind < FS_OP_NONE || kind > FS_OP_MAYBE || sum->param < FS_SUMMARY_NORETURN || strlen(pred) >= sizeof sum->op.pred ||
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

static void fs_ix_save(const fs_index *ix, const char *cache)
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

/* Load the cache: records by relative path.  A cache that is not exactly
 * ours (format, version, tool version, root, every field's type) is ignored. */
static json_t *fs_ix_load(const char *cache, const char *root)
{
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
        !tool || strcmp(tool, FSCHECK_VERSION) != 0 || !r || strcmp(r, root) != 0 || !json_is_array(files)) {
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
static json_t *fs_ix_load_graph(const char *cache, json_t *doc)
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
static void fs_ix_save_result(const fs_index *ix, const char *cache)
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
    char *may = fs_xmalloc((size_t)ix->nfiles + 1);
    for (int i = 0; i < ix->nfiles; i++) {
        const fs_ix_file *f = &ix->files[i];
        json_array_append_new(files, json_pack("[s,I,I,I,I]", f->rel, (json_int_t)f->st_size, (json_int_t)f->mtime_ns,
                                               (json_int_t)f->ctime_ns, (json_int_t)f->ino));
        may[i] = ix->may_probe[i] ? '1' : '0';
    }
    may[ix->nfiles] = '\0';
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
    if (!doc || fs_ix_write(doc, path) != 0)
        unlink(path);
    json_decref(doc);
    free(path);
}

/* The index from the result file, when it is ours, of this root, and lists
 * the files the walk found, in its order, with the stamps lstat gave them:
 * 0; else -1 (nothing taken). */
static int fs_ix_from_result(fs_index *ix, const char *cache)
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
        strlen(may) != (size_t)ix->nfiles || !json_is_array(sums)) {
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
    json_decref(doc);
    return 0;
}

/* Whether the record's stamp is what lstat says of the file now. */
static int fs_ix_stamp_matches(const fs_ix_file *f, json_t *c)
{
    json_int_t size, mt, ct, ino;
    if (json_unpack(json_object_get(c, "stamp"), "[I,I,I,I!]", &size, &mt, &ct, &ino) != 0)
        return 0;
    return size == f->st_size && mt == f->mtime_ns && ct == f->ctime_ns && (unsigned long long)ino == f->ino &&
           json_is_string(json_object_get(c, "hash")) && json_integer_value(json_object_get(c, "size")) == size;
}

static int fs_ix_from_cache(fs_ix_file *f, json_t *j)
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
static int fs_ix_graph_from_cache(fs_ix_file *f, json_t *g)
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
    char *r = fs_xasprintf("%s/index-%016llx.json", base, fs_hash64(root, (long)strlen(root)));
    free(base);
    return r;
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
        if ((s->param >= 0 && (s->op.kind != FS_OP_NONE || s->op.copies)) || s->param == FS_SUMMARY_NORETURN)
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

static void fs_ix_reach(fs_index *ix);

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
 * platform and the project's platform macros alone, whatever a unit's
 * flags) become blanks, lines kept, for every reader of the index. */
static void fs_ix_blank_platform(const fs_index *ix, char *text, long len)
{
    fs_pp *p = fs_pp_new();
    for (int k = 0; k < ix->platform.n; k++)
        fs_pp_undef(p, ix->platform.v[k]);
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
    fs_ix_walk(ix, root, 0);
    ix->filter = NULL;
    memset(st, 0, sizeof *st);
    st->files = ix->nfiles;
    ix->bypath = fs_xmalloc(sizeof *ix->bypath * ((size_t)ix->nfiles + 1));
    for (int i = 0; i < ix->nfiles; i++)
        ix->bypath[i] = i;
    qsort_r(ix->bypath, (size_t)ix->nfiles, sizeof *ix->bypath, fs_ix_path_cmp, ix);
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

    json_t *doc = fs_ix_load(cache, root);
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
        char *text = fs_source_read(f->path, &len, &why, NULL);
        if (!text || memchr(text, '\0', (size_t)len)) {
            free(text);
            continue; /* unreadable or binary: not indexed */
        }
        f->hash = fs_hash64(text, len);
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
    for (int i = 0; i < ix->nfiles; i++)
        fs_xs_file_free(&scans[i]);
    free(scans);
    fs_xs_free(xs);
    for (int i = 0; i < ix->nfiles; i++)
        fs_strs_free(&want[i]);
    free(want);
    free(order);
    for (int i = 0; i < ix->nfiles; i++)
        free(texts[i]);
    free(texts);
    free(lens);
    free(dirty);
    free(parsed);
    free(stale);
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
    for (int i = 0; i < ix->nfiles; i++) {
        fs_ix_clear_record(&ix->files[i]);
        for (int k = 0; k < ix->files[i].nstamps; k++)
            free(ix->files[i].stamps[k].name);
        free(ix->files[i].stamps);
        free(ix->files[i].path);
        free(ix->files[i].rel);
    }
    free(ix->files);
    free(ix->bypath);
    free(ix->may_probe);
    for (int i = 0; i < ix->capnames; i++) {
        free(ix->names[i].name);
        free(ix->names[i].files);
    }
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
static const fs_ix_file *fs_ix_find(const fs_index *ix, const char *abs)
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

/* For the prefilter, once per index: which files may hold a probe, by
 * their own names (a probe, a probing wrapper or macro), or by a project
 * file they include (the files whose path ends in the include's name),
 * transitively; an unknown record, or a "header" outside the project (or
 * generated), may too. */
static void fs_ix_reach(fs_index *ix)
{
    int n = ix->nfiles;
    free(ix->may_probe);
    ix->may_probe = fs_xcalloc((size_t)n + 1, 1);
    fs_ix_pos *byname = fs_xmalloc(sizeof *byname * ((size_t)n + 1));
    for (int i = 0; i < n; i++) {
        byname[i].name = ix->files[i].path;
        byname[i].index = i;
    }
    qsort(byname, (size_t)n, sizeof *byname, fs_base_cmp);
    int **inc = fs_xcalloc((size_t)n + 1, sizeof *inc); /* per file: the files it includes, -1 ended */
    for (int i = 0; i < n; i++) {
        const fs_ix_file *f = &ix->files[i];
        int direct = !f->fresh;
        for (int k = 0; k < f->ids.n && !direct; k++)
            direct = fs_strs_has(&ix->probes, f->ids.v[k]);
        for (int k = 0; k < f->uses.n && !direct; k++)
            direct = fs_strs_has(&ix->probes, f->uses.v[k]);
        int *v = NULL, nv = 0, cap = 0;
        for (int k = 0; k < f->includes.n && !direct; k++) {
            const char *name = f->includes.v[k];
            int angle = name[0] == '<';
            if (angle)
                name++;
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
            int found = 0;
            for (; lo < n && strcmp(fs_base_name(byname[lo].name), fs_base_name(name)) == 0; lo++) {
                const char *p = byname[lo].name;
                size_t m = strlen(p);
                if (m >= len && strcmp(p + m - len, name) == 0 && (m == len || p[m - len - 1] == '/')) {
                    found = 1;
                    FS_PUSH(v, nv, cap, byname[lo].index);
                }
            }
            if (!found && !angle)
                direct = 1;
        }
        FS_PUSH(v, nv, cap, -1);
        inc[i] = v;
        ix->may_probe[i] = (unsigned char)direct;
    }
    for (int grew = 1; grew;) {
        grew = 0;
        for (int i = 0; i < n; i++) {
            if (ix->may_probe[i])
                continue;
            for (const int *t = inc[i]; *t >= 0; t++)
                if (ix->may_probe[*t]) {
                    ix->may_probe[i] = 1;
                    grew = 1;
                    break;
                }
        }
    }
    for (int i = 0; i < n; i++)
        free(inc[i]);
    free(inc);
    free(byname);
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

int fs_index_forced_may_match(const fs_index *ix, const char *abs_path)
{
    const fs_ix_file *f = fs_ix_find(ix, abs_path);
    if (f && ix->may_probe)
        return ix->may_probe[f - ix->files];
    long len;
    const char *why;
    char *t = fs_source_read(abs_path, &len, &why, NULL);
    if (!t)
        return 1;
    int hit = 0;
    for (long i = 0; i < len && !hit;) {
        long s = fs_xs_skip_lexical(t, len, i);
        if (s != i) {
            i = s;
        } else if (fs_xs_ident_start((unsigned char)t[i]) && (i == 0 || !fs_xs_ident((unsigned char)t[i - 1]))) {
            long b = i;
            while (i < len && fs_xs_ident((unsigned char)t[i]))
                i++;
            char *name = fs_xstrndup(t + b, (size_t)(i - b));
            hit = fs_strs_has(&ix->probes, name);
            free(name);
        } else {
            i++;
        }
    }
    free(t);
    return hit;
}

int fs_index_nfiles(const fs_index *ix)
{
    return ix ? ix->nfiles : 0;
}

const char *fs_index_file_path(const fs_index *ix, int i)
{
    return ix && i >= 0 && i < ix->nfiles ? ix->files[i].path : NULL;
}

int fs_index_may_match(const fs_index *ix, const char *abs_path)
{
    const fs_ix_file *f = fs_ix_find(ix, abs_path);
    if (!f || !ix->may_probe)
        return 1;
    return ix->may_probe[f - ix->files];
}
