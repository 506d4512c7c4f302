/*
 * unit_fixer.c - the fixer on hand-made fixes: overlapping fixes rejected
 * and named, identical fixes (and an edit shared by two fixes) applied once,
 * unsafe fixes only when asked, files changed since the analysis refused, a
 * fix spanning two files applied whole or not at all, the findings left
 * moved to where their code is after --fix, and unified diffs that
 * `patch -p1` (and `git apply`) turn into exactly the files --fix writes, on
 * the edge cases of the format.
 *
 * Every test works in a temporary folder of its own, and names its files
 * with absolute paths made by F(): the fixer remembers what each file name
 * held when it was analysed, for the whole process.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "check/finding.h"
#include "fix/fixer.h"
#include "base/util.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char ut_top[PATH_MAX]; /* the folder of all the tests */
static char ut_home[PATH_MAX]; /* where the tests were started */
static int ut_serial;

/* --- files ---------------------------------------------------------------- */

static void put_file(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* The whole file, NUL-terminated; its length in *n. */
static char *get_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t cap = 4096, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t r;
    while ((r = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += r;
        if (cap - len < 2) {
            cap *= 2;
            s = realloc(s, cap);
            assert_non_null(s);
        }
    }
    fclose(f);
    s[len] = '\0';
    if (n)
        *n = len;
    return s;
}

/* NAME in the current test's folder, as an absolute path (a ring of
 * buffers: valid for the next 16 calls). */
static const char *F(const char *name)
{
    static char ring[16][PATH_MAX + 64];
    static int next;
    char *b = ring[next++ % 16];
    if (snprintf(b, sizeof ring[0], "%s/t%d/%s", ut_top, ut_serial, name) >= (int)sizeof ring[0])
        fail_msg("name too long: %s", name);
    return b;
}

/* The files as they were analysed: each edit of one of them carries the
 * hash of this text (as the driver stamps it), set by run_fixer. */
static struct {
    char name[PATH_MAX + 64];
    unsigned long long hash;
} analysed[64];
static int nanalysed;

/* A new folder for one test, made the current one. */
static void enter_new_dir(void)
{
    char d[PATH_MAX + 32];
    snprintf(d, sizeof d, "%s/t%d", ut_top, ++ut_serial);
    nanalysed = 0;
    assert_int_equal(mkdir(d, 0755), 0);
    assert_int_equal(chdir(d), 0);
}

/* Write a source file; its edits say it was analysed like this. */
static void source(const char *name, const char *text)
{
    put_file(name, text, strlen(text));
    assert_true(nanalysed < 64);
    snprintf(analysed[nanalysed].name, sizeof analysed[0].name, "%s", name);
    analysed[nanalysed++].hash = fs_fnv64(text, strlen(text));
}

static void stamp_edits(fs_findings *fs)
{
    for (int i = 0; i < fs->n; i++)
        for (int k = 0; fs->v[i].fix && k < fs->v[i].fix->nedits; k++)
            for (int a = 0; a < nanalysed; a++)
                if (strcmp(analysed[a].name, fs->v[i].fix->edits[k].file) == 0)
                    fs->v[i].fix->edits[k].hash = analysed[a].hash;
}

/* --- findings -------------------------------------------------------------- */

static fs_finding *finding(fs_findings *fs, const char *rule, const char *file, int line, int col)
{
    fs_finding *f = fs_findings_add(fs);
    f->rule = rule;
    f->name = "test-rule";
    f->file = strdup(file);
    f->message = strdup("test finding");
    f->range.begin.line = line;
    f->range.begin.col = col;
    return f;
}

static fs_fix *fix(fs_finding *f, fs_safety safety)
{
    return fs_finding_set_fix(f, safety, "test fix");
}

/* Run the fixer with stderr going to a string (returned; the caller frees). */
static char *run_fixer(fs_findings *fs, fs_fixer_opts *o, unsigned char *applied, int *rc)
{
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0);
    FILE *err = tmpfile();
    assert_non_null(err);
    dup2(fileno(err), 2);
    stamp_edits(fs);
    *rc = fs_fixer_run(fs, o, applied);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(err);
    char *s = calloc(1, 65536);
    assert_non_null(s);
    size_t n = fread(s, 1, 65535, err);
    s[n] = '\0';
    fclose(err);
    return s;
}

