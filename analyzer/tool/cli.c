/* cli.c - the command line: options, inputs, running, exit status. */
#include "tool/cli.h"
#include "rules/registry.h"
#include "tool/explain.h"
#include "frontend/clang_api.h"
#include "tool/baseline.h"
#include "tool/changed.h"
#include "tool/config.h"
#include "base/docs.h"
#include "project/compdb.h"
#include "project/driver.h"
#include "project/index.h"
#include "project/run.h"
#include "report/fingerprint.h"
#include "fix/fixer.h"
#include "frontend/frontend.h"
#include "tool/options.h"
#include "report/report.h"
#include "check/rule.h"
#include "base/util.h"
#include "base/dirwalk.h"
#include "base/version.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* --help and the man page are rendered from the option table (options.c). */

typedef struct fs_inputs {
    char **v;
    int n, cap;
} fs_inputs;

static int fs_has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static int fs_is_c_file(const char *name)
{
    return fs_has_suffix(name, ".c");
}

static void fs_input_found(void *arg, char *path, const struct stat *st)
{
    fs_inputs *in = arg;
    FS_PUSH(in->v, in->n, in->cap, path);
}

static void fs_input_unreadable(void *arg, const char *dir, int err)
{
    fprintf(stderr, "fscheck: %s: cannot read folder: %s\n", dir, strerror(err));
}

/* Collect .c files below dir (hidden ones too, as a shell's glob would not
 * but a build may name). */
static void fs_walk_dir(const char *dir, fs_inputs *in)
{
    fs_dir_walk_spec spec = { fs_is_c_file, 1, fs_input_found, NULL, fs_input_unreadable, in };
    fs_dir_walk(dir, &spec);
}

static int fs_parse_rules(const char *list, const fs_rule **enabled, int *nenabled)
{
    unsigned char on[64];
    int any_positive = 0;
    /* only exclusions ("-FS401") start from every rule; otherwise from none */
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            memset(on, any_positive ? 0 : 1, sizeof on);
        char *copy = fs_xstrdup(list);
        for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
            while (*tok == ' ')
                tok++;
            if (!*tok)
                continue;
            int neg = tok[0] == '-';
            const char *id = neg ? tok + 1 : tok;
            if (pass == 0) {
                if (strcasecmp(id, "all") != 0 && !fs_rule_find(id)) {
                    fprintf(stderr, "fscheck: unknown rule '%s' in --rules (see --list-rules)\n", id);
                    free(copy);
                    return -1;
                }
                any_positive |= !neg;
                continue;
            }
            const fs_rule *r = fs_rule_find(id);
            for (int i = 0; i < fs_nrules; i++)
                if (!r || fs_rules[i] == r)
                    on[i] = !neg;
        }
        free(copy);
    }
    *nenabled = 0;
    for (int i = 0; i < fs_nrules; i++)
        if (on[i])
            enabled[(*nenabled)++] = fs_rules[i];
    return 0;
}

static int fs_is_compiler(const char *s)
{
    const char *b = strrchr(s, '/');
    b = b ? b + 1 : s;
    static const char *const names[] = { "cc", "gcc", "clang", "c99", "c89", "tcc", "icc", "icx" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(b, names[i], n) == 0 && (b[n] == '\0' || b[n] == '-'))
            return 1;
    }
    return fs_has_suffix(b, "-gcc") || fs_has_suffix(b, "-cc") || fs_has_suffix(b, "-clang");
}

static const char *fs_opt_value(const char *arg, const char *name, int *i, int argc, char **argv, int *err)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] == '\0') {
        if (*i + 1 >= argc) {
            fprintf(stderr, "fscheck: option %s needs a value\n", name);
            *err = 1;
            return NULL;
        }
        return argv[++*i];
    }
    return NULL;
}

typedef struct fs_cli_units {
    fs_config **cfg;
    const fs_driver_opts *base;
    int rules_given;
} fs_cli_units;

static void fs_cli_prepare(void *arg, int unit, fs_driver_opts *d)
{
    fs_cli_units *c = arg;
    fs_config_opts(c->cfg[unit], c->base, c->rules_given, d);
    d->directory = NULL;
}

static void fs_cli_finish(void *arg, int unit, fs_findings *f)
{
    fs_cli_units *c = arg;
    fs_config_severities(c->cfg[unit], f, 0);
}

