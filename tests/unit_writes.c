/*
 * unit_writes.c - which statements change a path between two calls.
 *
 * Each case puts one statement between `access(PATH, F_OK)` and
 * `access(PATH, R_OK)` and asks both fs_write_between() (is there a write on
 * the way?) and fs_write_kills() on every write node the statement made (the
 * rules' per-node notion).  The two must agree with the expected answer.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_helpers.h"

#define DECLS                                                                                      \
    UT_PRELUDE                                                                                     \
    "struct S { char path[64]; int n; char *name; };\n"                                            \
    "char g_buf[64];\n"                                                                            \
    "const char *g_ptr;\n"                                                                         \
    "void fill(char *);\n"                                                                         \
    "void show(const char *);\n"                                                                   \
    "void upd(struct S *);\n"                                                                      \
    "void look(const struct S *);\n"                                                               \
    "void logit(const char *fmt, ...);\n"                                                          \
    "void other(void);\n"                                                                          \
    "int pure_helper(int x) { return x + 1; }\n"

/* Write nodes with ids in (a, b) that kill a's path. */
static int kills_in_range(const fs_func *fn, int a, int b)
{
    int k = 0;
    for (int n = a + 1; n < b; n++)
        if (fn->nodes[n].kind == FS_N_WRITE && fs_write_kills(fn, n, &fn->nodes[a].path))
            k++;
    return k;
}

/* Lower `access(path); stmt; access(path);` inside f and check the verdict. */
static void check_write(const char *path, const char *stmt, int expected, const char *file, int line)
{
    char src[4096];
    int len = snprintf(src, sizeof src,
        "%s"
        "void f(char *p, const char *cp, struct S *s, struct S sv, int dfd, char **files, int i) {\n"
        "    char buf[64] = \"x\", tmp[64];\n"
        "    access(%s, F_OK);\n"
        "    %s\n"
        "    access(%s, R_OK);\n"
        "    (void)tmp;\n"
        "}\n",
        DECLS, path, stmt, path);
    assert_true(len > 0 && len < (int)sizeof src);
    ut_tu *tu = ut_parse(src);
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), b = ut_call(fn, "access", 1);
    if (!fn->nodes[a].path.key)
        fail_msg("%s:%d: '%s' has no path identity", file, line, path);
    if (!fs_path_same(&fn->nodes[a], &fn->nodes[b]))
        fail_msg("%s:%d: the two probes of '%s' are not the same path", file, line, path);
    int wb = ut_write_between(fn, a, b);
    int kr = kills_in_range(fn, a, b) > 0;
    if (wb != expected || kr != expected) {
        ut_dump(fn);
        fail_msg("%s:%d: `%s` between probes of '%s': fs_write_between=%d, fs_write_kills=%d, expected %d",
                 file, line, stmt, path, wb, kr, expected);
    }
    ut_free(tu);
}

#define WRITES(path, stmt) check_write(path, stmt, 1, __FILE__, __LINE__)
#define KEEPS(path, stmt) check_write(path, stmt, 0, __FILE__, __LINE__)

static void test_no_statement_no_write(void **state)
{
    (void)state;
    KEEPS("buf", ";");
    KEEPS("p", "puts(p);");
    KEEPS("p", "if (strlen(p) > 3) puts(\"long\");");
    KEEPS("s->path", "printf(\"%s\\n\", s->path);");
    KEEPS("buf", "(void)pure_helper(3);");
}

static void test_assignment(void **state)
{
    (void)state;
    WRITES("p", "p = buf;");
    WRITES("p", "p += 1;");
    WRITES("buf", "buf[0] = 'y';");
    WRITES("p", "p[0] = 0;");
    WRITES("p", "*p = 0;");
    WRITES("s->name", "s->name = p;");
    WRITES("s->path", "s = &sv;");
    WRITES("sv.path", "sv = *s;");
    WRITES("files[1]", "files[1] = p;");
    WRITES("files[i]", "i = 2;");
    /* other variables */
    KEEPS("p", "buf[0] = 0;");
    KEEPS("cp", "p = buf;");
    KEEPS("files[i]", "tmp[0] = 0;");
}