static char *fix_in_place(fs_findings *fs, int unsafe, unsigned char *applied, int *rc)
{
    fs_fixer_opts o = { unsafe, 1, NULL, NULL, NULL };
    return run_fixer(fs, &o, applied, rc);
}

/* --- overlaps ---------------------------------------------------------------- */

static void test_overlapping_fixes_rejected_and_named(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "int a = access(p, F_OK) && stat(p, &st);\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 9), FS_FIX_SAFE), F("t.c"), 8, 19, "");
    fs_fix_add_edit(fix(finding(&fs, "FS102", F("t.c"), 1, 15), FS_FIX_SAFE), F("t.c"), 14, 10, "X");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    char want[2 * PATH_MAX + 128];
    snprintf(want, sizeof want, "%s:1:15: the fix for FS102 overlaps the fix for FS101 at %s:1:9; not applied",
             F("t.c"), F("t.c"));
    assert_non_null(strstr(err, want));
    assert_int_equal(applied[0], 1);
    assert_int_equal(applied[1], 0);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "int a = stat(p, &st);\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

static void test_overlapping_edits_in_one_fix(void **state)
{
    (void)state;
    enter_new_dir();
    const char *text = "abcdefghij\n";
    source(F("t.c"), text);
    fs_findings fs = { 0 };
    fs_fix *x = fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_SAFE);
    fs_fix_add_edit(x, F("t.c"), 0, 4, "");
    fs_fix_add_edit(x, F("t.c"), 2, 4, "Z");
    unsigned char applied[1] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_non_null(strstr(err, "t.c:1:1: the fix for FS101 has overlapping edits; not applied"));
    assert_int_equal(applied[0], 0);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, text);
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* Two insertions at one offset: their order would be a guess. */
static void test_insertions_at_one_offset_overlap(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "x;\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_SAFE), F("t.c"), 0, 0, "a");
    fs_fix_add_edit(fix(finding(&fs, "FS201", F("t.c"), 1, 2), FS_FIX_SAFE), F("t.c"), 0, 0, "b");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_non_null(strstr(err, "the fix for FS201 overlaps the fix for FS101"));
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "ax;\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* Edits that touch without overlapping all apply: a replacement ending
 * where the next begins, an insertion at the start or the end of another. */
static void test_touching_edits_apply(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "0123456789\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_SAFE), F("t.c"), 0, 3, "A");
    fs_fix_add_edit(fix(finding(&fs, "FS102", F("t.c"), 1, 4), FS_FIX_SAFE), F("t.c"), 3, 2, "B");
    fs_fix_add_edit(fix(finding(&fs, "FS201", F("t.c"), 1, 6), FS_FIX_SAFE), F("t.c"), 5, 0, "<");
    fs_fix_add_edit(fix(finding(&fs, "FS202", F("t.c"), 1, 7), FS_FIX_SAFE), F("t.c"), 5, 3, "C");
    fs_fix_add_edit(fix(finding(&fs, "FS301", F("t.c"), 1, 9), FS_FIX_SAFE), F("t.c"), 8, 0, ">");
    unsigned char applied[5] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(err, "");
    for (int i = 0; i < 5; i++)
        assert_int_equal(applied[i], 1);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "AB<C>89\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* Two different fixes that share one edit (the same declaration, say): both
 * apply, and the shared edit is made once. */
static void test_shared_edit_made_once(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "0123456789\n");
    fs_findings fs = { 0 };
    fs_fix *x = fix(finding(&fs, "FS101", F("t.c"), 1, 3), FS_FIX_SAFE);
    fs_fix_add_edit(x, F("t.c"), 0, 0, "D;");
    fs_fix_add_edit(x, F("t.c"), 2, 1, "a");
    fs_fix *y = fix(finding(&fs, "FS101", F("t.c"), 1, 5), FS_FIX_SAFE);
    fs_fix_add_edit(y, F("t.c"), 4, 1, "b");
    fs_fix_add_edit(y, F("t.c"), 0, 0, "D;");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(err, "");
    assert_int_equal(applied[0], 1);
    assert_int_equal(applied[1], 1);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "D;01a3b56789\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* --- identical fixes, unsafe fixes ------------------------------------------- */

/* The same fix twice (a header seen from two translation units, once under
 * another spelling of its name): applied once, and both findings are fixed. */
static void test_identical_fixes_apply_once(void **state)
{
    (void)state;
    enter_new_dir();
    assert_int_equal(mkdir("inc", 0755), 0);
    assert_int_equal(mkdir("src", 0755), 0);
    source(F("inc/h.h"), "static int x = access(p, F_OK) == 0 && y;\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("inc/h.h"), 1, 16), FS_FIX_SAFE), F("inc/h.h"), 15, 24, "");
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("src/../inc/h.h"), 1, 16), FS_FIX_SAFE), F("src/../inc/h.h"), 15, 24,
                    "");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(err, "");
    assert_int_equal(applied[0], 1);
    assert_int_equal(applied[1], 1);
    char *now = get_file(F("inc/h.h"), NULL);
    assert_string_equal(now, "static int x = y;\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

static void test_unsafe_fixes_only_when_asked(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "abc\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_UNSAFE), F("t.c"), 0, 1, "A");
    fs_fix_add_edit(fix(finding(&fs, "FS102", F("t.c"), 1, 3), FS_FIX_SAFE), F("t.c"), 2, 1, "C");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(applied[0], 0);
    assert_int_equal(applied[1], 1);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "abC\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);

    /* the same again on a fresh file, with --unsafe-fixes */
    source(F("u.c"), "abc\n");
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("u.c"), 1, 1), FS_FIX_UNSAFE), F("u.c"), 0, 1, "A");
    fs_fix_add_edit(fix(finding(&fs, "FS102", F("u.c"), 1, 3), FS_FIX_SAFE), F("u.c"), 2, 1, "C");
    memset(applied, 0, sizeof applied);
    err = fix_in_place(&fs, 1, applied, &rc);
    assert_int_equal(applied[0], 1);
    assert_int_equal(applied[1], 1);
    now = get_file(F("u.c"), NULL);
    assert_string_equal(now, "AbC\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* --- refusing to write ----------------------------------------------------- */

static void test_changed_file_refused(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "abc\n");
    put_file(F("t.c"), "abd\n", 4); /* changed after the analysis */
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_SAFE), F("t.c"), 0, 1, "A");
    unsigned char applied[1] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "t.c: changed since it was analysed; no fix applied to it"));
    assert_int_equal(applied[0], 0);
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "abd\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