/* The unit of each file: its compile command (from -p DIR, or the nearest
 * compile_commands.json) or the flags after --.  With a compiler after --
 * (CMake's CMAKE_C_CLANG_TIDY form: the build gives the unit's flags), no
 * database is looked for, as clang-tidy does.  Returns 0, or -1 after
 * naming a malformed database. */
static int fs_cli_units_of(char **files, int nfiles, const char *pdir, fs_compdb *loaded, int no_discovery,
                           fs_units *out)
{
    fs_compdb *pdb = loaded;
    char *err = NULL;
    if (pdir && !pdb && !(pdb = fs_compdb_load(pdir, &err))) {
        fprintf(stderr, "fscheck: %s\n", err);
        free(err);
        return -1;
    }
    /* discovered databases, by folder */
    char **dirs = NULL;
    fs_compdb **dbs = NULL;
    int ndbs = 0, capdirs = 0, capdbs = 0, rc = 0;
    for (int i = 0; i < nfiles && rc == 0; i++) {
        fs_unit u;
        memset(&u, 0, sizeof u);
        char *abs = fs_path_absolute(files[i], NULL);
        const fs_compdb *db = pdb;
        if (!db && !no_discovery) {
            char *d = fs_compdb_discover(files[i]);
            if (d) {
                int k = 0;
                while (k < ndbs && strcmp(dirs[k], d) != 0)
                    k++;
                if (k == ndbs) {
                    fs_compdb *x = fs_compdb_load(d, &err);
                    if (!x) {
                        fprintf(stderr, "fscheck: %s\n", err);
                        free(err);
                        err = NULL;
                        rc = -1;
                    }
                    FS_PUSH(dirs, ndbs, capdirs, d);
                    ndbs--;
                    FS_PUSH(dbs, ndbs, capdbs, x);
                    d = NULL;
                }
                db = dbs[k];
                free(d);
            }
        }
        if (!(db && fs_compdb_lookup(db, abs, &u))) {
            memset(&u, 0, sizeof u);
            u.file = abs;
            abs = NULL;
        }
        free(u.shown);
        u.shown = fs_xstrdup(files[i]);
        free(abs);
        FS_PUSH(out->v, out->n, out->cap, u);
    }
    for (int k = 0; k < ndbs; k++) {
        free(dirs[k]);
        fs_compdb_free(dbs[k]);
    }
    free(dirs);
    free(dbs);
    if (pdb != loaded)
        fs_compdb_free(pdb);
    return rc;
}

/* Which files the index reads: the build's .c files (the database's, with
 * -p) and the inputs, the headers; with no database, every .c file whose
 * name does not say that only another platform compiles it; none that the
 * .fscheck.yml excludes. */
typedef struct fs_cli_keep {
    char **listed; /* sorted: absolute paths, as given and as realpath says */
    int nlisted, caplisted;
    int have_db;
    fs_configs *configs; /* the index thread's own */
    char **defines;      /* the -D / -U flags all of the database's units share */
    int ndefines, capdefines;
} fs_cli_keep;

static int fs_cli_strcmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void fs_cli_keep_add(fs_cli_keep *k, const char *file, const char *dir)
{
    char *abs = fs_path_absolute(file, dir);
    char *real = realpath(abs, NULL);
    FS_PUSH(k->listed, k->nlisted, k->caplisted, abs);
    if (real)
        FS_PUSH(k->listed, k->nlisted, k->caplisted, real);
}

static void fs_cli_keep_ready(fs_cli_keep *k)
{
    if (k->nlisted > 1)
        qsort(k->listed, (size_t)k->nlisted, sizeof *k->listed, fs_cli_strcmp);
}

static void fs_cli_keep_free(fs_cli_keep *k)
{
    for (int i = 0; i < k->nlisted; i++)
        free(k->listed[i]);
    free(k->listed);
    for (int i = 0; i < k->ndefines; i++)
        free(k->defines[i]);
    free(k->defines);
    fs_configs_delete(k->configs);
    memset(k, 0, sizeof *k);
}

static int fs_cli_keep_file(void *arg, const char *path, const char *rel)
{
    fs_cli_keep *k = arg;
    fs_config *cfg = NULL;
    if (k->configs && fs_configs_for(k->configs, path, &cfg) == 0 && cfg && fs_config_excludes(cfg, path))
        return 0;
    size_t n = strlen(path);
    if (n < 2 || path[n - 1] != 'c')
        return 1; /* a header */
    /* a file only another platform builds (win32/, *_darwin.c) does not
     * speak for this one's wrappers, even when a folder named on the
     * command line holds it; a compilation database that lists it does */
    if (k->nlisted && bsearch(&path, k->listed, (size_t)k->nlisted, sizeof *k->listed, fs_cli_strcmp))
        return k->have_db || !fs_index_other_platform_file(rel);
    return !k->have_db && !fs_index_other_platform_file(rel);
}

