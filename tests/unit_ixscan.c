/*
 * unit_ixscan.c - the index's text scan (ixscan.c): functions and macros
 * found, which may have summaries (and why), library calls that change
 * files, and the order of the files.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "frontend/ixscan.h"

#include <stdlib.h>
#include <string.h>

static const fs_xs_fn *find(const fs_xs *x, const fs_xs_file *f, const char *name, int kind)
{
    for (int k = 0; k < f->nfns; k++)
        if (f->fns[k].kind == kind && strcmp(fs_xs_name(x, f->fns[k].name), name) == 0)
            return &f->fns[k];
    fail_msg("%s not found by the scan", name);
    return NULL;
}

static int no_params(void *arg, const char *name)
{
    (void)arg;
    (void)name;
    return 0;
}

/* has_params: the names listed in arg (NULL-terminated) have summaries */
static int listed(void *arg, const char *name)
{
    for (const char *const *p = arg; *p; p++)
        if (strcmp(*p, name) == 0)
            return 1;
    return 0;
}

/* Scans one .c file and settles it alone. */
static void scan1(fs_xs *x, fs_xs_file *f, const char *src, int (*has)(void *, const char *), void *arg)
{
    memset(f, 0, sizeof *f);
    fs_xs_scan(x, src, (long)strlen(src), f);
    fs_xs_settle(x, f, 1);
    fs_xs_relevance(x, f, has, arg);
}

static void test_definitions(void **state)
{
    (void)state;
    static const char src[] =
        "#include <stdio.h>\n"
        "#define EXISTS(p) (access((p), F_OK) == 0)\n"
        "#define ALIAS stat\n"
        "struct s { int (*open)(const char *); };\n"
        "static int helper(int a)\n"
        "{\n"
        "    return a + 1; /* } not the end */\n"
        "}\n"
        "const char *msg = \"{ not a body\";\n"
        "int wrapper(const char *p)\n"
        "{\n"
        "    if (p[0] == '{')\n"
        "        return 0;\n"
        "    return EXISTS(p);\n"
        "}\n";
    fs_xs *x = fs_xs_new();
    fs_xs_file f;
    scan1(x, &f, src, no_params, NULL);
    const fs_xs_fn *h = find(x, &f, "helper", FS_XS_FUNC);
    assert_int_equal(h->is_static, 1);
    assert_int_equal(src[h->body_begin], '{');
    assert_int_equal(src[h->body_end - 1], '}');
    assert_int_equal(h->body_end, (long)(strstr(src, "}\nconst") - src) + 1);
    assert_int_equal(h->line, 5);
    const fs_xs_fn *w = find(x, &f, "wrapper", FS_XS_FUNC);
    assert_int_equal(w->is_static, 0);
    assert_int_equal(w->line, 10);
    /* the blocks at file scope are bodies and data: the scan knows them all */
    assert_int_equal(f.unclear, 0);
    find(x, &f, "EXISTS", FS_XS_FMACRO);
    find(x, &f, "ALIAS", FS_XS_OMACRO);
    /* a struct's member named open is no function */
    for (int k = 0; k < f.nfns; k++)
        assert_string_not_equal(fs_xs_name(x, f.fns[k].name), "open");
    fs_xs_file_free(&f);
    fs_xs_free(x);
}

/* Blocks at file scope that the scan cannot tell are bodies or data make
 * the file unclear (then it is parsed whatever the scan says). */