static void test_edit_outside_the_file(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "abc\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(finding(&fs, "FS101", F("t.c"), 1, 1), FS_FIX_SAFE), F("t.c"), 3, 5, "");
    unsigned char applied[1] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "t.c: a fix lies outside the file"));
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "abc\n");
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* A fix with edits in two files, one of which cannot be fixed: neither file
 * gets its part; another fix of the good file still applies. */
static void test_fix_across_files_is_whole(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("a.c"), "aaaa\n");
    source(F("b.h"), "bbbb\n");
    put_file(F("b.h"), "bbbc\n", 5);
    fs_findings fs = { 0 };
    fs_fix *x = fix(finding(&fs, "FS101", F("a.c"), 1, 1), FS_FIX_SAFE);
    fs_fix_add_edit(x, F("a.c"), 0, 1, "A");
    fs_fix_add_edit(x, F("b.h"), 0, 1, "B");
    fs_fix_add_edit(fix(finding(&fs, "FS102", F("a.c"), 1, 4), FS_FIX_SAFE), F("a.c"), 3, 1, "Z");
    unsigned char applied[2] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "b.h: changed since it was analysed"));
    assert_int_equal(applied[0], 0);
    assert_int_equal(applied[1], 1);
    char *a = get_file(F("a.c"), NULL), *b = get_file(F("b.h"), NULL);
    assert_string_equal(a, "aaaZ\n");
    assert_string_equal(b, "bbbc\n");
    free(a);
    free(b);
    free(err);
    fs_findings_clear(&fs);
}