/* The project index, built on a thread of its own or not. */
typedef struct fs_cli_ix {
    fs_cli_keep keep;
    char *root, *cache;
    fs_index *ix;
    fs_index_stats ist;
    pthread_t thread;
    int progress;          /* stderr is a terminal, and no --quiet */
    int shown;             /* a progress line was written */
    struct timespec last;  /* when */
} fs_cli_ix;

/* "[index N/TOTAL] FILE" (a later pass: "[index, pass P: N/TOTAL]"), at
 * most ten times a second, on the line the units' progress takes next. */
static void fs_cli_ix_step(void *arg, int pass, int n, int total, const char *file)
{
    fs_cli_ix *c = arg;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double since = (double)(now.tv_sec - c->last.tv_sec) + (double)(now.tv_nsec - c->last.tv_nsec) / 1e9;
    if (c->shown && since < 0.1)
        return;
    c->last = now;
    c->shown = 1;
    if (pass == 0)
        fprintf(stderr, "\r\033[K[index %d/%d] %s", n, total, file);
    else
        fprintf(stderr, "\r\033[K[index, pass %d: %d/%d] %s", pass + 1, n, total, file);
    fflush(stderr);
}

static void *fs_cli_ix_build(void *arg)
{
    fs_cli_ix *c = arg;
    fs_index_progress pr = { fs_cli_ix_step, c };
    fs_cli_keep_ready(&c->keep);
    fs_index_filter filter = { fs_cli_keep_file, &c->keep, (const char *const *)c->keep.defines, c->keep.ndefines };
    c->ix = fs_index_build_filtered(c->root, c->cache, &filter, c->progress ? &pr : NULL, &c->ist);
    if (c->shown)
        fprintf(stderr, "\r\033[K");
    return NULL;
}

/* ci set up for the index of root (taken over). */
static void fs_cli_ix_prepare(fs_cli_ix *ci, char *root, int use_cache, int quiet, const char *config_path)
{
    ci->keep.configs = fs_configs_new(config_path);
    fs_configs_quiet(ci->keep.configs);
    ci->root = root;
    ci->cache = use_cache ? fs_index_default_cache(root) : NULL;
    ci->progress = !quiet && isatty(STDERR_FILENO);
}

/* With jobs and -p DIR without PATHs: the index starts as soon as the
 * database is known to be well formed, from its entries' files, while
 * libclang reads it.  The run checks later that the inputs have the same
 * root (a .fscheck.yml may exclude some), and builds it again if not. */
typedef struct fs_cli_early {
    fs_cli_ix *ci;
    int use_cache, quiet;
    int started;
    const char *config_path;
} fs_cli_early;

static void fs_cli_ix_early(void *arg, char *const *files, int n, char *const *defines, int ndefines)
{
    fs_cli_early *e = arg;
    char *root = n > 0 ? fs_project_root(files, n) : NULL;
    if (!root || strcmp(root, "/") == 0) {
        free(root); /* the run says so, later */
        return;
    }
    fs_cli_ix_prepare(e->ci, root, e->use_cache, e->quiet, e->config_path);
    /* the database's files are the build's */
    e->ci->keep.have_db = 1;
    for (int i = 0; i < n; i++)
        fs_cli_keep_add(&e->ci->keep, files[i], NULL);
    for (int i = 0; i < ndefines; i++)
        FS_PUSH(e->ci->keep.defines, e->ci->keep.ndefines, e->ci->keep.capdefines, fs_xstrdup(defines[i]));
    e->started = pthread_create(&e->ci->thread, NULL, fs_cli_ix_build, e->ci) == 0;
    if (!e->started) {
        free(e->ci->root);
        free(e->ci->cache);
        fs_cli_keep_free(&e->ci->keep);
        memset(e->ci, 0, sizeof *e->ci);
    }
}

/* The index started early, waited for and dropped. */
static void fs_cli_ix_drop(fs_cli_ix *ci, int *started)
{
    if (!*started)
        return;
    pthread_join(ci->thread, NULL);
    fs_index_free(ci->ix);
    free(ci->root);
    free(ci->cache);
    fs_cli_keep_free(&ci->keep);
    memset(ci, 0, sizeof *ci);
    *started = 0;
}

