/* config.c - .fscheck.yml, read with libyaml's document API. */
#include "tool/config.h"
#include "rules/registry.h"
#include "ir/calls.h"
#include "check/rule.h"
#include "ir/summary.h"
#include "base/source.h"
#include "base/util.h"

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#define FS_CONFIG_NAME ".fscheck.yml"
#define FS_MAX_RULES 64

typedef struct fs_rule_severity {
    const fs_rule *rule;
    const char *severity; /* static */
} fs_rule_severity;

struct fs_config {
    char *path;
    char *dir;                 /* canonical folder of the file */
    int has_rules;
    const fs_rule *enabled[FS_MAX_RULES];
    int nenabled;
    fs_rule_severity sev[FS_MAX_RULES];
    int nsev;
    fs_summaries *wrappers;
    char **exclude;
    int nexclude, capexclude;
};

const char *fs_config_path(const fs_config *c)
{
    return c->path;
}

void fs_config_delete(fs_config *c)
{
    if (!c)
        return;
    free(c->path);
    free(c->dir);
    fs_summaries_delete(c->wrappers);
    for (int i = 0; i < c->nexclude; i++)
        free(c->exclude[i]);
    free(c->exclude);
    free(c);
}

/* --- parsing ------------------------------------------------------------------ */

typedef struct fs_cfg_parse {
    const char *path;
    yaml_document_t *doc;
    fs_config *cfg;
    int failed;
} fs_cfg_parse;

