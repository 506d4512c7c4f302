/*
 * unit_ci_formats.c - the pieces behind the CI formats: GitHub workflow
 * command escaping, the normalised call text that fingerprints hash,
 * UTF-16 columns, and the parsing of `git diff -U0` hunks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool/changed.h"
#include "check/finding.h"
#include "report/report.h"
#include "base/srctext.h"
#include "base/util.h"

/* Run a reporter over findings; the caller frees the text. */
static char *render(const fs_reporter *rep, const fs_findings *fs)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    fs_stats st;
    memset(&st, 0, sizeof st);
    fs_report_ctx c = { out, 0, fs, &st };
    assert_int_equal(rep->write(&c), 0);
    fclose(out);
    return buf;
}

static fs_finding *add(fs_findings *fs, const char *file, const char *severity, const char *message)
{
    fs_finding *f = fs_findings_add(fs);
    f->rule = "FS101";
    f->name = "exists-then-stat";
    f->severity = severity;
    f->file = fs_xstrdup(file);
    f->range.begin.line = f->range.end.line = 3;
    f->range.begin.col = 5;
    f->range.end.col = 9;
    f->function = fs_xstrdup("f");
    f->path_expr = fs_xstrdup("p");
    f->message = fs_xstrdup(message);
    return f;
}

static void test_github_escapes_data_and_properties(void **state)
{
    (void)state;
    fs_findings fs = { 0 };
    fs_finding *f = add(&fs, "dir,1/a:b%.c", "warning", "50% done\r\nnext: a, b");
    fs_finding_add_related(f, "dir,1/a:b%.c", 4, 7, "here");
    fs_finding_set_fix(f, FS_FIX_UNSAFE, "drop it");
    char *out = render(&fs_report_github, &fs);
    assert_string_equal(out, "::warning file=dir%2C1/a%3Ab%25.c,line=3,col=5,endLine=3,endColumn=9,"
                             "title=fscheck FS101::50%25 done%0D%0Anext: a, b [FS101]"
                             "%0Adir,1/a:b%25.c:4:7: note: here%0Afix (unsafe): drop it\n");
    free(out);
    fs_findings_clear(&fs);
}

static void test_github_levels_and_empty_range(void **state)
{
    (void)state;
    fs_findings fs = { 0 };
    add(&fs, "a.c", "error", "e");
    fs_finding *f = add(&fs, "b.c", "note", "n");
    f->range.end = f->range.begin;
    char *out = render(&fs_report_github, &fs);
    assert_string_equal(out, "::error file=a.c,line=3,col=5,endLine=3,endColumn=9,title=fscheck FS101::e [FS101]\n"
                             "::notice file=b.c,line=3,col=5,title=fscheck FS101::n [FS101]\n");
    free(out);
    fs_findings_clear(&fs);
}

static void expect_normalised(const char *in, const char *want)
{
    char *got = fs_text_normalise(in, 0, (long)strlen(in));
    assert_string_equal(got, want);
    free(got);
}

static void test_normalise(void **state)
{
    (void)state;
    expect_normalised("access( path ,\n\t F_OK )", "access(path,F_OK)");
    expect_normalised("stat(p, /* the buffer */ &st)", "stat(p,&st)");
    expect_normalised("f(unsigned   int x)", "f(unsigned int x)");
    expect_normalised("fopen(\"a  b\" , \"r\")", "fopen(\"a  b\",\"r\")");
    expect_normalised("f(a) // trailing", "f(a)");
}

static void test_call_end(void **state)
{
    (void)state;
    const char *t = "if (stat(p, &st) == 0)";
    assert_int_equal(fs_text_call_end(t, (long)strlen(t), 4), 16);
    const char *lit = "open(\")\" , x)+1";
    assert_int_equal(fs_text_call_end(lit, (long)strlen(lit), 0), 13);
    const char *name = "EXISTS + 1";
    assert_int_equal(fs_text_call_end(name, (long)strlen(name), 0), 6);
    assert_int_equal(fs_text_call_end(name, (long)strlen(name), 6), 6);
    const char *open_paren = "f(a; g(b)";
    assert_int_equal(fs_text_call_end(open_paren, (long)strlen(open_paren), 0), 1);
}