/* --- the findings left ------------------------------------------------------ */

static fs_finding *ranged(fs_findings *fs, const char *rule, long b, long e, int line, int col)
{
    fs_finding *f = finding(fs, rule, F("t.c"), line, col);
    f->range.begin.offset = b;
    f->range.end.offset = e;
    return f;
}

/* After --fix, a finding left moves with its code; one whose code a written
 * fix replaced counts as fixed; a fix of its that a written edit touches is
 * dropped. */
static void test_findings_left_move(void **state)
{
    (void)state;
    enter_new_dir();
    source(F("t.c"), "aaaa\nbbbb\ncccc\ndddd\n");
    fs_findings fs = { 0 };
    fs_fix_add_edit(fix(ranged(&fs, "FS101", 0, 4, 1, 1), FS_FIX_SAFE), F("t.c"), 0, 5, "");
    fs_fix_add_edit(fix(ranged(&fs, "FS201", 5, 9, 2, 1), FS_FIX_SAFE), F("t.c"), 5, 5, "B\n");
    fs_finding *left = ranged(&fs, "FS202", 10, 14, 3, 1);
    fs_finding_add_related(left, F("t.c"), 4, 2, "related");
    fs_fix_add_edit(fix(left, FS_FIX_UNSAFE), F("t.c"), 12, 2, "X");
    ranged(&fs, "FS401", 6, 8, 2, 2);                                   /* inside the replaced line */
    fs_fix_add_edit(fix(ranged(&fs, "FS302", 15, 19, 4, 1), FS_FIX_UNSAFE), F("t.c"), 6, 2, "Y"); /* touches it */
    unsigned char applied[5] = { 0 };
    int rc;
    char *err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    assert_string_equal(err, "");
    char *now = get_file(F("t.c"), NULL);
    assert_string_equal(now, "B\ncccc\ndddd\n");
    assert_int_equal(applied[0], 1);
    assert_int_equal(applied[1], 1);
    assert_int_equal(applied[2], 0);
    assert_int_equal(applied[3], 1); /* its code is gone */
    assert_int_equal(applied[4], 0);
    left = &fs.v[2];
    assert_int_equal(left->range.begin.offset, 2);
    assert_int_equal(left->range.end.offset, 6);
    assert_int_equal(left->range.begin.line, 2);
    assert_int_equal(left->range.begin.col, 1);
    assert_int_equal(left->range.end.line, 2);
    assert_int_equal(left->range.end.col, 5);
    assert_int_equal(left->related[0].line, 3);
    assert_int_equal(left->related[0].col, 2);
    assert_non_null(left->fix);
    assert_int_equal(left->fix->edits[0].offset, 4);
    assert_int_equal(left->fix->edits[0].length, 2);
    assert_int_equal(fs.v[4].range.begin.line, 3);
    assert_int_equal(fs.v[4].range.begin.offset, 7);
    assert_null(fs.v[4].fix);
    free(now);
    free(err);
    fs_findings_clear(&fs);
}

/* --- diffs ------------------------------------------------------------------ */

typedef struct edit_spec {
    long offset, length;
    const char *replacement;
} edit_spec;

/*
 * The diff of `edits` (one safe fix each) on a file holding `text`, applied
 * with patch -p1 (and git apply, when there is git) to a copy, must give the
 * file that --fix writes; --diff itself must leave the file alone.
 */