static void test_increment_decrement(void **state)
{
    (void)state;
    WRITES("p", "p++;");
    WRITES("p", "--p;");
    WRITES("s->name", "s->name++;");
    WRITES("files[i]", "i++;");
    WRITES("files[i]", "--i;");
    KEEPS("s->name", "s->n++;");
}

static void test_library_writes_into_buffer(void **state)
{
    (void)state;
    WRITES("buf", "strcpy(buf, \"y\");");
    WRITES("buf", "strcat(buf, \"y\");");
    WRITES("buf", "snprintf(buf, sizeof buf, \"%d\", 1);");
    WRITES("buf", "sprintf(buf, \"%d\", 1);");
    WRITES("buf", "memcpy(buf, \"ab\", 2);");
    WRITES("buf", "memmove(buf, buf + 1, 2);");
    WRITES("buf", "strncpy(buf, p, sizeof buf);");
    WRITES("p", "strcpy(p, \"y\");");
    WRITES("s->path", "strcpy(s->path, \"y\");");
    WRITES("sv.path", "snprintf(sv.path, sizeof sv.path, \"%s\", p);");
    /* the buffer is only read */
    KEEPS("buf", "strcpy(tmp, buf);");
    KEEPS("buf", "snprintf(tmp, sizeof tmp, \"%s\", buf);");
    KEEPS("buf", "memcpy(tmp, buf, 2);");
    KEEPS("buf", "(void)strlen(buf);");
}

static void test_unknown_function_pointer_args(void **state)
{
    (void)state;
    WRITES("buf", "fill(buf);");
    WRITES("p", "fill(p);");
    WRITES("s->path", "fill(s->path);");
    WRITES("s->path", "upd(s);");
    WRITES("sv.path", "upd(&sv);");
    KEEPS("buf", "show(buf);");
    KEEPS("p", "show(p);");
    KEEPS("cp", "show(cp);");
    KEEPS("s->path", "show(s->path);");
    KEEPS("s->path", "look(s);");
}

static void test_const_pointer_to_containing_struct(void **state)
{
    (void)state;
    /* formerly a bug: `&x` passed to a const-pointer parameter is treated as a
     * write (lower.c arg_may_be_written ignores by_pointer_param for `&`):
     *   struct S { char path[64]; };  void look(const struct S *);
     *   void f(struct S sv) { access(sv.path, 0); look(&sv); access(sv.path, 4); }
     * gives fs_write_between() == 1. */
    KEEPS("sv.path", "look(&sv);");
}

static void test_unknown_variadic(void **state)
{
    (void)state;
    WRITES("buf", "logit(\"%s\", buf);");
    WRITES("p", "logit(\"%s\", p);");
    WRITES("s->path", "logit(\"%p\", s);");
    /* the path is not among the arguments */
    KEEPS("buf", "logit(\"%d\", 1);");
}

static void test_write_through_derived_pointer(void **state)
{
    (void)state;
    WRITES("buf", "{ char *dot = strrchr(buf, '.'); *dot = 0; }");
    WRITES("buf", "{ char *dot = strrchr(buf, '.'); if (dot) *dot = 0; }");
    WRITES("buf", "{ char *dot; dot = strchr(buf, '.'); if (dot) dot[0] = 0; }");
    WRITES("buf", "{ char *q = buf + 1; *q = 0; }");
    WRITES("p", "{ char *q = p; q[1] = 0; }");
    WRITES("buf", "{ char *q = buf; q++; *q = 0; }");
    /* a pointer into the buffer that is only read */
    KEEPS("buf", "{ char *dot = strrchr(buf, '.'); if (dot) puts(dot); }");
    /* a pointer into another buffer */
    KEEPS("buf", "{ char *dot = strrchr(tmp, '.'); if (dot) *dot = 0; }");
}

static void test_other_member_of_same_struct(void **state)
{
    (void)state;
    KEEPS("s->path", "s->n = 1;");
    KEEPS("s->path", "s->name = p;");
    KEEPS("sv.path", "sv.n = 2;");
    WRITES("s->path", "s->path[0] = 0;");
    WRITES("s->path", "*s = sv;");
    WRITES("sv.path", "memset(&sv, 0, sizeof sv);");
}