static void fs_cfg_error(fs_cfg_parse *p, const yaml_node_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Set while a quiet set of configurations (the index's) loads one: its
 * errors are the run's to say, for the files it analyses. */
static __thread int fs_cfg_quiet;

static void fs_cfg_error(fs_cfg_parse *p, const yaml_node_t *at, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = 1;
    if (fs_cfg_quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (at)
        fprintf(stderr, "fscheck: %s:%lu:%lu: ", p->path, (unsigned long)at->start_mark.line + 1,
                (unsigned long)at->start_mark.column + 1);
    else
        fprintf(stderr, "fscheck: %s: ", p->path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static yaml_node_t *fs_ynode(fs_cfg_parse *p, int id)
{
    return yaml_document_get_node(p->doc, id);
}

static const char *fs_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A plain empty, "~" or "null" scalar: the key is there with no value. */
static int fs_is_null(const yaml_node_t *n)
{
    const char *s = fs_scalar(n);
    return s && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
           (!*s || strcmp(s, "~") == 0 || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0 ||
            strcmp(s, "NULL") == 0);
}

static const char *fs_type_name(const yaml_node_t *n)
{
    if (!n)
        return "nothing";
    if (n->type == YAML_MAPPING_NODE)
        return "a mapping";
    if (n->type == YAML_SEQUENCE_NODE)
        return "a list";
    return "a scalar";
}

/* Check that a mapping has only the given keys, and no key twice. */
static int fs_check_keys(fs_cfg_parse *p, const yaml_node_t *map, const char *where, const char *const *keys)
{
    for (yaml_node_pair_t *a = map->data.mapping.pairs.start; a < map->data.mapping.pairs.top; a++) {
        yaml_node_t *k = fs_ynode(p, a->key);
        const char *ks = fs_scalar(k);
        if (!ks) {
            fs_cfg_error(p, k, "%s: a key must be a plain name, not %s", where, fs_type_name(k));
            return -1;
        }
        int known = 0;
        for (int i = 0; keys[i]; i++)
            known |= strcmp(keys[i], ks) == 0;
        if (!known) {
            fs_buf b = { 0 };
            fs_buf_puts(&b, "");
            for (int i = 0; keys[i]; i++)
                fs_buf_printf(&b, "%s%s", i ? ", " : "", keys[i]);
            fs_cfg_error(p, k, "unknown key '%s' in %s (expected %s)", ks, where, b.s);
            fs_buf_free(&b);
            return -1;
        }
        for (yaml_node_pair_t *b = map->data.mapping.pairs.start; b < a; b++)
            if (strcmp(fs_scalar(fs_ynode(p, b->key)), ks) == 0) {
                fs_cfg_error(p, k, "key '%s' given twice in %s", ks, where);
                return -1;
            }
    }
    return 0;
}

/* A list of strings (a null value is an empty list); calls fn on each. */
static int fs_each_string(fs_cfg_parse *p, const yaml_node_t *list, const char *key,
                          int (*fn)(fs_cfg_parse *, const yaml_node_t *, const char *, void *), void *arg)
{
    if (fs_is_null(list))
        return 0;
    if (list->type != YAML_SEQUENCE_NODE) {
        fs_cfg_error(p, list, "'%s' must be a list of strings, not %s", key, fs_type_name(list));
        return -1;
    }
    for (yaml_node_item_t *it = list->data.sequence.items.start; it < list->data.sequence.items.top; it++) {
        yaml_node_t *n = fs_ynode(p, *it);
        const char *s = fs_scalar(n);
        if (!s || fs_is_null(n)) {
            fs_cfg_error(p, n, "'%s' must be a list of strings; this item is %s", key,
                         s ? "empty" : fs_type_name(n));
            return -1;
        }
        if (fn(p, n, s, arg) != 0)
            return -1;
    }
    return 0;
}

static const fs_rule *fs_cfg_rule(fs_cfg_parse *p, const yaml_node_t *at, const char *key, const char *s)
{
    const fs_rule *r = fs_rule_find(s);
    if (!r)
        fs_cfg_error(p, at, "unknown rule '%s' in '%s' (see fscheck --list-rules)", s, key);
    return r;
}

static int fs_rule_on(fs_cfg_parse *p, const yaml_node_t *at, const char *s, void *arg)
{
    unsigned char *on = arg;
    if (strcasecmp(s, "all") == 0) {
        memset(on, 1, FS_MAX_RULES);
        return 0;
    }
    const fs_rule *r = fs_cfg_rule(p, at, "rules.enabled", s);
    if (!r)
        return -1;
    for (int i = 0; i < fs_nrules; i++)
        if (fs_rules[i] == r)
            on[i] = 1;
    return 0;
}

static int fs_rule_off(fs_cfg_parse *p, const yaml_node_t *at, const char *s, void *arg)
{
    unsigned char *off = arg;
    const fs_rule *r = fs_cfg_rule(p, at, "rules.disabled", s);
    if (!r)
        return -1;
    for (int i = 0; i < fs_nrules; i++)
        if (fs_rules[i] == r)
            off[i] = 1;
    return 0;
}

static int fs_parse_rules(fs_cfg_parse *p, const yaml_node_t *n)
{
    if (fs_is_null(n))
        return 0;
    if (n->type != YAML_MAPPING_NODE) {
        fs_cfg_error(p, n, "'rules' must be a mapping with 'enabled' and/or 'disabled' lists, not %s",
                     fs_type_name(n));
        return -1;
    }
    static const char *const keys[] = { "enabled", "disabled", NULL };
    if (fs_check_keys(p, n, "'rules'", keys) != 0)
        return -1;
    unsigned char on[FS_MAX_RULES], off[FS_MAX_RULES];
    memset(on, 1, sizeof on);
    memset(off, 0, sizeof off);
    for (yaml_node_pair_t *a = n->data.mapping.pairs.start; a < n->data.mapping.pairs.top; a++) {
        const char *k = fs_scalar(fs_ynode(p, a->key));
        yaml_node_t *v = fs_ynode(p, a->value);
        if (strcmp(k, "enabled") == 0) {
            memset(on, 0, sizeof on);
            if (fs_each_string(p, v, "rules.enabled", fs_rule_on, on) != 0)
                return -1;
        } else if (fs_each_string(p, v, "rules.disabled", fs_rule_off, off) != 0) {
            return -1;
        }
    }
    fs_config *c = p->cfg;
    c->has_rules = 1;
    c->nenabled = 0;
    for (int i = 0; i < fs_nrules && i < FS_MAX_RULES; i++)
        if (on[i] && !off[i])
            c->enabled[c->nenabled++] = fs_rules[i];
    return 0;
}

static int fs_parse_severity(fs_cfg_parse *p, const yaml_node_t *n)
{
    if (fs_is_null(n))
        return 0;
    if (n->type != YAML_MAPPING_NODE) {
        fs_cfg_error(p, n, "'severity' must be a mapping from rule to error, warning or note, not %s",
                     fs_type_name(n));
        return -1;
    }
    for (yaml_node_pair_t *a = n->data.mapping.pairs.start; a < n->data.mapping.pairs.top; a++) {
        yaml_node_t *k = fs_ynode(p, a->key), *v = fs_ynode(p, a->value);
        const char *ks = fs_scalar(k), *vs = fs_scalar(v);
        if (!ks) {
            fs_cfg_error(p, k, "'severity': a key must be a rule id or name, not %s", fs_type_name(k));
            return -1;
        }
        const fs_rule *r = fs_cfg_rule(p, k, "severity", ks);
        if (!r)
            return -1;
        static const char *const levels[] = { "error", "warning", "note" };
        const char *level = NULL;
        for (int i = 0; vs && i < 3; i++)
            if (strcmp(vs, levels[i]) == 0)
                level = levels[i];
        if (!level) {
            fs_cfg_error(p, v, "'severity.%s' must be error, warning or note, not %s%s%s", ks, vs ? "'" : "",
                         vs ? vs : fs_type_name(v), vs ? "'" : "");
            return -1;
        }
        fs_config *c = p->cfg;
        int i = 0;
        while (i < c->nsev && c->sev[i].rule != r)
            i++;
        if (i == c->nsev) {
            if (c->nsev >= FS_MAX_RULES)
                continue;
            c->nsev++;
        }
        c->sev[i].rule = r;
        c->sev[i].severity = level;
    }
    return 0;
}

static int fs_is_identifier(const char *s)
{
    if (!*s || isdigit((unsigned char)*s))
        return 0;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

static int fs_parse_wrapper(fs_cfg_parse *p, const yaml_node_t *n)
{
    if (n->type != YAML_MAPPING_NODE) {
        fs_cfg_error(p, n, "each item of 'wrappers' must be a mapping with name, path_arg and kind, not %s",
                     fs_type_name(n));
        return -1;
    }
    static const char *const keys[] = { "name", "path_arg", "kind", NULL };
    if (fs_check_keys(p, n, "a wrapper", keys) != 0)
        return -1;
    const char *name = NULL, *kind = NULL;
    long arg = 0;
    for (yaml_node_pair_t *a = n->data.mapping.pairs.start; a < n->data.mapping.pairs.top; a++) {
        const char *k = fs_scalar(fs_ynode(p, a->key));
        yaml_node_t *v = fs_ynode(p, a->value);
        const char *vs = fs_scalar(v);
        if (strcmp(k, "name") == 0) {
            if (!vs || !fs_is_identifier(vs)) {
                fs_cfg_error(p, v, "'wrappers.name' must be a C function name, not %s%s%s", vs ? "'" : "",
                             vs ? vs : fs_type_name(v), vs ? "'" : "");
                return -1;
            }
            name = vs;
        } else if (strcmp(k, "path_arg") == 0) {
            char *end = NULL;
            if (vs && v->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && isdigit((unsigned char)*vs))
                arg = strtol(vs, &end, 10);
            if (!end || *end || arg < 1 || arg > 32) {
                fs_cfg_error(p, v, "'wrappers.path_arg' must be a number from 1 to 32 (the path argument, counted from 1), not %s%s%s",
                             vs ? "'" : "", vs ? vs : fs_type_name(v), vs ? "'" : "");
                return -1;
            }
        } else {
            fs_op op;
            if (!vs || fs_kind_op(vs, &op) != 0) {
                fs_cfg_error(p, v, "'wrappers.kind' must be %s, not %s%s%s", fs_kind_words(), vs ? "'" : "",
                             vs ? vs : fs_type_name(v), vs ? "'" : "");
                return -1;
            }
            kind = vs;
        }
    }
    if (!name || !arg || !kind) {
        fs_cfg_error(p, n, "a wrapper needs name, path_arg and kind; '%s' is missing",
                     !name ? "name" : !arg ? "path_arg" : "kind");
        return -1;
    }
    fs_summary s;
    memset(&s, 0, sizeof s);
    s.name = (char *)name;
    s.param = (int)arg - 1;
    s.file = p->cfg->path;
    s.line = (int)n->start_mark.line + 1;
    fs_kind_op(kind, &s.op);
    s.op.via_wrapper = 1;
    for (const fs_summary *x = fs_summaries_find(p->cfg->wrappers, name); x; x = fs_summaries_next(p->cfg->wrappers, x))
        if (x->param == s.param) {
            fs_cfg_error(p, n, "wrapper '%s' with path_arg %ld is declared twice", name, arg);
            return -1;
        }
    fs_summaries_add(p->cfg->wrappers, &s);
    return 0;
}

static int fs_parse_wrappers(fs_cfg_parse *p, const yaml_node_t *n)
{
    if (fs_is_null(n))
        return 0;
    if (n->type != YAML_SEQUENCE_NODE) {
        fs_cfg_error(p, n, "'wrappers' must be a list of {name, path_arg, kind}, not %s", fs_type_name(n));
        return -1;
    }
    for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
        if (fs_parse_wrapper(p, fs_ynode(p, *it)) != 0)
            return -1;
    return 0;
}

static int fs_add_exclude(fs_cfg_parse *p, const yaml_node_t *at, const char *s, void *arg)
{
    (void)at;
    (void)arg;
    fs_config *c = p->cfg;
    while (s[0] == '.' && s[1] == '/')
        s += 2;
    while (*s == '/')
        s++;
    char *g = fs_xstrdup(s);
    size_t n = strlen(g);
    while (n > 1 && g[n - 1] == '/')
        g[--n] = '\0';
    FS_PUSH(c->exclude, c->nexclude, c->capexclude, g);
    return 0;
}

fs_config *fs_config_load(const char *path)
{
    const char *why;
    long len = 0;
    char *text = fs_source_read(path, &len, &why, NULL);
    if (!text) {
        if (!fs_cfg_quiet)
            fprintf(stderr, "fscheck: %s: cannot read the configuration: %s\n", path, why);
        return NULL;
    }
    fs_config *c = fs_xcalloc(1, sizeof *c);
    c->path = fs_xstrdup(path);
    char *copy = fs_xstrdup(path);
    c->dir = realpath(dirname(copy), NULL);
    free(copy);
    if (!c->dir)
        c->dir = fs_xstrdup(".");
    c->wrappers = fs_summaries_new();

    yaml_parser_t parser;
    yaml_document_t doc;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, (size_t)len);
    fs_cfg_parse p = { path, &doc, c, 0 };
    if (!yaml_parser_load(&parser, &doc)) {
        if (!fs_cfg_quiet)
            fprintf(stderr, "fscheck: %s:%lu:%lu: not valid YAML: %s%s%s\n", path,
                (unsigned long)parser.problem_mark.line + 1, (unsigned long)parser.problem_mark.column + 1,
                parser.problem ? parser.problem : "syntax error", parser.context ? " " : "",
                parser.context ? parser.context : "");
        yaml_parser_delete(&parser);
        free(text);
        fs_config_delete(c);
        return NULL;
    }
    yaml_node_t *root = yaml_document_get_root_node(&doc);
    if (root && !fs_is_null(root)) {
        static const char *const keys[] = { "rules", "severity", "wrappers", "exclude", NULL };
        if (root->type != YAML_MAPPING_NODE) {
            fs_cfg_error(&p, root, "the configuration must be a mapping with keys rules, severity, wrappers, exclude; not %s",
                         fs_type_name(root));
        } else if (fs_check_keys(&p, root, "the configuration", keys) == 0) {
            for (yaml_node_pair_t *a = root->data.mapping.pairs.start; a < root->data.mapping.pairs.top && !p.failed; a++) {
                const char *k = fs_scalar(fs_ynode(&p, a->key));
                yaml_node_t *v = fs_ynode(&p, a->value);
                if (strcmp(k, "rules") == 0)
                    fs_parse_rules(&p, v);
                else if (strcmp(k, "severity") == 0)
                    fs_parse_severity(&p, v);
                else if (strcmp(k, "wrappers") == 0)
                    fs_parse_wrappers(&p, v);
                else
                    fs_each_string(&p, v, "exclude", fs_add_exclude, NULL);
            }
        }
    }
    yaml_document_delete(&doc);
    yaml_parser_delete(&parser);
    free(text);
    if (p.failed) {
        fs_config_delete(c);
        return NULL;
    }
    return c;
}

/* --- finding the config of a file ----------------------------------------------- */

typedef struct fs_dir_config {
    char *dir;       /* canonical */
    fs_config *cfg;  /* NULL: none here or above */
    int owner;       /* cfg was loaded for this folder (delete it) */
} fs_dir_config;

struct fs_configs {
    int quiet; /* errors not said (fs_configs_quiet) */
    fs_config *explicit_cfg;
    char *explicit_path;
    int explicit_failed;
    fs_dir_config *v;
    int n, cap;
    char *last_dir, *last_real; /* the folder last asked about, and its realpath (or NULL): files come
                                 * folder by folder (the index's walk) */
};

fs_configs *fs_configs_new(const char *explicit_path)
{
    fs_configs *s = fs_xcalloc(1, sizeof *s);
    if (explicit_path)
        s->explicit_path = fs_xstrdup(explicit_path);
    return s;
}

void fs_configs_delete(fs_configs *s)
{
    if (!s)
        return;
    fs_config_delete(s->explicit_cfg);
    free(s->explicit_path);
    for (int i = 0; i < s->n; i++) {
        if (s->v[i].owner)
            fs_config_delete(s->v[i].cfg);
        free(s->v[i].dir);
    }
    FS_FREE(s->v, s->last_dir, s->last_real, s);
}

static fs_dir_config *fs_dir_find(fs_configs *s, const char *dir)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].dir, dir) == 0)
            return &s->v[i];
    return NULL;
}

/* The config of canonical folder dir: its own file, or its parent's. */
static int fs_dir_config_of(fs_configs *s, const char *dir, fs_config **out, int depth)
{
    fs_dir_config *d = fs_dir_find(s, dir);
    if (d) {
        *out = d->cfg;
        return 0;
    }
    char *file = fs_xasprintf("%s%s" FS_CONFIG_NAME, dir, strcmp(dir, "/") == 0 ? "" : "/");
    /* named relative to the working folder when it is below it */
    char *cwd = getcwd(NULL, 0);
    size_t ncwd = cwd ? strlen(cwd) : 0;
    if (cwd && ncwd > 1 && strncmp(file, cwd, ncwd) == 0 && file[ncwd] == '/') {
        char *rel = fs_xstrdup(file + ncwd + 1);
        free(file);
        file = rel;
    }
    free(cwd);
    struct stat st;
    fs_config *cfg = NULL;
    int owner = 0;
    if (stat(file, &st) == 0 && !S_ISDIR(st.st_mode)) {
        cfg = fs_config_load(file);
        free(file);
        if (!cfg)
            return -1;
        owner = 1;
    } else {
        free(file);
        if (strcmp(dir, "/") != 0 && depth < 256) {
            char *copy = fs_xstrdup(dir);
            char *parent = fs_xstrdup(dirname(copy));
            free(copy);
            int rc = fs_dir_config_of(s, parent, &cfg, depth + 1);
            free(parent);
            if (rc != 0)
                return -1;
        }
    }
    fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[s->n].dir = fs_xstrdup(dir);
    s->v[s->n].cfg = cfg;
    s->v[s->n].owner = owner;
    s->n++;
    *out = cfg;
    return 0;
}

void fs_configs_quiet(fs_configs *s)
{
    s->quiet = 1;
}

static int fs_configs_for_said(fs_configs *s, const char *file, fs_config **out);

int fs_configs_for(fs_configs *s, const char *file, fs_config **out)
{
    int was = fs_cfg_quiet;
    fs_cfg_quiet = s->quiet;
    int rc = fs_configs_for_said(s, file, out);
    fs_cfg_quiet = was;
    return rc;
}

static int fs_configs_for_said(fs_configs *s, const char *file, fs_config **out)
{
    *out = NULL;
    if (s->explicit_path) {
        if (!s->explicit_cfg && !s->explicit_failed) {
            s->explicit_cfg = fs_config_load(s->explicit_path);
            s->explicit_failed = !s->explicit_cfg;
        }
        *out = s->explicit_cfg;
        return s->explicit_failed ? -1 : 0;
    }
    char *copy = fs_xstrdup(file);
    const char *in = dirname(copy);
    if (!s->last_dir || strcmp(s->last_dir, in) != 0) {
        free(s->last_dir);
        free(s->last_real);
        s->last_dir = fs_xstrdup(in);
        s->last_real = realpath(in, NULL);
    }
    free(copy);
    if (!s->last_real)
        return 0; /* the driver reports unreadable files */
    return fs_dir_config_of(s, s->last_real, out, 0);
}

int fs_configs_prepare(fs_configs *s, char **files, int *nfiles, fs_config **per_file)
{
    fs_config *cfg;
    if (s->explicit_path && fs_configs_for(s, s->explicit_path, &cfg) != 0)
        return -1;
    int w = 0;
    for (int i = 0; i < *nfiles; i++) {
        if (fs_configs_for(s, files[i], &cfg) != 0) {
            while (i < *nfiles)
                files[w++] = files[i++];
            *nfiles = w;
            return -1;
        }
        if (cfg && fs_config_excludes(cfg, files[i])) {
            free(files[i]);
            continue;
        }
        per_file[w] = cfg;
        files[w++] = files[i];
    }
    *nfiles = w;
    return 0;
}

/* --- using it ------------------------------------------------------------------- */

static int fs_glob_matches(const char *glob, const char *rel)
{
    size_t n = strlen(rel);
    char *buf = fs_xmalloc(n + 1);
    int hit = 0;
    int anywhere = !strchr(glob, '/');
    /* rel and its leading folders; a glob without '/' also at any depth */
    for (size_t b = 0; b <= n && !hit; b++) {
        if (b > 0 && (!anywhere || rel[b - 1] != '/'))
            continue;
        for (size_t e = b + 1; e <= n && !hit; e++) {
            if (e < n && rel[e] != '/')
                continue;
            memcpy(buf, rel + b, e - b);
            buf[e - b] = '\0';
            hit = fnmatch(glob, buf, 0) == 0;
        }
    }
    free(buf);
    return hit;
}

int fs_config_excludes(const fs_config *c, const char *file)
{
    if (!c || !c->nexclude)
        return 0;
    char *real = realpath(file, NULL);
    const char *rel = file;
    size_t n = strlen(c->dir);
    if (real && strcmp(c->dir, "/") == 0)
        rel = real + 1;
    else if (real && strncmp(real, c->dir, n) == 0 && real[n] == '/')
        rel = real + n + 1;
    while (rel[0] == '.' && rel[1] == '/')
        rel += 2;
    int hit = 0;
    for (int i = 0; i < c->nexclude && !hit; i++)
        hit = fs_glob_matches(c->exclude[i], rel);
    free(real);
    return hit;
}

const fs_summaries *fs_config_wrappers(const fs_config *c)
{
    return c ? c->wrappers : NULL;
}

void fs_config_opts(fs_config *c, const fs_driver_opts *base, int cli_rules, fs_driver_opts *out)
{
    *out = *base;
    if (!c)
        return;
    if (c->has_rules && !cli_rules) {
        out->rules = c->enabled;
        out->nrules = c->nenabled;
    }
    if (c->wrappers->n)
        out->declared = c->wrappers; /* over the project's summaries, and the unit's own (driver.c) */
}

void fs_config_severities(const fs_config *c, fs_findings *fs, int first)
{
    if (!c)
        return;
    for (int i = first; i < fs->n; i++)
        for (int k = 0; k < c->nsev; k++)
            if (strcmp(c->sev[k].rule->id, fs->v[i].rule) == 0)
                fs->v[i].severity = c->sev[k].severity;
}