static void test_unclear(void **state)
{
    (void)state;
    static const struct {
        const char *src;
        int unclear;
    } cases[] = {
        { "struct s { int a; };\ntypedef struct { int b; } t;\nenum e { A, B };\nint v[] = { 1, 2 };\n"
          "static const struct s w = { 1 };\nint f(void) { return 0; }\n", 0 },
        { "extern \"C\" {\nint f(void) { return 0; }\n}\n", 1 },
        { "int f(a)\nchar *a;\n{\n    return 0;\n}\n", 1 },
        { "void g(void) __attribute__((noreturn)) { for (;;); }\n", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fs_xs *x = fs_xs_new();
        fs_xs_file f;
        memset(&f, 0, sizeof f);
        fs_xs_scan(x, cases[i].src, (long)strlen(cases[i].src), &f);
        if (f.unclear != cases[i].unclear)
            fail_msg("case %zu: unclear %d, expected %d", i, f.unclear, cases[i].unclear);
        fs_xs_file_free(&f);
        fs_xs_free(x);
    }
}

/* LF, CR LF and CR alone: the same functions on the same lines, the same
 * macros (a continued #define included), the same verdicts. */
static void test_line_endings(void **state)
{
    (void)state;
    static const char lf[] = "#include <sys/stat.h>\n"
                             "#define IS_DIR(p) \\\n"
                             "    is_dir_impl(p)\n"
                             "static int is_dir_impl(const char *p)\n"
                             "{\n"
                             "    struct stat st;\n"
                             "    return stat(p, &st) == 0;\n"
                             "}\n"
                             "int caller(const char *p) { return IS_DIR(p); }\n"
                             "int other(int a) { return a; }\n";
    for (int style = 0; style < 3; style++) {
        char buf[1024];
        size_t n = 0;
        for (const char *c = lf; *c; c++) {
            if (*c == '\n' && style != 0)
                buf[n++] = '\r';
            if (*c != '\n' || style != 2)
                buf[n++] = *c;
        }
        buf[n] = '\0';
        fs_xs *x = fs_xs_new();
        fs_xs_file f;
        scan1(x, &f, buf, no_params, NULL);
        const fs_xs_fn *m = find(x, &f, "IS_DIR", FS_XS_FMACRO);
        assert_int_equal(m->ncalls, 1);
        assert_string_equal(fs_xs_name(x, m->calls[0]), "is_dir_impl");
        const fs_xs_fn *d = find(x, &f, "is_dir_impl", FS_XS_FUNC);
        assert_int_equal(d->line, 4);
        assert_true(d->relevant);
        const fs_xs_fn *c = find(x, &f, "caller", FS_XS_FUNC);
        assert_int_equal(c->line, 9);
        assert_true(c->relevant);
        assert_false(find(x, &f, "other", FS_XS_FUNC)->relevant);
        assert_int_equal(f.unclear, 0);
        fs_xs_file_free(&f);
        fs_xs_free(x);
    }
}

/* The comments the parser may pass over: alone on their lines only. */
static void test_comment_lines(void **state)
{
    (void)state;
    static const char src[] = "/* alone */\n"             /* 0: a hole */
                              "int a; /* after code */\n"
                              "/* before code */ int b;\n"
                              "  // alone, indented  \r\n"  /* a hole */
                              "char *s = \"/* in a string */\";\n"
                              "// continued \\\n"
                              "   still the comment\n"
                              "/* two\n   lines */\r"            /* a hole */
                              "int c;\n";
    long *holes = NULL;
    int n = 0, cap = 0;
    fs_xs_comment_lines(src, (long)strlen(src), &holes, &n, &cap);
    assert_int_equal(n, 3);
    const char *want[] = { "/* alone */", "// alone, indented  ", "/* two\n   lines */" };
    for (int k = 0; k < n; k++) {
        size_t len = strlen(want[k]);
        /* a line comment ends before the line's end; its trailing blanks
         * belong to it */
        if (want[k][1] == '/')
            len = strlen("// alone, indented  ");
        assert_int_equal(holes[2 * k + 1] - holes[2 * k], (long)len);
        assert_memory_equal(src + holes[2 * k], want[k], len);
    }
    free(holes);
}

static void test_relevance(void **state)
{
    (void)state;
    static const char src[] =
        "#define ALIAS stat\n"
        "struct o { const char *name; int n; };\n"
        "static struct o g;\n"
        "int probes(const char *p) { struct stat st; return stat(p, &st); }\n"
        "int via_alias(const char *p) { struct stat st; return ALIAS(p, &st); }\n"
        "int length(const char *p) { int n = strlen(p); return n * 2; }\n"
        "void keeps(struct o *o, const char *p) { o->name = (const char *)p; }\n"
        "void keeps_global(const char *path) { g.name = path; }\n"
        "void keeps_length(struct o *o, const char *p) { o->n = p[0]; }\n"
        "void copies(char *buf, const char *p) { strcpy(buf, p); }\n"
        "void clears(char *sb) { memset(sb, 0, 8); }\n"
        "int calls_probes(const char *p) { return probes(p); }\n"
        "int calls_length(const char *p) { return length(p); }\n"
        "int calls_elsewhere(const char *p) { return somewhere(p); }\n"
        "int in_words(void) { puts(\"stat(x)\"); /* unlink(x) */ return 0; }\n"
        "int member_call(struct s *v, const char *p) { return v->open(p); }\n";
    fs_xs *x = fs_xs_new();
    fs_xs_file f;
    scan1(x, &f, src, no_params, NULL);
    assert_true(find(x, &f, "probes", FS_XS_FUNC)->relevant);
    assert_true(find(x, &f, "via_alias", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "length", FS_XS_FUNC)->relevant);
    const fs_xs_fn *k = find(x, &f, "keeps", FS_XS_FUNC);
    assert_true(k->local && k->relevant);
    assert_true(find(x, &f, "keeps_global", FS_XS_FUNC)->local);
    assert_false(find(x, &f, "keeps_length", FS_XS_FUNC)->local);
    assert_true(find(x, &f, "copies", FS_XS_FUNC)->local);
    /* the buffer memset writes is no copy of a parameter */
    assert_false(find(x, &f, "clears", FS_XS_FUNC)->relevant);
    assert_true(find(x, &f, "calls_probes", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "calls_length", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "calls_elsewhere", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "in_words", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "member_call", FS_XS_FUNC)->relevant);
    fs_xs_file_free(&f);
    /* the same file when another file's somewhere() has summaries */
    static const char *const have[] = { "somewhere", NULL };
    scan1(x, &f, src, listed, (void *)have);
    assert_true(find(x, &f, "calls_elsewhere", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f, "calls_length", FS_XS_FUNC)->relevant);
    fs_xs_file_free(&f);
    fs_xs_free(x);
}

static void test_changes(void **state)
{
    (void)state;
    static const char src[] =
        "void to_terminal(const char *s) { fprintf(stderr, \"%s\\n\", s); fputs(s, stdout); }\n"
        "void to_stream(FILE *fp, const char *s) { fprintf(fp, \"%s\\n\", s); }\n"
        "void to_fd(int fd, const char *s) { write(fd, s, 1); }\n"
        "void last_arg(const char *s, FILE *out) { fputs(s, out); }\n"
        "void nothing(int a) { a++; }\n";
    fs_xs *x = fs_xs_new();
    fs_xs_file f;
    scan1(x, &f, src, no_params, NULL);
    assert_false(find(x, &f, "to_terminal", FS_XS_FUNC)->changes);
    assert_true(find(x, &f, "to_stream", FS_XS_FUNC)->changes);
    assert_true(find(x, &f, "to_fd", FS_XS_FUNC)->changes);
    assert_true(find(x, &f, "last_arg", FS_XS_FUNC)->changes);
    assert_false(find(x, &f, "nothing", FS_XS_FUNC)->changes);
    /* changing files is a matter of the call graph: no reason to lower */
    assert_false(find(x, &f, "to_fd", FS_XS_FUNC)->relevant);
    fs_xs_file_free(&f);
    fs_xs_free(x);
}

static void test_macros_scope(void **state)
{
    (void)state;
    /* a header's object-like macro aliasing a project function matters to
     * every file; a .c file's own macro only to that file */
    static const char hdr[] = "#define xstat git_stat\n";
    static const char a[] = "int git_stat(const char *p, struct stat *st) { return stat(p, st); }\n"
                            "#define LOCAL_ALIAS unlink\n"
                            "int a_uses(const char *p) { return LOCAL_ALIAS(p); }\n";
    static const char b[] = "int b_uses(const char *p) { struct stat st; return xstat(p, &st); }\n"
                            "int b_local(const char *p) { return LOCAL_ALIAS(p); }\n";
    fs_xs *x = fs_xs_new();
    fs_xs_file f[3];
    memset(f, 0, sizeof f);
    f[0].header = 1;
    fs_xs_scan(x, hdr, (long)strlen(hdr), &f[0]);
    fs_xs_scan(x, a, (long)strlen(a), &f[1]);
    fs_xs_scan(x, b, (long)strlen(b), &f[2]);
    fs_xs_settle(x, f, 3);
    for (int i = 0; i < 3; i++)
        fs_xs_relevance(x, &f[i], no_params, NULL);
    assert_true(find(x, &f[0], "xstat", FS_XS_OMACRO)->relevant);
    assert_true(find(x, &f[1], "a_uses", FS_XS_FUNC)->relevant);
    assert_true(find(x, &f[2], "b_uses", FS_XS_FUNC)->relevant);
    assert_false(find(x, &f[2], "b_local", FS_XS_FUNC)->relevant);
    for (int i = 0; i < 3; i++)
        fs_xs_file_free(&f[i]);
    fs_xs_free(x);
}

static void test_order(void **state)
{
    (void)state;
    /* top calls mid calls leaf: leaf's file first, top's last, whatever
     * order the files are given in */
    static const char top[] = "int main(void) { return run(\"x\"); }\n";
    static const char mid[] = "static int helper(void) { return 0; }\n"
                              "int run(const char *p) { helper(); return leaf(p); }\n";
    static const char leaf[] = "int leaf(const char *p) { struct stat st; return stat(p, &st); }\n";
    const char *texts[3] = { top, mid, leaf };
    fs_xs *x = fs_xs_new();
    fs_xs_file f[3];
    memset(f, 0, sizeof f);
    for (int i = 0; i < 3; i++)
        fs_xs_scan(x, texts[i], (long)strlen(texts[i]), &f[i]);
    int order[3];
    fs_xs_order(x, f, 3, order);
    assert_int_equal(order[0], 2);
    assert_int_equal(order[1], 1);
    assert_int_equal(order[2], 0);
    for (int i = 0; i < 3; i++)
        fs_xs_file_free(&f[i]);
    fs_xs_free(x);
}

/* The text of the attribute-macro holes of src, "|"-separated. */
static void attr_holes(const char *src, const char *want)
{
    long *h = NULL;
    int n = 0, cap = 0;
    fs_xs_attr_macro_holes(src, (long)strlen(src), &h, &n, &cap);
    char got[512] = "";
    for (int k = 0; k + 1 < n; k += 2) {
        if (k)
            strcat(got, "|");
        strncat(got, src + h[k], (size_t)(h[k + 1] - h[k]));
    }
    free(h);
    if (strcmp(got, want) != 0)
        fail_msg("holes of \"%s\": \"%s\", wanted \"%s\"", src, got, want);
}

static void test_attribute_macros(void **state)
{
    (void)state;
    attr_holes("FILE* FAST_FUNC fopen_for_read(const char *p) { return 0; }", "FAST_FUNC");
    attr_holes("char *EXPORT name(void);", "EXPORT");
    attr_holes("static int WGET_GCC_PURE WGET_GCC_NONNULL((1)) parse(int o, const char *v) { }",
               "WGET_GCC_PURE|WGET_GCC_NONNULL((1))");
    attr_holes("static void WGET_GCC_NONNULL_ALL add_tag(int *v) { }", "WGET_GCC_NONNULL_ALL");
    /* not a function's: a type, a parameter's attribute, code */
    attr_holes("typedef struct FOO BAR;", "");
    attr_holes("int f(WGET_GCC_UNUSED void *v) { return FOO bar(v); }", "");
    attr_holes("EXPORT int g(void);", "");
    attr_holes("int x = CONST_A + CONST_B;", "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attribute_macros),
        cmocka_unit_test(test_definitions),
        cmocka_unit_test(test_unclear),
        cmocka_unit_test(test_line_endings),
        cmocka_unit_test(test_comment_lines),
        cmocka_unit_test(test_relevance),
        cmocka_unit_test(test_changes),
        cmocka_unit_test(test_macros_scope),
        cmocka_unit_test(test_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