/* Writing an element of one member array is no write of another member. */
static void test_element_of_other_member(void **state)
{
    (void)state;
    /* formerly a bug: lower.c lvalue_root() drops the member chain under an
     * index, so `s->path[0] = 0` is a write of the whole `s`:
     *   struct S { char path[64]; char *name; };
     *   void f(struct S *s) { access(s->name, 0); s->path[0] = 0; access(s->name, 4); }
     * gives fs_write_between() == 1 (a missed pair, not a false one). */
    KEEPS("s->name", "s->path[0] = 0;");
    KEEPS("sv.name", "sv.path[1] = 'x';");
}

/* The write node of `s->n = 1` names the member, and does not kill s->path;
 * a write of s->path does. */
static void test_write_kills_member_chain(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(struct S *s, const char *p) {\n"
        "    access(s->path, F_OK);\n"
        "    s->n = 1;\n"
        "    s->name = (char *)p;\n"
        "    access(s->name, F_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), b = ut_call(fn, "access", 1);
    int wn = -1, wname = -1;
    for (int n = a + 1; n < b; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_WRITE || x->var < 0 || strcmp(fn->vars[x->var].name, "s") != 0)
            continue;
        if (x->member && strcmp(x->member, "->n") == 0)
            wn = n;
        if (x->member && strcmp(x->member, "->name") == 0)
            wname = n;
    }
    assert_true(wn >= 0);
    assert_true(wname >= 0);
    assert_false(fs_write_kills(fn, wn, &fn->nodes[a].path));
    assert_false(fs_write_kills(fn, wname, &fn->nodes[a].path));
    assert_true(fs_write_kills(fn, wname, &fn->nodes[b].path));
    assert_false(fs_write_kills(fn, wn, &fn->nodes[b].path));
    /* a member that starts like another is not a prefix of it */
    ut_free(tu);
}

static void test_member_prefix_is_not_a_member(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "struct T { char *path; char *path_old; };\n"
        "void f(struct T *t, char *p) {\n"
        "    access(t->path, F_OK);\n"
        "    t->path_old = p;\n"
        "    access(t->path, R_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), b = ut_call(fn, "access", 1);
    assert_true(fs_path_same(&fn->nodes[a], &fn->nodes[b]));
    assert_false(ut_write_between(fn, a, b));
    ut_free(tu);
}

static void test_global_and_unknown_calls(void **state)
{
    (void)state;
    WRITES("g_buf", "other();");
    WRITES("g_ptr", "other();");
    WRITES("g_buf", "show(\"x\");");
    WRITES("g_buf", "g_buf[0] = 0;");
    WRITES("g_ptr", "g_ptr = p;");
    /* known library functions leave globals alone */
    KEEPS("g_buf", "puts(\"x\");");
    KEEPS("g_buf", "(void)strlen(p);");
    /* a local buffer whose address never escaped */
    KEEPS("buf", "other();");
    KEEPS("p", "other();");
}

