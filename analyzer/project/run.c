/* run.c - translation units in parallel, merged in a fixed order. */
#include "project/run.h"
#include "frontend/frontend.h"
#include "base/util.h"

#include <pthread.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct fs_unit_result {
    fs_findings findings;
    fs_stats stats;
} fs_unit_result;

/* A function defined outside the main file (a header's), and the unit
 * that checks it: the first in unit order that reaches it, so that the
 * findings are the same for every -j even where a header's function
 * depends on its unit (macros, setuid calls, configuration). */
typedef struct fs_owner {
    char *key; /* "/abs/file:line" */
    int slot;  /* todo slot of the unit that checks it */
} fs_owner;

/* A unit checked a header's function (and may have lost it since to a unit
 * earlier in the order, which checked it too). */
typedef struct fs_claim {
    int slot;
    char *file; /* absolute */
    int line;
    const char *key;
} fs_claim;

typedef struct fs_claim_ctx {
    struct fs_pool *pool;
    int slot;
} fs_claim_ctx;

typedef struct fs_pool fs_pool;
struct fs_pool {
    const fs_units *units;
    const fs_run_opts *opts;
    int *todo;            /* unit indexes to analyse */
    int ntodo;
    int next;             /* next todo slot to take (its place in `order`, when there is one) */
    int *order;           /* with jobs: the slots, the largest units first */
    int done;
    fs_unit_result *res;  /* per todo slot */
    pthread_mutex_t lock;
    struct timespec start;
    /* header functions checked by some unit: an open-addressing hash
     * table, and every claim made */
    fs_owner *seen;
    size_t nseen, capseen;
    fs_claim *claims;
    int nclaims, capclaims;
};

int fs_in_shard(int index, int shard_i, int shard_n)
{
    if (shard_n <= 0)
        return 1;
    return index % shard_n == shard_i - 1;
}