static void check_diff_named(const char *name, const char *text, size_t n, const edit_spec *edits, int nedits)
{
    enter_new_dir();
    assert_int_equal(mkdir("fix", 0755), 0);
    assert_int_equal(mkdir("patch", 0755), 0);
    assert_int_equal(mkdir("git", 0755), 0);
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "patch/%s", name);
    put_file(path, text, n);
    snprintf(path, sizeof path, "git/%s", name);
    put_file(path, text, n);
    snprintf(path, sizeof path, "fix/%s", name);
    put_file(path, text, n);
    char fname[PATH_MAX + 64];
    snprintf(fname, sizeof fname, "%s", F(path));
    snprintf(analysed[nanalysed].name, sizeof analysed[0].name, "%s", fname);
    analysed[nanalysed++].hash = fs_fnv64(text, n);

    fs_findings fs = { 0 };
    for (int i = 0; i < nedits; i++)
        fs_fix_add_edit(fix(finding(&fs, "FS101", fname, 1, 1 + i), FS_FIX_SAFE), fname, edits[i].offset,
                        edits[i].length, edits[i].replacement);
    unsigned char applied[16] = { 0 };
    int rc;

    /* the diff, made in fix/ (so the file is "f.c" in it) */
    assert_int_equal(chdir("fix"), 0);
    FILE *d = fopen("../f.diff", "w");
    assert_non_null(d);
    fs_fixer_opts od = { 0, 0, d, NULL, NULL };
    char *err = run_fixer(&fs, &od, applied, &rc);
    assert_int_equal(fclose(d), 0);
    assert_string_equal(err, "");
    assert_int_equal(rc, 0);
    free(err);
    size_t now_n;
    char *now = get_file(name, &now_n);
    assert_true(now_n == n && memcmp(now, text, n) == 0);
    free(now);

    /* --fix */
    err = fix_in_place(&fs, 0, applied, &rc);
    assert_int_equal(rc, 0);
    free(err);
    size_t want_n;
    char *want = get_file(name, &want_n);
    assert_int_equal(chdir(".."), 0);

    size_t diff_n;
    char *diff = get_file("f.diff", &diff_n);
    if (system("command -v patch >/dev/null 2>&1") == 0) {
        int st = system("cd patch && patch -p1 --quiet --batch --no-backup-if-mismatch <../f.diff >../patch.log 2>&1");
        if (st != 0)
            fprintf(stderr, "patch failed on this diff:\n%s\n", diff);
        assert_int_equal(st, 0);
        size_t got_n;
        snprintf(path, sizeof path, "patch/%s", name);
        char *got = get_file(path, &got_n);
        if (!(got_n == want_n && memcmp(got, want, want_n) == 0))
            fprintf(stderr, "patch -p1 gave:\n[%s]\n--fix gave:\n[%s]\nthe diff:\n%s\n", got, want, diff);
        assert_true(got_n == want_n && memcmp(got, want, want_n) == 0);
        free(got);
    }
    if (system("command -v git >/dev/null 2>&1") == 0) {
        int st = system("cd git && git init -q . && git apply ../f.diff >../git.log 2>&1");
        if (st != 0)
            fprintf(stderr, "git apply failed on this diff:\n%s\n", diff);
        assert_int_equal(st, 0);
        size_t got_n;
        snprintf(path, sizeof path, "git/%s", name);
        char *got = get_file(path, &got_n);
        if (!(got_n == want_n && memcmp(got, want, want_n) == 0))
            fprintf(stderr, "git apply gave:\n[%s]\n--fix gave:\n[%s]\nthe diff:\n%s\n", got, want, diff);
        assert_true(got_n == want_n && memcmp(got, want, want_n) == 0);
        free(got);
    }
    free(diff);
    free(want);
    fs_findings_clear(&fs);
    assert_int_equal(chdir(ut_top), 0);
}

static void check_diff(const char *text, size_t n, const edit_spec *edits, int nedits)
{
    check_diff_named("f.c", text, n, edits, nedits);
}

#define CHECK_DIFF(text, ...)                                                                     \
    do {                                                                                          \
        static const edit_spec e_[] = { __VA_ARGS__ };                                            \
        check_diff(text, sizeof text - 1, e_, (int)(sizeof e_ / sizeof e_[0]));                   \
    } while (0)

static const char lines20[] = "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\n"
                              "l11\nl12\nl13\nl14\nl15\nl16\nl17\nl18\nl19\nl20\n";

static void test_diff_first_and_last_lines(void **state)
{
    (void)state;
    CHECK_DIFF(lines20, { 0, 3, "" });                 /* the first line goes */
    CHECK_DIFF(lines20, { 0, 0, "new first\n" });     /* a line before the first */
    CHECK_DIFF(lines20, { 57, 4, "" });                /* the last line goes */
    CHECK_DIFF(lines20, { 61, 0, "l21\n" });           /* a line after the last */
    CHECK_DIFF(lines20, { 0, 61, "" });                /* everything goes */
}