int fs_cli_main(int argc, char **argv)
{
    /* a write beyond the file size limit (ulimit -f) fails with EFBIG and a
     * message, instead of killing fscheck halfway */
    signal(SIGXFSZ, SIG_IGN);
    fs_fe_clang_init();
    json_object_seed(0); /* before any thread makes a JSON object (the index's, the database's) */
    if (argc > 1 && strcmp(argv[1], "merge") == 0)
        return fs_merge_main(argc - 1, argv + 1);
    const char *format = "text", *engine = "auto", *rules = NULL, *explain = NULL, *export_fixes = NULL;
    const char *explain_function = NULL;
    int exit_zero = 0, quiet = 0, list_rules = 0, fix = 0, unsafe_fixes = 0, diff = 0;
    const char *config_path = NULL, *baseline = NULL, *write_baseline = NULL, *changed_since = NULL;
    int report_unused = 0;
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    const char *pdir = NULL;
    int shard_i = 0, shard_n = 0;
    int use_index = 1, use_cache = 1, prefilter = 1;
    fs_inputs paths = { 0 };
    /* --extra-arg-before, --extra-arg: room for every argument, so no early
     * return has to free them */
    char *eb_store[argc + 1], *ea_store[argc + 1];
    fs_inputs extra_before = { eb_store, 0, argc + 1 }, extra_after = { ea_store, 0, argc + 1 };
    const char **cflags = NULL;
    int ncflags = 0, cmake_form = 0;
    int err = 0;

    for (int i = 1; i < argc && !err; i++) {
        const char *a = argv[i];
        const char *v;
        if (strcmp(a, "--") == 0) {
            int j = i + 1;
            if (j < argc && fs_is_compiler(argv[j])) {
                j++;
                cmake_form = 1;
            }
            cflags = (const char **)argv + j;
            ncflags = argc - j;
            /* CMake's CMAKE_C_CLANG_TIDY form also passes -o X -c FILE: the
             * run leaves them out of each unit's flags */
            break;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fs_options_usage(stdout);
            free(paths.v);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("fscheck %s\n", FSCHECK_VERSION);
            free(paths.v);
            return 0;
        }
        if (strcmp(a, "--exit-zero") == 0) {
            exit_zero = 1;
        } else if (strcmp(a, "--fix") == 0) {
            fix = 1;
        } else if (strcmp(a, "--unsafe-fixes") == 0) {
            unsafe_fixes = 1;
        } else if (strcmp(a, "--diff") == 0) {
            diff = 1;
        } else if ((v = fs_opt_value(a, "--export-fixes", &i, argc, argv, &err))) {
            export_fixes = v;
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--list-rules") == 0) {
            list_rules = 1;
        } else if ((v = fs_opt_value(a, "--explain-function", &i, argc, argv, &err))) {
            explain_function = v;
        } else if ((v = fs_opt_value(a, "--explain", &i, argc, argv, &err))) {
            explain = v;
        } else if ((v = fs_opt_value(a, "--config", &i, argc, argv, &err))) {
            config_path = v;
        } else if ((v = fs_opt_value(a, "--baseline", &i, argc, argv, &err))) {
            baseline = v;
        } else if ((v = fs_opt_value(a, "--write-baseline", &i, argc, argv, &err))) {
            write_baseline = v;
        } else if ((v = fs_opt_value(a, "--changed-since", &i, argc, argv, &err))) {
            changed_since = v;
        } else if (strcmp(a, "--report-unused-suppressions") == 0) {
            report_unused = 1;
        } else if ((v = fs_opt_value(a, "--format", &i, argc, argv, &err))) {
            format = v;
        } else if ((v = fs_opt_value(a, "--engine", &i, argc, argv, &err))) {
            engine = v;
        } else if ((v = fs_opt_value(a, "--rules", &i, argc, argv, &err))) {
            rules = v;
        } else if ((v = fs_opt_value(a, "-j", &i, argc, argv, &err)) || (strncmp(a, "-j", 2) == 0 && a[2] && (v = a + 2))) {
            char *end;
            long j = strtol(v, &end, 10);
            if (*end || j < 1 || j > 1024) {
                fprintf(stderr, "fscheck: -j takes a number from 1 to 1024, not '%s'\n", v);
                err = 1;
            }
            jobs = j;
        } else if ((v = fs_opt_value(a, "-p", &i, argc, argv, &err))) {
            pdir = v;
        } else if ((v = fs_opt_value(a, "--extra-arg-before", &i, argc, argv, &err))) {
            /* clang-tidy's; CMake passes --extra-arg-before=--driver-mode=gcc */
            FS_PUSH(extra_before.v, extra_before.n, extra_before.cap, (char *)v);
        } else if ((v = fs_opt_value(a, "--extra-arg", &i, argc, argv, &err))) {
            FS_PUSH(extra_after.v, extra_after.n, extra_after.cap, (char *)v);
        } else if (strcmp(a, "--no-prefilter") == 0) {
            prefilter = 0;
        } else if (strcmp(a, "--no-index") == 0) {
            use_index = 0;
        } else if (strcmp(a, "--no-cache") == 0) {
            use_cache = 0;
        } else if ((v = fs_opt_value(a, "--shard", &i, argc, argv, &err))) {
            char *end;
            shard_i = (int)strtol(v, &end, 10);
            shard_n = *end == '/' ? (int)strtol(end + 1, &end, 10) : 0;
            if (*end || shard_n < 1 || shard_i < 1 || shard_i > shard_n) {
                fprintf(stderr, "fscheck: --shard takes I/N with 1 <= I <= N, not '%s'\n", v);
                err = 1;
            }
        } else if (err) {
            /* an option without its value: fs_opt_value said so */
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "fscheck: unknown option '%s' (see --help)\n", a);
            err = 1;
        } else {
            FS_PUSH(paths.v, paths.n, paths.cap, (char *)a);
        }
    }
    if (err) {
        free(paths.v);
        return FS_EXIT_USAGE;
    }

    if (list_rules) {
        for (int i = 0; i < fs_nrules; i++)
            printf("%s  %-18s %s\n", fs_rules[i]->id, fs_rules[i]->name, fs_rules[i]->summary);
        free(paths.v);
        return 0;
    }
    if (explain) {
        const fs_rule *r = fs_rule_find(explain);
        const char *doc = r ? fs_rule_doc(r->id) : NULL;
        free(paths.v);
        if (!doc) {
            fprintf(stderr, "fscheck: unknown rule '%s' (see --list-rules)\n", explain);
            return FS_EXIT_USAGE;
        }
        fputs(doc, stdout);
        return 0;
    }

    const fs_reporter *rep = fs_reporter_find(format);
    if (!rep) {
        fprintf(stderr, "fscheck: unknown format '%s' (text, json, sarif, github)\n", format);
        free(paths.v);
        return FS_EXIT_USAGE;
    }
    fs_driver_opts o;
    memset(&o, 0, sizeof o);
    if (strcmp(engine, "auto") == 0)
        o.engine = FS_ENGINE_AUTO;
    else if (strcmp(engine, "clang") == 0)
        o.engine = FS_ENGINE_CLANG;
    else if (strcmp(engine, "tree-sitter") == 0)
        o.engine = FS_ENGINE_TS;
    else {
        fprintf(stderr, "fscheck: unknown engine '%s' (auto, clang, tree-sitter)\n", engine);
        free(paths.v);
        return FS_EXIT_USAGE;
    }
    /* with jobs, libclang loads on a thread of its own while the inputs
     * are read and the index is built (clang_api.h); not for one unit of
     * a build (the CMake form): the prefilter may pass over it, and then
     * libclang is never loaded */
    if (jobs > 1 && (o.engine != FS_ENGINE_TS || pdir) && !cmake_form)
        fs_clang_preload();
    const fs_rule *enabled[64];
    int nenabled = 0;
    if (rules) {
        if (fs_parse_rules(rules, enabled, &nenabled) != 0) {
            free(paths.v);
            return FS_EXIT_USAGE;
        }
    } else {
        for (int i = 0; i < fs_nrules; i++)
            enabled[nenabled++] = fs_rules[i];
    }
    fs_inputs files = { 0 };
    int bad = 0;
    fs_compdb *db = NULL; /* -p DIR without PATHs: the database, read once */
    fs_cli_ix ci; /* the project index */
    memset(&ci, 0, sizeof ci);
    fs_cli_early early = { &ci, use_cache, quiet, 0, config_path };
    if (paths.n == 0 && pdir) {
        /* every translation unit of the database */
        char *e = NULL;
        db = fs_compdb_load_then(pdir, &e, use_index && jobs > 1 ? fs_cli_ix_early : NULL, &early);
        if (!db) {
            fs_cli_ix_drop(&ci, &early.started);
            fprintf(stderr, "fscheck: %s\n", e);
            free(e);
            free(paths.v);
            return FS_EXIT_USAGE;
        }
        fs_units all = { 0 };
        fs_compdb_all(db, &all);
        for (int i = 0; i < all.n; i++)
            FS_PUSH(files.v, files.n, files.cap, fs_xstrdup(all.v[i].shown));
        fs_units_free(&all);
        if (files.n == 0)
            fprintf(stderr, "fscheck: %s/compile_commands.json lists no translation unit\n", pdir);
    } else if (paths.n == 0) {
        fprintf(stderr, "fscheck: no input files (see --help)\n");
        free(paths.v);
        return FS_EXIT_USAGE;
    }

    /* expand folders; a PATH that cannot be read is an input error */
    for (int i = 0; i < paths.n; i++) {
        struct stat st;
        if (stat(paths.v[i], &st) != 0) {
            fprintf(stderr, "fscheck: %s: %s\n", paths.v[i], strerror(errno));
            bad = 1;
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            fs_walk_dir(paths.v[i], &files);
        } else if (access(paths.v[i], R_OK) != 0 && geteuid() != 0) {
            fprintf(stderr, "fscheck: %s: %s\n", paths.v[i], strerror(errno));
            bad = 1;
        } else {
            FS_PUSH(files.v, files.n, files.cap, fs_xstrdup(paths.v[i]));
        }
    }
    free(paths.v);

    /* the .fscheck.yml of each file (an error stops the run; excluded files
     * are dropped), the lines changed since --changed-since, a readable
     * --baseline: all checked before any analysis */
    fs_configs *configs = fs_configs_new(config_path);
    fs_config **file_cfg = fs_xcalloc((size_t)files.n + 1, sizeof *file_cfg);
    fs_changes *changes = NULL;
    fs_findings none = { 0 };
    int ndropped = 0;
    if (!bad && (fs_configs_prepare(configs, files.v, &files.n, file_cfg) != 0 ||
                 (changed_since && !(changes = fs_changes_load(changed_since))) ||
                 (baseline && fs_baseline_apply(baseline, &none, &ndropped) != 0)))
        bad = 1;
    if (bad) {
        fs_cli_ix_drop(&ci, &early.started);
        fs_compdb_free(db);
        fs_configs_delete(configs);
        free(file_cfg);
        fs_changes_delete(changes);
        for (int i = 0; i < files.n; i++)
            free(files.v[i]);
        free(files.v);
        return FS_EXIT_USAGE;
    }

    /* --extra-arg-before and --extra-arg around the flags after -- (and
     * around each database command: fs_units_add_args below) */
    const char **flags = fs_xcalloc((size_t)(extra_before.n + ncflags + extra_after.n) + 1, sizeof *flags);
    int nflags = 0;
    for (int k = 0; k < extra_before.n; k++)
        flags[nflags++] = extra_before.v[k];
    for (int k = 0; k < ncflags; k++)
        flags[nflags++] = cflags[k];
    for (int k = 0; k < extra_after.n; k++)
        flags[nflags++] = extra_after.v[k];
    o.cflags = flags;
    o.ncflags = nflags;
    o.resource_dir = getenv("FSCHECK_RESOURCE_DIR") ? getenv("FSCHECK_RESOURCE_DIR") : FSCHECK_CLANG_RESOURCE_DIR;
    o.rules = enabled;
    o.nrules = nenabled;
    o.quiet = quiet;
    o.report_unused_suppressions = report_unused;

    fs_findings findings = { 0 };
    fs_stats stats;
    memset(&stats, 0, sizeof stats);
    fs_units units = { 0 };
    /* the project index: wrappers across files, and the prefilter; with
     * jobs, built while the compilation database is read (it needs only
     * the inputs; with -p DIR alone, it started before libclang read it) */
    int ix_thread = 0;
    if (use_index) {
        char *root = fs_project_root(files.v, files.n);
        if (early.started && strcmp(root, ci.root) == 0) {
            ix_thread = 1;
            free(root);
        } else {
            fs_cli_ix_drop(&ci, &early.started); /* none started, or of another root */
            if (strcmp(root, "/") == 0) {
                /* the whole file system is no project to walk */
                if (!quiet)
                    fprintf(stderr, "fscheck: the inputs have no project folder in common below / (none holds "
                                    ".git, compile_commands.json or .fscheck.yml): no project index, as with "
                                    "--no-index\n");
                free(root);
            } else {
                fs_cli_ix_prepare(&ci, root, use_cache, quiet, config_path);
                /* with -p, the database says which .c files the build compiles */
                if (pdir) {
                    char *e = NULL;
                    if (!db)
                        db = fs_compdb_load(pdir, &e);
                    free(e); /* named when the units are read */
                    if (db) {
                        fs_units all = { 0 };
                        fs_compdb_all(db, &all);
                        char ***argvs = fs_xcalloc((size_t)all.n + 1, sizeof *argvs);
                        int *argcs = fs_xcalloc((size_t)all.n + 1, sizeof *argcs);
                        for (int i = 0; i < all.n; i++) {
                            fs_cli_keep_add(&ci.keep, all.v[i].file, NULL);
                            argvs[i] = all.v[i].args;
                            argcs[i] = all.v[i].nargs;
                        }
                        fs_shared_defines((char *const *const *)argvs, argcs, all.n, &ci.keep.defines,
                                          &ci.keep.ndefines);
                        FS_FREE(argvs, argcs);
                        fs_units_free(&all);
                        ci.keep.have_db = 1;
                    }
                }
                for (int i = 0; i < files.n; i++)
                    fs_cli_keep_add(&ci.keep, files.v[i], NULL);
                ix_thread = jobs > 1 && pthread_create(&ci.thread, NULL, fs_cli_ix_build, &ci) == 0;
                if (!ix_thread)
                    fs_cli_ix_build(&ci);
            }
        }
    }
    int units_rc = fs_cli_units_of(files.v, files.n, pdir, db, cmake_form, &units);
    fs_compdb_free(db);
    db = NULL;
    if (ix_thread)
        pthread_join(ci.thread, NULL);
    fs_index *ix = ci.ix;
    fs_index_stats ist = ci.ist;
    int early_rc = units_rc != 0 ? FS_EXIT_USAGE : -1;
    if (early_rc < 0 && explain_function) {
        /* what the index and the definitions say of one function; nothing is checked */
        fs_config *cfg = files.n ? file_cfg[0] : NULL;
        int nf = ix ? fs_index_nfiles(ix) : files.n;
        const char **fv = fs_xcalloc((size_t)nf + 1, sizeof *fv);
        for (int i = 0; i < nf; i++)
            fv[i] = ix ? fs_index_file_path(ix, i) : files.v[i];
        int erc = fs_explain_function(stdout, explain_function, ix, fv, nf, cfg ? fs_config_wrappers(cfg) : NULL,
                                      ix ? ci.root : NULL);
        free(fv);
        early_rc = erc == 0 ? 0 : FS_EXIT_USAGE;
    }
    if (early_rc >= 0) {
        fs_index_free(ix);
        free(ci.cache);
        free(ci.root);
        fs_cli_keep_free(&ci.keep);
        fs_units_free(&units);
        free(flags);
        fs_configs_delete(configs);
        free(file_cfg);
        fs_changes_delete(changes);
        for (int i = 0; i < files.n; i++)
            free(files.v[i]);
        free(files.v);
        return early_rc;
    }
    fs_units_add_args(&units, extra_before.v, extra_before.n, extra_after.v, extra_after.n);
    if (ix) {
        o.project = fs_index_summaries(ix);
        o.project_setuid = fs_index_uses_setuid(ix);
        o.platform_names = fs_index_platform_names(ix, &o.nplatform_names);
        if (getenv("FSCHECK_INDEX_STATS"))
            fprintf(stderr, "fscheck: index of %s: %d files, %d parsed, %d from the cache (%d unread), %.3f s\n",
                    ci.root, ist.files, ist.parsed, ist.from_cache, ist.unread, ist.seconds);
        if (getenv("FSCHECK_INDEX_STATS") && ist.parses)
            fprintf(stderr, "fscheck: index of %s: %d tree-sitter parses\n", ci.root, ist.parses);
        if (getenv("FSCHECK_INDEX_STATS") && ist.whole_result)
            fprintf(stderr, "fscheck: index of %s: the cached result, every file unchanged\n", ci.root);
    }
    free(ci.cache);
    free(ci.root);
    fs_cli_keep_free(&ci.keep);
    fs_cli_units cu = { file_cfg, &o, rules != NULL };
    fs_run_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.drv = o;
    ro.jobs = jobs < 1 ? 1 : (int)jobs;
    ro.progress = !quiet && isatty(STDERR_FILENO);
    ro.shard_i = shard_i;
    ro.shard_n = shard_n;
    ro.prepare = fs_cli_prepare;
    ro.finish = fs_cli_finish;
    ro.arg = &cu;
    ro.index = ix;
    ro.prefilter = prefilter;
    ro.guess_includes = !cmake_form;
    fs_run(&units, &ro, &findings, &stats);
    fs_units_free(&units);
    if (stats.not_c)
        fprintf(stderr, "fscheck: %d unit%s of the compilation database %s not C (assembler, C++, Objective-C): "
                        "skipped; stats.skipped of the JSON report lists %s\n",
                stats.not_c, stats.not_c == 1 ? "" : "s", stats.not_c == 1 ? "is" : "are",
                stats.not_c == 1 ? "it" : "them");
    /* files that only partly parsed: one line for the run; with --quiet too
     * when a fifth or more of the files are such */
    char *partial = fs_stats_partial_summary(&stats);
    if (partial && (!quiet || stats.npartial * 5 >= stats.files))
        fprintf(stderr, "%s\n", partial);
    free(partial);
    fs_index_free(ix);
    fs_findings_fingerprint(&findings);

    /* baselines and --changed-since leave findings out before any fix */
    int lint_failed = 0;
    if (write_baseline) {
        if (fs_baseline_write(write_baseline, &findings) != 0) {
            lint_failed = 1;
        } else {
            if (!quiet)
                fprintf(stderr, "fscheck: wrote %d finding%s to the baseline %s\n", findings.n,
                        findings.n == 1 ? "" : "s", write_baseline);
            fs_findings_clear(&findings);
        }
    } else if (baseline) {
        if (fs_baseline_apply(baseline, &findings, &ndropped) != 0)
            lint_failed = 1;
        else if (ndropped && !quiet)
            fprintf(stderr, "fscheck: %d finding%s in the baseline left out\n", ndropped, ndropped == 1 ? "" : "s");
    }
    if (changes) {
        fs_changes_filter(changes, &findings, &ndropped);
        if (ndropped && !quiet)
            fprintf(stderr, "fscheck: %d finding%s on lines not changed since %s left out\n", ndropped,
                    ndropped == 1 ? "" : "s", changed_since);
    }

    if (unsafe_fixes && !diff && !export_fixes)
        fix = 1;
    int fix_failed = 0;
    if (fix || diff || export_fixes) {
        unsigned char *applied = fs_xcalloc((size_t)findings.n + 1, 1);
        fs_fixer_opts fo = { unsafe_fixes, fix && !diff, diff ? stdout : NULL, export_fixes, NULL };
        if (fs_fixer_run(&findings, &fo, applied) != 0)
            fix_failed = 1;
        if (fix && !diff) {
            /* report what is left, like ruff */
            int w = 0, nfixed = 0;
            for (int i = 0; i < findings.n; i++) {
                if (applied[i]) {
                    nfixed++;
                    fs_finding_clear(&findings.v[i]);
                    continue;
                }
                findings.v[w++] = findings.v[i];
            }
            findings.n = w;
            if (!quiet)
                fprintf(stderr, "fscheck: fixed %d finding%s; %d left\n", nfixed, nfixed == 1 ? "" : "s", w);
        }
        free(applied);
    }

    int werr = 0;
    if (!diff) {
        fs_report_ctx rc = { stdout, 0, &findings, &stats };
        rc.color = strcmp(format, "text") == 0 && isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
        werr = rep->write(&rc);
    }
    if (fflush(stdout) != 0 || ferror(stdout))
        werr = 1;
    int status = findings.n > 0 && !exit_zero ? FS_EXIT_FINDINGS : FS_EXIT_OK;
    if (werr) {
        fprintf(stderr, "fscheck: could not write the report\n");
        status = FS_EXIT_INTERNAL;
    } else if (lint_failed || (fix_failed && status == FS_EXIT_OK)) {
        status = FS_EXIT_USAGE;
    }
    fs_findings_clear(&findings);
    fs_stats_free(&stats);
    fs_configs_delete(configs);
    free(file_cfg);
    fs_changes_delete(changes);
    for (int i = 0; i < files.n; i++)
        free(files.v[i]);
    free(files.v);
    free(flags);
    return status;
}
