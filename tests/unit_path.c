/*
 * unit_path.c - path identities: which call arguments are "the same path".
 *
 * Each test parses a snippet with the libclang front end, lowers it without
 * summaries, and compares the path keys of its calls.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_helpers.h"

static int same(const fs_func *fn, int a, int b)
{
    return fs_path_same(&fn->nodes[a], &fn->nodes[b]);
}

static int has_dep(const fs_path *p, int var)
{
    for (int i = 0; i < p->ndeps; i++)
        if (p->deps[i] == var)
            return 1;
    return 0;
}

static void test_same_local(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(void) {\n"
        "    char buf[64], other[64];\n"
        "    struct stat st;\n"
        "    buf[0] = other[0] = 0;\n"
        "    access(buf, F_OK);\n"
        "    stat(buf, &st);\n"
        "    access(other, F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), o = ut_call(fn, "access", 1);
    assert_string_equal(ut_key(fn, a), "buf");
    assert_string_equal(ut_key(fn, s), "buf");
    assert_string_equal(ut_key(fn, o), "other");
    assert_true(same(fn, a, s));
    assert_false(same(fn, a, o));
    assert_false(same(fn, s, o));
    const fs_path *p = &fn->nodes[a].path;
    assert_true(p->root >= 0);
    assert_int_equal(fn->vars[p->root].kind, FS_VAR_LOCAL);
    assert_int_equal(p->deps[0], p->root);
    assert_true(fn->vars[p->root].is_array);
    ut_free(tu);
}

static void test_same_param(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(const char *p, const char *q) {\n"
        "    access(p, F_OK);\n"
        "    access(p, R_OK);\n"
        "    access(q, F_OK);\n"
        "    access((char *)(p), W_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a0 = ut_call(fn, "access", 0), a1 = ut_call(fn, "access", 1);
    int a2 = ut_call(fn, "access", 2), a3 = ut_call(fn, "access", 3);
    assert_string_equal(ut_key(fn, a0), "p");
    assert_string_equal(ut_key(fn, a2), "q");
    assert_true(same(fn, a0, a1));
    assert_false(same(fn, a0, a2));
    /* casts and parentheses do not change the identity */
    assert_true(same(fn, a0, a3));
    const fs_path *p = &fn->nodes[a0].path;
    assert_int_equal(fn->vars[p->root].kind, FS_VAR_PARAM);
    assert_int_equal(fn->vars[p->root].param_index, 0);
    assert_true(fn->vars[p->root].ptr_to_const);
    assert_int_equal(fn->vars[fn->nodes[a2].path.root].param_index, 1);
    /* the mode is what access() asks */
    assert_int_equal(fn->nodes[a0].op.access_mode, FS_F_OK);
    assert_int_equal(fn->nodes[a1].op.access_mode, FS_R_OK);
    ut_free(tu);
}

static void test_same_global(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "const char *g_path, *g_other;\n"
        "void f(void) {\n"
        "    struct stat st;\n"
        "    if (access(g_path, F_OK) == 0 && stat(g_path, &st) == 0)\n"
        "        puts(\"yes\");\n"
        "    access(g_other, F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), o = ut_call(fn, "access", 1);
    assert_string_equal(ut_key(fn, a), "g_path");
    assert_true(same(fn, a, s));
    assert_false(same(fn, a, o));
    assert_int_equal(fn->vars[fn->nodes[a].path.root].kind, FS_VAR_GLOBAL);
    ut_free(tu);
}

