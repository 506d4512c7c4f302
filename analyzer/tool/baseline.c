/* baseline.c - writing and applying baselines. */
#include "tool/baseline.h"
#include "base/util.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FS_BASELINE_VERSION 1

/* The canonical folder holding path (which need not exist yet). */
static char *fs_dir_of(const char *path)
{
    char *copy = fs_xstrdup(path);
    char *real = realpath(dirname(copy), NULL);
    free(copy);
    return real;
}

/* file, relative to the folder dir when both resolve; else as given. */
static char *fs_relative_to(const char *dir, const char *file)
{
    char *real = dir ? realpath(file, NULL) : NULL;
    if (!real)
        return fs_xstrdup(file);
    if (strcmp(dir, "/") == 0) {
        char *r = fs_xstrdup(real + 1);
        free(real);
        return r;
    }
    /* common leading folders */
    size_t common = 0;
    for (size_t i = 0;; i++) {
        if ((dir[i] == '/' || dir[i] == '\0') && (real[i] == '/' || real[i] == '\0'))
            common = i;
        if (dir[i] == '\0' || real[i] == '\0' || dir[i] != real[i])
            break;
    }
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    for (const char *p = dir + common; *p; p++)
        if (*p == '/')
            fs_buf_puts(&b, "../");
    const char *rest = real + common;
    if (*rest == '/')
        rest++;
    fs_buf_puts(&b, rest);
    free(real);
    return b.s;
}

/* s as JSON holds it: bytes that are not UTF-8 become U+FFFD (a copy). */
static char *fs_as_utf8(const char *s)
{
    char *fixed = fs_utf8_repair(s ? s : "", s ? strlen(s) : 0);
    return fixed ? fixed : fs_xstrdup(s ? s : "");
}

static json_t *fs_jstr(const char *s)
{
    char *u = fs_as_utf8(s);
    json_t *j = json_string(u);
    free(u);
    return j;
}

int fs_baseline_write(const char *path, const fs_findings *fs)
{
    char *dir = fs_dir_of(path);
    if (!dir) {
        fprintf(stderr, "fscheck: --write-baseline: %s: %s\n", path, strerror(errno));
        return -1;
    }
    json_t *doc = json_object();
    json_object_set_new(doc, "fscheck_baseline", json_integer(FS_BASELINE_VERSION));
    json_t *arr = json_array();
    for (int i = 0; i < fs->n; i++) {
        const fs_finding *f = &fs->v[i];
        json_t *e = json_object();
        char *rel = fs_relative_to(dir, f->file);
        json_object_set_new(e, "file", fs_jstr(rel));
        free(rel);
        json_object_set_new(e, "rule", json_string(f->rule));
        json_object_set_new(e, "fingerprint", fs_jstr(f->fingerprint));
        json_object_set_new(e, "function", fs_jstr(f->function));
        json_object_set_new(e, "path_expr", fs_jstr(f->path_expr));
        json_object_set_new(e, "message", fs_jstr(f->message));
        json_array_append_new(arr, e);
    }
    json_object_set_new(doc, "findings", arr);
    free(dir);

    char *tmp = fs_xasprintf("%s.tmp.%ld", path, (long)getpid());
    FILE *out = fopen(tmp, "w");
    int rc = -1;
    if (out) {
        int bad = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0;
        bad |= fputc('\n', out) == EOF;
        bad |= fclose(out) != 0;
        if (!bad && rename(tmp, path) == 0)
            rc = 0;
    }
    if (rc != 0) {
        fprintf(stderr, "fscheck: --write-baseline: cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    json_decref(doc);
    return rc;
}

/* "file\nrule\nfingerprint": the identity of an entry */
static char *fs_key(const char *file, const char *rule, const char *fp)
{
    return fs_xasprintf("%s\n%s\n%s", file, rule, fp);
}

static int fs_cmp_key(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int fs_baseline_apply(const char *path, fs_findings *fs, int *dropped)
{
    *dropped = 0;
    json_error_t err;
    json_t *doc = json_load_file(path, 0, &err);
    if (!doc) {
        if (err.line > 0)
            fprintf(stderr, "fscheck: --baseline: %s:%d:%d: %s\n", path, err.line, err.column, err.text);
        else
            fprintf(stderr, "fscheck: --baseline: %s: %s\n", path, err.text);
        return -1;
    }
    json_t *ver = json_object_get(doc, "fscheck_baseline");
    json_t *arr = json_object_get(doc, "findings");
    if (!json_is_integer(ver) || !json_is_array(arr)) {
        fprintf(stderr, "fscheck: --baseline: %s: not an fscheck baseline (write one with --write-baseline)\n", path);
        json_decref(doc);
        return -1;
    }
    if (json_integer_value(ver) != FS_BASELINE_VERSION) {
        fprintf(stderr, "fscheck: --baseline: %s: baseline version %lld, this fscheck reads %d\n", path,
                (long long)json_integer_value(ver), FS_BASELINE_VERSION);
        json_decref(doc);
        return -1;
    }
    /* the entries' keys, sorted: file, rule, fingerprint */
    size_t n = json_array_size(arr);
    char **keys = fs_xcalloc(n + 1, sizeof *keys);
    size_t nkeys = 0;
    for (size_t k = 0; k < n; k++) {
        json_t *e = json_array_get(arr, k);
        const char *ef = json_string_value(json_object_get(e, "file"));
        const char *er = json_string_value(json_object_get(e, "rule"));
        const char *ep = json_string_value(json_object_get(e, "fingerprint"));
        if (ef && er && ep)
            keys[nkeys++] = fs_key(ef, er, ep);
    }
    if (nkeys > 1)
        qsort(keys, nkeys, sizeof *keys, fs_cmp_key);
    unsigned char *taken = fs_xcalloc(nkeys + 1, 1);
    char *dir = fs_dir_of(path);
    int w = 0;
    for (int i = 0; i < fs->n; i++) {
        fs_finding *f = &fs->v[i];
        int hit = 0;
        if (f->fingerprint && nkeys) {
            /* as written: names and fingerprints in UTF-8 */
            char *raw = fs_relative_to(dir, f->file);
            char *rel = fs_as_utf8(raw);
            char *fp = fs_as_utf8(f->fingerprint);
            free(raw);
            char *key = fs_key(rel, f->rule, fp);
            free(fp);
            char **at = bsearch(&key, keys, nkeys, sizeof *keys, fs_cmp_key);
            if (at) {
                size_t k = (size_t)(at - keys);
                while (k > 0 && strcmp(keys[k - 1], key) == 0)
                    k--;
                for (; k < nkeys && strcmp(keys[k], key) == 0 && !hit; k++)
                    if (!taken[k])
                        taken[k] = hit = 1;
            }
            free(key);
            free(rel);
        }
        if (hit) {
            fs_finding_clear(f);
            (*dropped)++;
            continue;
        }
        fs->v[w++] = *f;
    }
    for (size_t k = 0; k < nkeys; k++)
        free(keys[k]);
    free(keys);
    fs->n = w;
    free(dir);
    free(taken);
    json_decref(doc);
    return 0;
}