static void test_offsets_and_utf16_columns(void **state)
{
    (void)state;
    const char *t = "ab\n/* \xc3\xa9\xf0\x9f\x98\x80 */ x\n";
    long len = (long)strlen(t);
    assert_int_equal(fs_text_offset(t, len, 1, 1), 0);
    assert_int_equal(fs_text_offset(t, len, 2, 1), 3);
    assert_int_equal(fs_text_offset(t, len, 9, 1), -1);
    /* comment opener 3 bytes, é 2 bytes = 1 unit, 😀 4 bytes = 2 units, then 4 bytes */
    assert_int_equal(fs_text_utf16_col(t, len, 3, 1), 1);
    assert_int_equal(fs_text_utf16_col(t, len, 3, 4), 4);
    assert_int_equal(fs_text_utf16_col(t, len, 3, 6), 5);
    assert_int_equal(fs_text_utf16_col(t, len, 3, 10), 7);
    assert_int_equal(fs_text_utf16_col(t, len, 3, 14), 11);
}

static void touch(const char *dir, const char *name)
{
    char *p = fs_xasprintf("%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fclose(f);
    free(p);
}

static int changed(const fs_changes *c, const char *dir, const char *name, int line)
{
    char *p = fs_xasprintf("%s/%s", dir, name);
    int r = fs_changes_has(c, p, line);
    free(p);
    return r;
}

static void test_diff_hunks(void **state)
{
    (void)state;
    char dir[] = "/tmp/fscheck-unit-diff.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char *src = fs_xasprintf("%s/src", dir);
    assert_int_equal(mkdir(src, 0700), 0);
    touch(dir, "src/a.c");
    touch(dir, "sp\xc3\xa9.c");
    touch(dir, "gone.c");
    const char *diff =
        "diff --git a/src/a.c b/src/a.c\n"
        "index 1..2 100644\n"
        "--- a/src/a.c\n"
        "+++ b/src/a.c\n"
        "@@ -3,0 +4,2 @@ int f(void)\n"
        "+++ not a header: an added line that starts with ++\n"
        "+@@ -1 +1 @@ nor is this\n"
        "@@ -10 +12 @@\n"
        "-old\n"
        "+new\n"
        "\\ No newline at end of file\n"
        "@@ -20,2 +21,0 @@\n"
        "-gone\n"
        "-gone too\n"
        "diff --git \"a/sp\\303\\251.c\" \"b/sp\\303\\251.c\"\n"
        "--- \"a/sp\\303\\251.c\"\n"
        "+++ \"b/sp\\303\\251.c\"\n"
        "@@ -1 +1,3 @@\n"
        "-a\n"
        "+b\n"
        "+c\n"
        "+d\n"
        "diff --git a/gone.c b/gone.c\n"
        "--- a/gone.c\n"
        "+++ /dev/null\n"
        "@@ -1 +0,0 @@\n"
        "-x\n";
    fs_changes *c = fs_changes_new(dir);
    fs_changes_parse_diff(c, diff, (long)strlen(diff));
    assert_false(changed(c, dir, "src/a.c", 3));
    assert_true(changed(c, dir, "src/a.c", 4));
    assert_true(changed(c, dir, "src/a.c", 5));
    assert_false(changed(c, dir, "src/a.c", 6));
    assert_false(changed(c, dir, "src/a.c", 1));
    assert_true(changed(c, dir, "src/a.c", 12));
    assert_false(changed(c, dir, "src/a.c", 13));
    assert_false(changed(c, dir, "src/a.c", 21));
    assert_true(changed(c, dir, "sp\xc3\xa9.c", 3));
    assert_false(changed(c, dir, "sp\xc3\xa9.c", 4));
    assert_false(changed(c, dir, "gone.c", 1));
    fs_changes_delete(c);
    char *cmd = fs_xasprintf("rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(cmd);
    free(src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_github_escapes_data_and_properties),
        cmocka_unit_test(test_github_levels_and_empty_range),
        cmocka_unit_test(test_normalise),
        cmocka_unit_test(test_call_end),
        cmocka_unit_test(test_offsets_and_utf16_columns),
        cmocka_unit_test(test_diff_hunks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