static void test_diff_hunks_near_each_other(void **state)
{
    (void)state;
    /* edits on lines 2 and 9, 10, 11: six, seven and eight lines apart */
    CHECK_DIFF(lines20, { 3, 2, "L2" }, { 24, 2, "L9" });
    CHECK_DIFF(lines20, { 3, 2, "L2" }, { 27, 3, "L10" });
    CHECK_DIFF(lines20, { 3, 2, "L2" }, { 31, 3, "L11" });
    /* several edits on one line, and a line split in two */
    CHECK_DIFF(lines20, { 9, 1, "x" }, { 10, 0, "y" }, { 15, 1, "\nsplit\n" });
    /* two lines joined, alone and six lines before another edit */
    CHECK_DIFF(lines20, { 5, 1, " " });
    CHECK_DIFF(lines20, { 5, 1, " " }, { 27, 3, "L10" });
    CHECK_DIFF(lines20, { 5, 1, " " }, { 31, 3, "L11" });
}

static void test_diff_missing_final_newline(void **state)
{
    (void)state;
    CHECK_DIFF("a\nb\nc", { 4, 1, "C" });         /* the last line, without newline, changed */
    CHECK_DIFF("a\nb\nc", { 0, 1, "A" });         /* the last line untouched, in the context */
    CHECK_DIFF("a\nb\nc", { 5, 0, "\n" });        /* a final newline added */
    CHECK_DIFF("a\nb\nc\n", { 5, 1, "" });        /* the final newline removed */
    CHECK_DIFF("a\nb\nc", { 2, 3, "" });          /* the last two lines go */
    CHECK_DIFF("only", { 0, 4, "one" });          /* one line, no newline */
}

static void test_diff_empty_file_and_crlf(void **state)
{
    (void)state;
    CHECK_DIFF("", { 0, 0, "int x;\n" });
    CHECK_DIFF("a\r\nb\r\nc\r\n", { 3, 3, "" });                /* a CRLF line goes */
    CHECK_DIFF("a\r\nb\r\nc", { 7, 0, "d" });                   /* CRLF, no final newline */
    CHECK_DIFF("a\r\nb\r\nc\r\nd\r\ne\r\n", { 3, 1, "B" }, { 12, 1, "E" });
}

/* File names that the ---/+++ lines must quote, or end with a tab. */
static void test_diff_odd_file_names(void **state)
{
    (void)state;
    static const edit_spec e[] = { { 2, 1, "B" } };
    const char *names[] = { "with space.c", "quo\"te.c", "back\\slash.c", "tab\tname.c", "caf\xc3\xa9.c" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        check_diff_named(names[i], "a\nb\nc\n", 6, e, 1);
}

/* --- main ---------------------------------------------------------------------- */

static int setup(void **state)
{
    (void)state;
    const char *t = getenv("TMPDIR");
    snprintf(ut_top, sizeof ut_top, "%s/fscheck_unit_fixer_XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(ut_top) || !getcwd(ut_home, sizeof ut_home))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    if (chdir(ut_home) != 0)
        return -1;
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", ut_top);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_overlapping_fixes_rejected_and_named),
        cmocka_unit_test(test_overlapping_edits_in_one_fix),
        cmocka_unit_test(test_insertions_at_one_offset_overlap),
        cmocka_unit_test(test_touching_edits_apply),
        cmocka_unit_test(test_identical_fixes_apply_once),
        cmocka_unit_test(test_shared_edit_made_once),
        cmocka_unit_test(test_unsafe_fixes_only_when_asked),
        cmocka_unit_test(test_changed_file_refused),
        cmocka_unit_test(test_edit_outside_the_file),
        cmocka_unit_test(test_fix_across_files_is_whole),
        cmocka_unit_test(test_findings_left_move),
        cmocka_unit_test(test_diff_first_and_last_lines),
        cmocka_unit_test(test_diff_hunks_near_each_other),
        cmocka_unit_test(test_diff_missing_final_newline),
        cmocka_unit_test(test_diff_empty_file_and_crlf),
        cmocka_unit_test(test_diff_odd_file_names),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