static size_t fs_hash(const char *s)
{
    size_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static fs_owner *fs_owner_find(fs_pool *p, const char *key)
{
    if (!p->capseen)
        return NULL;
    for (size_t k = fs_hash(key) & (p->capseen - 1); p->seen[k].key; k = (k + 1) & (p->capseen - 1))
        if (strcmp(p->seen[k].key, key) == 0)
            return &p->seen[k];
    return NULL;
}

/* Adds key (taking it), owned by slot; returns the key as stored. */
static const char *fs_owner_add(fs_pool *p, char *key, int slot)
{
    if (2 * (p->nseen + 1) > p->capseen) {
        size_t cap = p->capseen ? 2 * p->capseen : 256;
        fs_owner *v = fs_xcalloc(cap, sizeof *v);
        for (size_t i = 0; i < p->capseen; i++) {
            if (!p->seen[i].key)
                continue;
            size_t k = fs_hash(p->seen[i].key) & (cap - 1);
            while (v[k].key)
                k = (k + 1) & (cap - 1);
            v[k] = p->seen[i];
        }
        free(p->seen);
        p->seen = v;
        p->capseen = cap;
    }
    size_t k = fs_hash(key) & (p->capseen - 1);
    while (p->seen[k].key)
        k = (k + 1) & (p->capseen - 1);
    p->seen[k].key = key;
    p->seen[k].slot = slot;
    p->nseen++;
    return key;
}

/* A header's function is checked by the first unit, in unit order, that
 * reaches it: a unit checks it unless a unit before it has; a unit after
 * it that checked it already loses it (fs_drop_lost).  Keys are absolute
 * and normalised: units in other folders name the header differently
 * ("a/../include/x.h", "include/x.h"). */
static int fs_claim_function(void *arg, const char *file, int line)
{
    fs_claim_ctx *c = arg;
    fs_pool *p = c->pool;
    char *abs = fs_path_absolute(file, NULL);
    char *key = fs_xasprintf("%s:%d", abs, line);
    const char *stored = NULL;
    pthread_mutex_lock(&p->lock);
    fs_owner *o = fs_owner_find(p, key);
    if (!o) {
        stored = fs_owner_add(p, key, c->slot);
        key = NULL;
    } else if (o->slot > c->slot) {
        o->slot = c->slot;
        stored = o->key;
    }
    if (stored) {
        fs_grow(&p->claims, &p->capclaims, p->nclaims + 1, sizeof *p->claims);
        fs_claim *cl = &p->claims[p->nclaims++];
        cl->slot = c->slot;
        cl->file = abs;
        cl->line = line;
        cl->key = stored;
        abs = NULL;
    }
    pthread_mutex_unlock(&p->lock);
    free(key);
    free(abs);
    return stored != NULL;
}

static int fs_claim_cmp(const void *a, const void *b)
{
    const fs_claim *x = a, *y = b;
    if (x->slot != y->slot)
        return x->slot < y->slot ? -1 : 1;
    int c = strcmp(x->file, y->file);
    if (c)
        return c;
    return (x->line > y->line) - (x->line < y->line);
}

/* Findings and counts of header functions that a unit checked and then
 * lost to a unit before it: a finding in a header belongs to the function
 * of the unit's claims in that file that starts last at or before it. */
static void fs_drop_lost(fs_pool *p)
{
    if (p->nclaims > 1)
        qsort(p->claims, (size_t)p->nclaims, sizeof *p->claims, fs_claim_cmp);
    for (int b = 0, e; b < p->nclaims; b = e) {
        int slot = p->claims[b].slot, lost = 0;
        for (e = b; e < p->nclaims && p->claims[e].slot == slot; e++)
            if (fs_owner_find(p, p->claims[e].key)->slot != slot)
                lost++;
        if (!lost)
            continue;
        fs_unit_result *r = &p->res[slot];
        r->stats.functions -= lost;
        r->stats.functions_clang -= lost; /* header functions are libclang's */
        int w = 0;
        for (int i = 0; i < r->findings.n; i++) {
            fs_finding *f = &r->findings.v[i];
            char *abs = fs_path_absolute(f->file, NULL);
            const fs_claim *best = NULL;
            for (int k = b; k < e; k++)
                if (strcmp(p->claims[k].file, abs) == 0 && p->claims[k].line <= f->range.begin.line)
                    best = &p->claims[k];
            free(abs);
            if (best && fs_owner_find(p, best->key)->slot != slot) {
                fs_finding_clear(f);
                continue;
            }
            r->findings.v[w++] = *f;
        }
        r->findings.n = w;
    }
}

static double fs_elapsed(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void fs_progress(fs_pool *p, const char *file)
{
    double el = fs_elapsed(&p->start);
    double left = p->done ? el / p->done * (p->ntodo - p->done) : 0;
    fprintf(stderr, "\r\033[K[%d/%d] %s", p->done, p->ntodo, file);
    if (p->done > 0 && p->done < p->ntodo)
        fprintf(stderr, " (about %.0f s left)", left + 0.5);
    fflush(stderr);
}

/* The unit's own file keeps the name it was given on the command line;
 * other names become relative to the current folder. */
static void fs_rename(char **name, const char *dir, const fs_unit *u)
{
    char *abs = fs_path_absolute(*name, dir);
    char *s = strcmp(abs, u->file) == 0 ? fs_xstrdup(u->shown) : fs_path_shown(abs);
    free(abs);
    free(*name);
    *name = s;
}

/* The file a `-include`/`-imacros` flag names, as the compiler finds it:
 * in the command's folder, then along the -I and -iquote folders; NULL
 * when it is nowhere (caller frees). */
static char *fs_forced_file(const char *name, const char *dir, const char *const *args, int nargs)
{
    char *abs = fs_path_absolute(name, dir);
    if (access(abs, F_OK) == 0 || name[0] == '/')
        return abs;
    free(abs);
    for (int i = 0; i < nargs; i++) {
        const char *d = NULL;
        if ((strcmp(args[i], "-I") == 0 || strcmp(args[i], "-iquote") == 0) && i + 1 < nargs)
            d = args[++i];
        else if (strncmp(args[i], "-I", 2) == 0)
            d = args[i] + 2;
        if (!d || !*d)
            continue;
        char *in = fs_path_absolute(d, dir);
        char *f = fs_path_absolute(name, in);
        free(in);
        if (access(f, F_OK) == 0)
            return f;
        free(f);
    }
    return NULL;
}

/* Does a file the unit's flags include (`-include config.h`) name a probe?
 * The prefilter sees a unit's `#include`s, not these. */
static int fs_forced_may_match(const fs_index *ix, const char *file, const char *dir, const char *const *args,
                               int nargs)
{
    for (int i = 0; i < nargs; i++) {
        const char *name = NULL;
        if ((strcmp(args[i], "-include") == 0 || strcmp(args[i], "-imacros") == 0) && i + 1 < nargs)
            name = args[++i];
        else if (strncmp(args[i], "-include", 8) == 0 && args[i][8] && strncmp(args[i], "-include-", 9) != 0)
            name = args[i] + 8;
        else if (strncmp(args[i], "-imacros", 8) == 0 && args[i][8])
            name = args[i] + 8;
        if (!name)
            continue;
        /* one the command's folder and include folders do not hold is the
         * system's (`-include sys/types.h`): no project text */
        char *f = fs_forced_file(name, dir, args, nargs);
        int may = f && fs_index_forced_may_match(ix, f, file);
        free(f);
        if (may)
            return 1;
    }
    return 0;
}

/* Does a quoted #include that names no project file, and that the unit
 * may reach, name a file its flags find (one generated outside the
 * project, say) that names a probe?  One only another platform compiles
 * does not count, as in the index. */
static int fs_unresolved_may_match(const fs_index *ix, const char *file, const char *dir, const char *const *args,
                                   int nargs)
{
    const char **names;
    int n = fs_index_unresolved(ix, file, &names), may = 0;
    for (int k = 0; k < n && !may; k++) {
        char *f = fs_forced_file(names[k], dir, args, nargs);
        if (f && !fs_index_other_platform_file(f))
            may = fs_index_forced_may_match(ix, f, file);
        free(f);
    }
    free(names);
    return may;
}

/* Does the prefilter pass over unit u (it cannot hold a finding)? */
static int fs_passed_over(const fs_run_opts *o, const fs_unit *u)
{
    if (!o->prefilter || !o->index || fs_index_may_match(o->index, u->file))
        return 0;
    const char *dir = u->from_db ? u->directory : NULL;
    const char *const *args = u->from_db ? (const char *const *)u->args : o->drv.cflags;
    int nargs = u->from_db ? u->nargs : o->drv.ncflags;
    return !fs_forced_may_match(o->index, u->file, dir, args, nargs) &&
           !fs_unresolved_may_match(o->index, u->file, dir, args, nargs);
}

/* The main file's text with the bodies no candidate needs blanked (driver.h). */
static char *fs_run_trim(void *arg, const char *text, long len)
{
    return fs_index_trim(arg, text, len);
}

static void *fs_worker(void *arg)
{
    fs_pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int slot = p->next < p->ntodo ? p->next++ : -1;
        if (slot >= 0 && p->order)
            slot = p->order[slot];
        pthread_mutex_unlock(&p->lock);
        if (slot < 0)
            break;
        const fs_unit *u = &p->units->v[p->todo[slot]];
        fs_driver_opts d = p->opts->drv;
        fs_unit_result *r = &p->res[slot];
        if (p->opts->prepare) {
            pthread_mutex_lock(&p->lock);
            p->opts->prepare(p->opts->arg, p->todo[slot], &d);
            pthread_mutex_unlock(&p->lock);
        }
        const char *not_c = u->from_db ? fs_unit_not_c(u) : NULL;
        if (not_c) { /* said once for the run */
            fs_stats_skip_unsaid(&r->stats, u->shown, not_c);
            r->stats.not_c++;
            pthread_mutex_lock(&p->lock);
            p->done++;
            pthread_mutex_unlock(&p->lock);
            continue;
        }
        /* a unit whose configuration declares wrappers is not passed over:
         * the index does not know them */
        if ((!d.declared || !d.declared->n) && fs_passed_over(p->opts, u)) {
            /* names no probe, wrapper or probing macro: nothing to check */
            r->stats.nothing_to_check++;
            pthread_mutex_lock(&p->lock);
            p->done++;
            pthread_mutex_unlock(&p->lock);
            continue;
        }
        char **own = NULL;
        int nown = 0;
        if (u->from_db) {
            d.cflags = (const char *const *)u->args;
            d.ncflags = u->nargs;
            d.directory = u->directory;
        } else if (d.ncflags > 0 || (p->opts->guess_includes && p->opts->index)) {
            /* the flags after `--`, without what a compile command has that
             * libclang must not see (CMake's form: -o X.o -c FILE); and the
             * folders the project's files say its quoted #includes are in */
            char **dirs = NULL;
            int ndirs = 0;
            if (p->opts->guess_includes && p->opts->index)
                fs_index_guess_include_dirs(p->opts->index, u->file, &dirs, &ndirs);
            own = fs_xcalloc((size_t)(d.ncflags + 2 * ndirs) + 1, sizeof *own);
            for (int i = 0; i < d.ncflags; i++)
                own[nown++] = fs_xstrdup(d.cflags[i]);
            fs_clean_args(own, &nown, u->file, NULL);
            for (int i = 0; i < ndirs; i++) {
                own[nown++] = fs_xstrdup("-idirafter"); /* after the unit's own folders */
                own[nown++] = dirs[i];
            }
            free(dirs);
            d.cflags = (const char *const *)own;
            d.ncflags = nown;
        }
        fs_claim_ctx cc = { p, slot };
        d.claim = fs_claim_function;
        d.claim_arg = &cc;
        /* (not where the configuration declares wrappers: the index does not know them) */
        if (p->opts->prefilter && p->opts->index && (!d.declared || !d.declared->n) && !getenv("FSCHECK_NO_TRIM") &&
            !getenv("FSCHECK_CHECK_TRIVIAL")) {
            d.trim = fs_run_trim;
            d.trim_arg = (void *)p->opts->index;
        }
        fs_summaries *scoped = p->opts->index ? fs_index_summaries_for(p->opts->index, u->file) : NULL;
        if (scoped)
            d.project = scoped;
        fs_analyze_file(u->from_db ? u->file : u->shown, &d, &r->findings, &r->stats);
        fs_summaries_delete(scoped);
        if (u->from_db) {
            /* names relative to the compile command's folder become names
             * relative to the current folder */
            for (int i = 0; i < r->findings.n; i++) {
                fs_finding *f = &r->findings.v[i];
                fs_rename(&f->file, u->directory, u);
                for (int k = 0; k < f->nrelated; k++)
                    fs_rename(&f->related[k].file, u->directory, u);
                for (int k = 0; f->fix && k < f->fix->nedits; k++)
                    fs_rename(&f->fix->edits[k].file, u->directory, u);
            }
            for (int i = 0; i < r->stats.nskipped; i++)
                fs_rename(&r->stats.skipped[i].file, u->directory, u);
            for (int i = 0; i < r->stats.npartial; i++)
                fs_rename(&r->stats.partial[i].file, u->directory, u);
        } else {
            /* the file keeps its name as given; a header reached through
             * "../" gets the name every unit gives it, whichever unit
             * checked it */
            for (int i = 0; i < r->findings.n; i++) {
                fs_finding *f = &r->findings.v[i];
                if (strcmp(f->file, u->shown) != 0)
                    fs_rename(&f->file, NULL, u);
                for (int k = 0; k < f->nrelated; k++)
                    if (strcmp(f->related[k].file, u->shown) != 0)
                        fs_rename(&f->related[k].file, NULL, u);
                for (int k = 0; f->fix && k < f->fix->nedits; k++)
                    if (strcmp(f->fix->edits[k].file, u->shown) != 0)
                        fs_rename(&f->fix->edits[k].file, NULL, u);
            }
        }
        for (int i = 0; i < nown; i++)
            free(own[i]);
        free(own);
        if (p->opts->finish)
            p->opts->finish(p->opts->arg, p->todo[slot], &r->findings);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (p->opts->progress)
            fs_progress(p, u->shown);
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}

static void fs_stats_add(fs_stats *dst, fs_stats *src)
{
    dst->files += src->files;
    dst->functions += src->functions;
    dst->parse_errors += src->parse_errors;
    dst->engine_clang += src->engine_clang;
    dst->engine_ts += src->engine_ts;
    dst->functions_clang += src->functions_clang;
    dst->functions_ts += src->functions_ts;
    dst->nothing_to_check += src->nothing_to_check;
    dst->not_c += src->not_c;
    dst->functions_lost += src->functions_lost;
    for (int i = 0; i < src->nskipped; i++) {
        fs_grow(&dst->skipped, &dst->capskipped, dst->nskipped + 1, sizeof *dst->skipped);
        dst->skipped[dst->nskipped++] = src->skipped[i];
    }
    free(src->skipped);
    for (int i = 0; i < src->npartial; i++) {
        fs_grow(&dst->partial, &dst->cappartial, dst->npartial + 1, sizeof *dst->partial);
        dst->partial[dst->npartial++] = src->partial[i];
    }
    free(src->partial);
    memset(src, 0, sizeof *src);
}

/* A worker thread with the stack libclang parses on (FS_CLANG_PARSE_STACK,
 * frontend.h), or less where that cannot be had.  0, or -1 when none
 * started. */
static int fs_start_worker(pthread_t *t, fs_pool *p)
{
    static const size_t sizes[] = { FS_CLANG_PARSE_STACK, (size_t)256 << 20, (size_t)16 << 20 };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        pthread_attr_t attr;
        if (pthread_attr_init(&attr) != 0)
            return -1;
        int ok = pthread_attr_setstacksize(&attr, sizes[i]) == 0 && pthread_create(t, &attr, fs_worker, p) == 0;
        pthread_attr_destroy(&attr);
        if (ok)
            return 0;
    }
    return -1;
}

/* Slots by cost (arg), the largest first, then by slot. */
static int fs_cost_cmp(const void *a, const void *b, void *arg)
{
    const long long *cost = arg;
    int x = *(const int *)a, y = *(const int *)b;
    if (cost[x] != cost[y])
        return cost[x] > cost[y] ? -1 : 1;
    return x < y ? -1 : x > y;
}

void fs_run(const fs_units *units, const fs_run_opts *o, fs_findings *out, fs_stats *stats)
{
    fs_pool p;
    memset(&p, 0, sizeof p);
    p.units = units;
    p.opts = o;
    p.todo = fs_xmalloc(sizeof(int) * ((size_t)units->n + 1));
    for (int i = 0; i < units->n; i++)
        if (fs_in_shard(i, o->shard_i, o->shard_n))
            p.todo[p.ntodo++] = i;
    p.res = fs_xcalloc((size_t)p.ntodo + 1, sizeof *p.res);
    pthread_mutex_init(&p.lock, NULL);
    clock_gettime(CLOCK_MONOTONIC, &p.start);
    int jobs = o->jobs < 1 ? 1 : o->jobs;
    if (jobs > p.ntodo)
        jobs = p.ntodo > 0 ? p.ntodo : 1;
    if (jobs == 1) {
        /* on a thread of its own, with the stack libclang parses on */
        pthread_t t;
        if (fs_start_worker(&t, &p) == 0)
            pthread_join(t, NULL);
        else
            fs_worker(&p);
    } else {
        /* the units that take longest first (the size of the main file for
         * a measure; one the prefilter passes over takes none), so that one
         * started last does not leave the other workers idle; each unit's
         * result keeps its slot, and so the output its order */
        p.order = fs_xmalloc(sizeof(int) * ((size_t)p.ntodo + 1));
        long long *cost = fs_xmalloc(sizeof(long long) * ((size_t)p.ntodo + 1));
        for (int i = 0; i < p.ntodo; i++) {
            const fs_unit *u = &units->v[p.todo[i]];
            struct stat st;
            p.order[i] = i;
            cost[i] = fs_passed_over(o, u) ? -1
                      : stat(u->file, &st) == 0                                         ? (long long)st.st_size
                                                                                        : 0;
        }
        qsort_r(p.order, (size_t)p.ntodo, sizeof *p.order, fs_cost_cmp, cost);
        free(cost);
        pthread_t *t = fs_xcalloc((size_t)jobs, sizeof *t);
        int *up = fs_xcalloc((size_t)jobs, sizeof *up);
        int started = 0;
        for (int i = 0; i < jobs; i++)
            if (fs_start_worker(&t[i], &p) == 0)
                up[i] = 1, started++;
        if (!started)
            fs_worker(&p);
        for (int i = 0; i < jobs; i++)
            if (up[i])
                pthread_join(t[i], NULL);
        free(up);
        free(t);
    }
    if (o->progress && p.ntodo > 0)
        fprintf(stderr, "\r\033[K");
    fs_drop_lost(&p);
    for (int i = 0; i < p.ntodo; i++) {
        fs_findings_take(out, &p.res[i].findings);
        fs_stats_add(stats, &p.res[i].stats);
    }
    fs_findings_sort_unique(out);
    if (o->shard_n > 0) {
        /* a header's function may be checked by several shards: listed, so
         * that the merge counts it once (header functions are libclang's) */
        for (size_t i = 0; i < p.capseen; i++) {
            if (!p.seen[i].key)
                continue;
            char *colon = strrchr(p.seen[i].key, ':');
            *colon = '\0';
            char *shown = fs_path_shown(p.seen[i].key);
            fs_grow(&stats->shared, &stats->capshared, stats->nshared + 1, sizeof *stats->shared);
            stats->shared[stats->nshared++] = fs_xasprintf("%s:%s", shown, colon + 1);
            free(shown);
            stats->functions--;
            stats->functions_clang--;
        }
    }
    fs_stats_sort(stats);
    pthread_mutex_destroy(&p.lock);
    for (size_t i = 0; i < p.capseen; i++)
        free(p.seen[i].key);
    free(p.seen);
    for (int i = 0; i < p.nclaims; i++)
        free(p.claims[i].file);
    free(p.claims);
    free(p.res);
    free(p.todo);
    free(p.order);
}