/* Two different locals that happen to share a name are different paths. */
static void test_shadowed_locals_differ(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(const char *a, const char *b, int k) {\n"
        "    if (k) { const char *p = a; access(p, F_OK); }\n"
        "    else   { const char *p = b; access(p, F_OK); }\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int x = ut_call(fn, "access", 0), y = ut_call(fn, "access", 1);
    assert_non_null(fn->nodes[x].path.key);
    assert_non_null(fn->nodes[y].path.key);
    assert_false(same(fn, x, y));
    ut_free(tu);
}

static void test_member_chain(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "struct cfg { char *log_path; char *other; };\n"
        "void f(struct cfg *cfg, struct cfg *cfg2) {\n"
        "    struct stat st;\n"
        "    access(cfg->log_path, F_OK);\n"
        "    stat(cfg->log_path, &st);\n"
        "    access(cfg->other, F_OK);\n"
        "    access(cfg2->log_path, F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0);
    int o = ut_call(fn, "access", 1), c2 = ut_call(fn, "access", 2);
    assert_string_equal(ut_key(fn, a), "cfg->log_path");
    assert_string_equal(ut_key(fn, o), "cfg->other");
    assert_string_equal(ut_key(fn, c2), "cfg2->log_path");
    assert_true(same(fn, a, s));
    assert_false(same(fn, a, o));
    assert_false(same(fn, a, c2));
    /* the root is the struct pointer */
    const fs_path *p = &fn->nodes[a].path;
    assert_string_equal(fn->vars[p->root].name, "cfg");
    assert_int_equal(p->deps[0], p->root);
    ut_free(tu);
}

static void test_nested_members(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "struct inner { char c[32]; char d[32]; };\n"
        "struct mid { struct inner b; struct inner e; };\n"
        "void f(void) {\n"
        "    struct mid a;\n"
        "    memset(&a, 0, sizeof a);\n"
        "    access(a.b.c, F_OK);\n"
        "    access(a.b.c, R_OK);\n"
        "    access(a.b.d, F_OK);\n"
        "    access(a.e.c, F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int x = ut_call(fn, "access", 0), y = ut_call(fn, "access", 1);
    int d = ut_call(fn, "access", 2), e = ut_call(fn, "access", 3);
    assert_string_equal(ut_key(fn, x), "a.b.c");
    assert_true(same(fn, x, y));
    assert_false(same(fn, x, d));
    assert_false(same(fn, x, e));
    assert_string_equal(ut_key(fn, e), "a.e.c");
    ut_free(tu);
}

static void test_array_constant_index(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(char **files) {\n"
        "    struct stat st;\n"
        "    access(files[1], F_OK);\n"
        "    stat(files[1], &st);\n"
        "    access(files[2], F_OK);\n"
        "    access(files[0], F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0);
    int t = ut_call(fn, "access", 1), z = ut_call(fn, "access", 2);
    assert_string_equal(ut_key(fn, a), "files[1]");
    assert_true(same(fn, a, s));
    assert_false(same(fn, a, t));
    assert_false(same(fn, a, z));
    assert_false(same(fn, t, z));
    ut_free(tu);
}

static void test_array_local_index(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(char **files, int n) {\n"
        "    int i = n - 1, j = 0;\n"
        "    access(files[i], F_OK);\n"
        "    access(files[i], R_OK);\n"
        "    access(files[j], F_OK);\n"
        "    i++;\n"
        "    access(files[i], W_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), b = ut_call(fn, "access", 1);
    int c = ut_call(fn, "access", 2), d = ut_call(fn, "access", 3);
    assert_string_equal(ut_key(fn, a), "files[i]");
    assert_true(same(fn, a, b));
    assert_false(same(fn, a, c));
    /* the index is a dependency of the path */
    int i_var = -1;
    for (int v = 0; v < fn->nvars; v++)
        if (strcmp(fn->vars[v].name, "i") == 0)
            i_var = v;
    assert_true(i_var >= 0);
    assert_true(has_dep(&fn->nodes[a].path, i_var));
    assert_string_equal(fn->vars[fn->nodes[a].path.root].name, "files");
    /* unchanged between the first two; changed (i++) before the last */
    assert_false(ut_write_between(fn, a, b));
    assert_true(same(fn, a, d)); /* same key ... */
    assert_true(ut_write_between(fn, a, d)); /* ... but not the same element any more */
    ut_free(tu);
}

static void test_string_literals(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "#define MOTD \"/etc/motd\"\n"
        "#define MOTD2 MOTD\n"
        "#define ETC \"/etc/\"\n"
        "void f(void) {\n"
        "    struct stat st;\n"
        "    access(\"/etc/motd\", F_OK);\n"
        "    stat(\"/etc/motd\", &st);\n"
        "    access(\"/etc/issue\", F_OK);\n"
        "    access(MOTD, R_OK);\n"
        "    access(MOTD2, W_OK);\n"
        "    access(\"/etc/\" \"motd\", X_OK);\n"
        "    access(ETC \"motd\", F_OK);\n"
        "    access(ETC \"issue\", F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0);
    int i = ut_call(fn, "access", 1), m = ut_call(fn, "access", 2), m2 = ut_call(fn, "access", 3);
    assert_string_equal(fn->nodes[a].path.key, "\"/etc/motd\"");
    assert_int_equal(fn->nodes[a].path.root, -1);
    assert_true(same(fn, a, s));
    assert_false(same(fn, a, i));
    assert_true(same(fn, a, m));
    assert_true(same(fn, a, m2));
    /* adjacent literals are one literal */
    assert_true(same(fn, a, ut_call(fn, "access", 4)));
    assert_true(same(fn, a, ut_call(fn, "access", 5)));
    assert_false(same(fn, a, ut_call(fn, "access", 6)));
    assert_true(same(fn, i, ut_call(fn, "access", 6)));
    ut_free(tu);
}

static void test_dirfd(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(int dfd, int dfd2) {\n"
        "    struct stat st;\n"
        "    faccessat(dfd, \"x\", F_OK, 0);\n"
        "    fstatat(dfd, \"x\", &st, 0);\n"
        "    faccessat(dfd2, \"x\", F_OK, 0);\n"
        "    fstatat(dfd, \"y\", &st, 0);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "faccessat", 0), s = ut_call(fn, "fstatat", 0);
    int a2 = ut_call(fn, "faccessat", 1), s2 = ut_call(fn, "fstatat", 1);
    assert_non_null(fn->nodes[a].path.key);
    assert_non_null(fn->nodes[a].dirfd.key);
    assert_true(same(fn, a, s));   /* same dirfd, same name */
    assert_false(same(fn, a, a2)); /* another directory */
    assert_false(same(fn, a, s2)); /* another name */
    /* the dirfd is a dependency of the path */
    int dfd_var = -1;
    for (int v = 0; v < fn->nvars; v++)
        if (strcmp(fn->vars[v].name, "dfd") == 0)
            dfd_var = v;
    assert_true(has_dep(&fn->nodes[a].path, dfd_var));
    ut_free(tu);
}

static void test_at_fdcwd_is_plain(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(const char *p, int dfd) {\n"
        "    struct stat st;\n"
        "    access(p, F_OK);\n"
        "    fstatat(AT_FDCWD, p, &st, 0);\n"
        "    faccessat(AT_FDCWD, p, R_OK, 0);\n"
        "    faccessat(dfd, p, F_OK, 0);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "fstatat", 0);
    int fa = ut_call(fn, "faccessat", 0), fd = ut_call(fn, "faccessat", 1);
    assert_null(fn->nodes[s].dirfd.key);
    assert_true(same(fn, a, s));
    assert_true(same(fn, a, fa));
    assert_true(same(fn, s, fa));
    assert_false(same(fn, a, fd)); /* relative to another directory */
    ut_free(tu);
}

static void test_unknown_expression_has_no_key(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "const char *make_path(void);\n"
        "void f(int dfd_unknown[]) {\n"
        "    access(make_path(), F_OK);\n"
        "    access(make_path(), F_OK);\n"
        "    faccessat(dfd_unknown[0] + 1, \"x\", F_OK, 0);\n"
        "    faccessat(dfd_unknown[0] + 1, \"x\", F_OK, 0);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), b = ut_call(fn, "access", 1);
    assert_int_equal(fn->nodes[a].op.kind, FS_OP_PROBE);
    assert_null(fn->nodes[a].path.key);
    assert_false(same(fn, a, b));
    assert_false(same(fn, a, a));
    /* a directory fd without identity: the *at path has none either */
    int x = ut_call(fn, "faccessat", 0), y = ut_call(fn, "faccessat", 1);
    assert_null(fn->nodes[x].path.key);
    assert_false(same(fn, x, y));
    ut_free(tu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_local),
        cmocka_unit_test(test_same_param),
        cmocka_unit_test(test_same_global),
        cmocka_unit_test(test_shadowed_locals_differ),
        cmocka_unit_test(test_member_chain),
        cmocka_unit_test(test_nested_members),
        cmocka_unit_test(test_array_constant_index),
        cmocka_unit_test(test_array_local_index),
        cmocka_unit_test(test_string_literals),
        cmocka_unit_test(test_dirfd),
        cmocka_unit_test(test_at_fdcwd_is_plain),
        cmocka_unit_test(test_unknown_expression_has_no_key),
    };
    return cmocka_run_group_tests(tests, NULL, ut_cleanup);
}