static void test_write_kills_unknown_callee_node(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(void) {\n"
        "    char local[8] = \"x\";\n"
        "    access(g_buf, F_OK);\n"
        "    access(local, F_OK);\n"
        "    other();\n"
        "    access(g_buf, R_OK);\n"
        "    access(local, R_OK);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int g = ut_call(fn, "access", 0), l = ut_call(fn, "access", 1);
    int o = ut_call(fn, "other", 0);
    int w = -1;
    for (int n = o + 1; n < fn->nnodes && w < 0; n++)
        if (fn->nodes[n].kind == FS_N_WRITE && fn->nodes[n].var < 0)
            w = n;
    assert_true(w >= 0);
    assert_true(fs_write_kills(fn, w, &fn->nodes[g].path));
    assert_false(fs_write_kills(fn, w, &fn->nodes[l].path));
    assert_true(ut_write_between(fn, g, ut_call(fn, "access", 2)));
    assert_false(ut_write_between(fn, l, ut_call(fn, "access", 3)));
    ut_free(tu);
}

static void test_dirfd_change(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(int dfd, int other) {\n"
        "    faccessat(dfd, \"x\", F_OK, 0);\n"
        "    other = 3;\n"
        "    faccessat(dfd, \"x\", R_OK, 0);\n"
        "    dfd = open(\"/tmp\", O_RDONLY);\n"
        "    faccessat(dfd, \"x\", W_OK, 0);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "faccessat", 0), b = ut_call(fn, "faccessat", 1), c = ut_call(fn, "faccessat", 2);
    assert_true(fs_path_same(&fn->nodes[a], &fn->nodes[b]));
    assert_false(ut_write_between(fn, a, b));
    assert_true(ut_write_between(fn, b, c));
    ut_free(tu);
}

/* A write on only one of two branches still lies between the calls. */
static void test_write_on_one_branch(void **state)
{
    (void)state;
    WRITES("buf", "if (i) strcpy(buf, \"y\"); else puts(\"n\");");
    WRITES("p", "switch (i) { case 1: p++; break; default: break; }");
    WRITES("p", "p = i ? buf : p;");
    KEEPS("p", "if (i) puts(\"y\"); else puts(\"n\");");
}

/* A write inside a loop that lies between the two calls. */
static void test_write_in_loop_between(void **state)
{
    (void)state;
    /* formerly a bug: fs_write_between() marks the nodes between the calls
     * along forward edges only, so a write in a loop body (whose only way
     * on is the back edge) is never "between":
     *   void f(char *p) { access(p, 0); while (*p == '/') p++; access(p, 4); }
     * gives fs_write_between() == 0 (fs_write_kills() does kill on the p++
     * node), and fscheck reports FS101 for
     *   if (access(p, F_OK) != 0) return -1; while (*p == '/') p++;
     *   if (stat(p, &st) != 0) return -1; return st.st_size;
     * although the stat() probes another path. */
    WRITES("p", "while (*p == '/') p++;");
    WRITES("buf", "for (int k = 0; k < i; k++) buf[k] = 'a';");
    WRITES("p", "do { p++; } while (*p);");
}

/* A write after the second call, or before the first, is not between them. */
static void test_write_outside_the_pair(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(UT_PRELUDE
        "void f(char *p) {\n"
        "    p++;\n"
        "    access(p, F_OK);\n"
        "    access(p, R_OK);\n"
        "    p++;\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    assert_false(ut_write_between(fn, ut_call(fn, "access", 0), ut_call(fn, "access", 1)));
    ut_free(tu);
}

/* After chdir(), a relative path names another file. */
static void test_chdir_changes_relative_paths(void **state)
{
    (void)state;
    WRITES("p", "chdir(\"/\");");
    WRITES("buf", "chdir(\"/\");");
    /* formerly a bug: a string literal path is not killed by chdir(): lower.c
     * emits writes of every variable and of "globals" (var -1), but
     * fs_write_kills() never kills a path whose root is -1 (literals):
     *   void f(void) { access("cfg", 0); chdir("/"); access("cfg", 4); }
     * gives fs_write_between() == 0, so the two probes pair although they
     * name different files (fscheck reports FS101 for
     *   if (access("data.cfg", F_OK) != 0) return -1; if (chdir("/srv") != 0)
     *   return -1; if (stat("data.cfg", &st) != 0) return -1; ...). */
    WRITES("\"rel.cfg\"", "chdir(\"/\");");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_statement_no_write),
        cmocka_unit_test(test_assignment),
        cmocka_unit_test(test_increment_decrement),
        cmocka_unit_test(test_library_writes_into_buffer),
        cmocka_unit_test(test_unknown_function_pointer_args),
        cmocka_unit_test(test_const_pointer_to_containing_struct),
        cmocka_unit_test(test_unknown_variadic),
        cmocka_unit_test(test_write_through_derived_pointer),
        cmocka_unit_test(test_other_member_of_same_struct),
        cmocka_unit_test(test_element_of_other_member),
        cmocka_unit_test(test_write_kills_member_chain),
        cmocka_unit_test(test_member_prefix_is_not_a_member),
        cmocka_unit_test(test_global_and_unknown_calls),
        cmocka_unit_test(test_write_kills_unknown_callee_node),
        cmocka_unit_test(test_dirfd_change),
        cmocka_unit_test(test_write_on_one_branch),
        cmocka_unit_test(test_write_in_loop_between),
        cmocka_unit_test(test_write_outside_the_pair),
        cmocka_unit_test(test_chdir_changes_relative_paths),
    };
    return cmocka_run_group_tests(tests, NULL, ut_cleanup);
}
