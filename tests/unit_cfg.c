/*
 * unit_cfg.c - control-flow facts of the IR: forward reachability between
 * calls, which outcome of a call leads to another, loops, and whether a
 * call's result is used.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "unit_helpers.h"

#define DECLS                                                                                      \
    UT_PRELUDE                                                                                     \
    "void yes(void);\n"                                                                            \
    "void no(void);\n"                                                                             \
    "void after(void);\n"                                                                          \
    "void before(void);\n"

#define SUCC (FS_REACH | FS_REACH_SUCC_ONLY)
#define FAIL (FS_REACH | FS_REACH_FAIL_ONLY)

/* --- fs_reach ------------------------------------------------------------- */

static void test_reach_sequence(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p) {\n"
        "    struct stat st;\n"
        "    access(p, F_OK);\n"
        "    stat(p, &st);\n"
        "    unlink(p);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), u = ut_call(fn, "unlink", 0);
    assert_true(ut_reach(fn, fn->entry, a));
    assert_true(ut_reach(fn, a, s));
    assert_true(ut_reach(fn, s, u));
    assert_true(ut_reach(fn, a, u));
    assert_true(ut_reach(fn, u, fn->exit));
    assert_false(ut_reach(fn, s, a));
    assert_false(ut_reach(fn, u, a));
    assert_false(ut_reach(fn, u, s));
    ut_free(tu);
}

static void test_reach_if_else_exclusive(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p, int k) {\n"
        "    struct stat st;\n"
        "    if (k)\n"
        "        access(p, F_OK);\n"
        "    else\n"
        "        stat(p, &st);\n"
        "    unlink(p);\n"
        "    if (k == 1) yes(); else if (k == 2) no(); else after();\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), u = ut_call(fn, "unlink", 0);
    assert_false(ut_reach(fn, a, s));
    assert_false(ut_reach(fn, s, a));
    assert_true(ut_reach(fn, a, u));
    assert_true(ut_reach(fn, s, u));
    int y = ut_call(fn, "yes", 0), n = ut_call(fn, "no", 0), af = ut_call(fn, "after", 0);
    assert_true(ut_reach(fn, u, y) && ut_reach(fn, u, n) && ut_reach(fn, u, af));
    assert_false(ut_reach(fn, y, n));
    assert_false(ut_reach(fn, n, af));
    assert_false(ut_reach(fn, y, af));
    assert_false(ut_reach(fn, af, y));
    ut_free(tu);
}

static void test_reach_switch_cases(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p, int k) {\n"
        "    struct stat st;\n"
        "    switch (k) {\n"
        "    case 1:\n"
        "        access(p, F_OK);\n"
        "        break;\n"
        "    case 2:\n"
        "        stat(p, &st);\n"
        "        break;\n"
        "    case 3:\n"
        "        mkdir(p, 0700);\n"
        "        /* fall through */\n"
        "    case 4:\n"
        "        rmdir(p);\n"
        "        break;\n"
        "    default:\n"
        "        unlink(p);\n"
        "    }\n"
        "    after();\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), u = ut_call(fn, "unlink", 0);
    int mk = ut_call(fn, "mkdir", 0), rm = ut_call(fn, "rmdir", 0), af = ut_call(fn, "after", 0);
    assert_false(ut_reach(fn, a, s));
    assert_false(ut_reach(fn, s, a));
    assert_false(ut_reach(fn, a, u));
    assert_false(ut_reach(fn, u, s));
    assert_false(ut_reach(fn, a, rm));
    assert_false(ut_reach(fn, s, mk));
    /* fall-through reaches the next case */
    assert_true(ut_reach(fn, mk, rm));
    assert_false(ut_reach(fn, rm, mk));
    assert_false(ut_reach(fn, rm, u));
    /* every case reaches what follows the switch */
    assert_true(ut_reach(fn, a, af) && ut_reach(fn, s, af) && ut_reach(fn, rm, af) && ut_reach(fn, u, af));
    ut_free(tu);
}

static void test_reach_conditional_arms(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "int f(const char *p, int k) {\n"
        "    struct stat st;\n"
        "    int r = k ? access(p, F_OK) : stat(p, &st);\n"
        "    after();\n"
        "    return r;\n"
        "}\n"
        "int g(const char *p) {\n"
        "    struct stat st;\n"
        "    return access(p, F_OK) == 0 ? stat(p, &st) : unlink(p);\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0), af = ut_call(fn, "after", 0);
    assert_false(ut_reach(fn, a, s));
    assert_false(ut_reach(fn, s, a));
    assert_true(ut_reach(fn, a, af));
    assert_true(ut_reach(fn, s, af));
    fs_func *g = ut_func(tu, "g");
    int ga = ut_call(g, "access", 0), gs = ut_call(g, "stat", 0), gu = ut_call(g, "unlink", 0);
    assert_false(ut_reach(g, gs, gu));
    assert_false(ut_reach(g, gu, gs));
    assert_int_equal(ut_outcome(g, ga, gs), SUCC);
    assert_int_equal(ut_outcome(g, ga, gu), FAIL);
    ut_free(tu);
}

static void test_reach_and_or_operands(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p) {\n"
        "    struct stat st;\n"
        "    if (access(p, F_OK) == 0 && stat(p, &st) == 0)\n"
        "        yes();\n"
        "}\n"
        "void g(const char *p) {\n"
        "    struct stat st;\n"
        "    if (access(p, F_OK) != 0 || stat(p, &st) != 0)\n"
        "        no();\n"
        "    else\n"
        "        yes();\n"
        "}\n"
        "int h(const char *p) {\n"
        "    struct stat st;\n"
        "    int ok = access(p, F_OK) == 0 || stat(p, &st) == 0;\n"
        "    return ok;\n"
        "}\n");
    fs_func *f = ut_func(tu, "f");
    int a = ut_call(f, "access", 0), s = ut_call(f, "stat", 0), y = ut_call(f, "yes", 0);
    assert_true(ut_reach(f, a, s));
    assert_false(ut_reach(f, s, a));
    assert_int_equal(ut_outcome(f, a, s), SUCC);
    assert_int_equal(ut_outcome(f, a, y), SUCC);
    assert_int_equal(ut_outcome(f, s, y), SUCC);

    fs_func *g = ut_func(tu, "g");
    a = ut_call(g, "access", 0), s = ut_call(g, "stat", 0), y = ut_call(g, "yes", 0);
    int n = ut_call(g, "no", 0);
    assert_int_equal(ut_outcome(g, a, s), SUCC);  /* || evaluates stat only when access succeeded */
    assert_int_equal(ut_outcome(g, a, y), SUCC);
    assert_int_equal(ut_outcome(g, a, n), FS_REACH); /* after a failed access, or a failed stat */
    assert_int_equal(ut_outcome(g, s, n), FAIL);
    assert_int_equal(ut_outcome(g, s, y), SUCC);

    fs_func *h = ut_func(tu, "h");
    a = ut_call(h, "access", 0), s = ut_call(h, "stat", 0);
    assert_int_equal(ut_outcome(h, a, s), FAIL); /* in a value, too */
    ut_free(tu);
}

/* --- fs_outcome_reach ----------------------------------------------------- */

/* In function `name`, the first access() leads to yes() on success only and
 * to no() on failure only; after() (when there is one) on both. */
static void check_yes_no(ut_tu *tu, const char *name, const char *probe)
{
    fs_func *fn = ut_func(tu, name);
    int a = ut_call(fn, probe, 0);
    int y = ut_call(fn, "yes", 0);
    int r = ut_outcome(fn, a, y);
    if (r != SUCC) {
        ut_dump(fn);
        fail_msg("%s: %s() -> yes(): %d, expected reach on success only (%d)", name, probe, r, SUCC);
    }
    int n = ut_find_call(fn, "no", 0);
    if (n >= 0 && (r = ut_outcome(fn, a, n)) != FAIL) {
        ut_dump(fn);
        fail_msg("%s: %s() -> no(): %d, expected reach on failure only (%d)", name, probe, r, FAIL);
    }
    int af = ut_find_call(fn, "after", 0);
    if (af >= 0 && (r = ut_outcome(fn, a, af)) != FS_REACH) {
        ut_dump(fn);
        fail_msg("%s: %s() -> after(): %d, expected reach on both outcomes (%d)", name, probe, r, FS_REACH);
    }
}

static void test_outcome_if_else(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void eq0(const char *p) { if (access(p, F_OK) == 0) yes(); else no(); after(); }\n"
        "void not(const char *p) { if (!access(p, F_OK)) yes(); else no(); after(); }\n"
        "void bare(const char *p) { if (access(p, F_OK)) no(); else yes(); after(); }\n"
        "void neg1(const char *p) { if (access(p, F_OK) == -1) no(); else yes(); after(); }\n"
        "void lt0(const char *p) { if (access(p, F_OK) < 0) no(); else yes(); after(); }\n"
        "void rev(const char *p) { if (0 == access(p, F_OK)) yes(); else no(); after(); }\n"
        "void nested(const char *p) { if (!(access(p, F_OK) != 0)) yes(); else no(); after(); }\n"
        "void st(const char *p) { struct stat s; if (stat(p, &s) == 0) yes(); else no(); after(); }\n");
    check_yes_no(tu, "eq0", "access");
    check_yes_no(tu, "not", "access");
    check_yes_no(tu, "bare", "access");
    check_yes_no(tu, "neg1", "access");
    check_yes_no(tu, "lt0", "access");
    check_yes_no(tu, "rev", "access");
    check_yes_no(tu, "nested", "access");
    check_yes_no(tu, "st", "stat");
    ut_free(tu);
}

static void test_outcome_early_return(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void ret_void(const char *p) { if (access(p, F_OK) != 0) return; yes(); }\n"
        "int ret_val(const char *p) { if (access(p, F_OK) == -1) { no(); return -1; } yes(); return 0; }\n"
        "int ret_ok(const char *p) { if (access(p, F_OK) == 0) return 1; no(); return 0; }\n"
        "void unrelated(const char *p, int k) { access(p, F_OK); if (k) no(); yes(); }\n");
    check_yes_no(tu, "ret_void", "access");
    check_yes_no(tu, "ret_val", "access");
    fs_func *fn = ut_func(tu, "ret_ok");
    assert_int_equal(ut_outcome(fn, ut_call(fn, "access", 0), ut_call(fn, "no", 0)), FAIL);
    /* a branch that does not test the call says nothing */
    fn = ut_func(tu, "unrelated");
    int a = ut_call(fn, "access", 0);
    assert_int_equal(ut_outcome(fn, a, ut_call(fn, "no", 0)), FS_REACH);
    assert_int_equal(ut_outcome(fn, a, ut_call(fn, "yes", 0)), FS_REACH);
    /* not reachable at all */
    assert_int_equal(ut_outcome(fn, ut_call(fn, "yes", 0), a), 0);
    ut_free(tu);
}

static void test_outcome_result_in_variable(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void ok_var(const char *p) { int ok = access(p, F_OK) == 0; before(); if (ok) yes(); else no(); after(); }\n"
        "void raw_var(const char *p) { int r = access(p, F_OK); if (r != 0) no(); else yes(); after(); }\n"
        "void assigned(const char *p) { int r; r = access(p, F_OK); if (r == 0) yes(); else no(); }\n"
        "void neg_var(const char *p) { int missing = access(p, F_OK) != 0; if (!missing) yes(); else no(); }\n"
        "void fd_var(const char *p) { int fd = open(p, O_RDONLY); if (fd < 0) no(); else yes(); }\n"
        "void fd_ge(const char *p) { int fd = open(p, O_RDONLY); if (fd >= 0) yes(); else no(); }\n"
        "void ptr_var(const char *p) { FILE *f = fopen(p, \"r\"); if (!f) no(); else yes(); }\n"
        "void ptr_null(const char *p) { FILE *f = fopen(p, \"r\"); if (f == NULL) no(); else yes(); }\n"
        "void in_cond(const char *p) { int r; if ((r = access(p, F_OK)) == 0) yes(); else no(); }\n"
        "void overwritten(const char *p, int k) { int r = access(p, F_OK); r = k; if (r) no(); else yes(); }\n");
    check_yes_no(tu, "ok_var", "access");
    check_yes_no(tu, "raw_var", "access");
    check_yes_no(tu, "assigned", "access");
    check_yes_no(tu, "neg_var", "access");
    check_yes_no(tu, "fd_var", "open");
    check_yes_no(tu, "fd_ge", "open");
    check_yes_no(tu, "ptr_var", "fopen");
    check_yes_no(tu, "ptr_null", "fopen");
    check_yes_no(tu, "in_cond", "access");
    /* the variable no longer holds the result */
    fs_func *fn = ut_func(tu, "overwritten");
    int a = ut_call(fn, "access", 0);
    assert_int_equal(ut_outcome(fn, a, ut_call(fn, "yes", 0)), FS_REACH);
    assert_int_equal(ut_outcome(fn, a, ut_call(fn, "no", 0)), FS_REACH);
    ut_free(tu);
}

static const char wrapper_src[] = DECLS
    "int file_exists(const char *p) { return access(p, F_OK) == 0; }\n"
    "int file_missing(const char *p) { return access(p, F_OK) != 0; }\n"
    "void use(const char *p) { if (file_exists(p)) yes(); else no(); after(); }\n"
    "void use_not(const char *p) { if (!file_exists(p)) no(); else yes(); after(); }\n"
    "void use_missing(const char *p) { if (file_missing(p)) no(); else yes(); after(); }\n"
    "void use_var(const char *p) { int e = file_exists(p); if (e) yes(); else no(); }\n";

static void test_outcome_wrapper_from_summary(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse_fix(wrapper_src);
    fs_func *fn = ut_func(tu, "use");
    const fs_node *w = ut_node(fn, "file_exists", 0);
    assert_int_equal(w->op.kind, FS_OP_PROBE);
    assert_true(w->op.via_wrapper);
    assert_int_equal(w->op.sense.kind, FS_VAL_BOOL);
    assert_int_equal(w->op.sense.when_true, FS_OUT_SUCC);
    assert_int_equal(w->op.sense.when_false, FS_OUT_FAIL);
    check_yes_no(tu, "use", "file_exists");
    check_yes_no(tu, "use_not", "file_exists");
    check_yes_no(tu, "use_missing", "file_missing");
    check_yes_no(tu, "use_var", "file_exists");
    ut_free(tu);
}

/* Without summaries the wrapper call is an unknown function: no outcome. */
static void test_outcome_wrapper_needs_summary(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(wrapper_src);
    fs_func *fn = ut_func(tu, "use");
    int w = ut_call(fn, "file_exists", 0);
    assert_int_equal(fn->nodes[w].op.kind, FS_OP_NONE);
    assert_int_equal(ut_outcome(fn, w, ut_call(fn, "yes", 0)), FS_REACH);
    ut_free(tu);
}

/* --- loops ---------------------------------------------------------------- */

/* Is there a back edge into node `head`? */
static int has_back_edge_to(const fs_func *fn, int head)
{
    for (int n = 0; n < fn->nnodes; n++)
        for (int i = 0; i < fn->nodes[n].nsucc; i++)
            if (fn->nodes[n].succ[i].back && fn->nodes[n].succ[i].to == head)
                return 1;
    return 0;
}

static void test_loop_membership_and_back_edges(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p, int n) {\n"
        "    struct stat st;\n"
        "    before();\n"
        "    for (int i = 0; i < n; i++) {\n"
        "        access(p, F_OK);\n"
        "        if (stat(p, &st) == 0)\n"
        "            break;\n"
        "    }\n"
        "    after();\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int b = ut_call(fn, "before", 0), a = ut_call(fn, "access", 0), s = ut_call(fn, "stat", 0);
    int af = ut_call(fn, "after", 0);
    assert_int_equal(fn->nloops, 1);
    assert_int_equal(fn->nodes[b].loop, -1);
    assert_int_equal(fn->nodes[af].loop, -1);
    assert_int_equal(fn->nodes[a].loop, 0);
    assert_int_equal(fn->nodes[s].loop, 0);
    assert_int_equal(fn->loops[0].parent, -1);
    assert_false(fn->loops[0].infinite);
    assert_true(fn->loops[0].head >= 0);
    assert_true(has_back_edge_to(fn, fn->loops[0].head));
    assert_int_equal(fn->loops[0].range.begin.line, ut_node(fn, "access", 0)->range.begin.line - 1);
    /* forward only: the stat() does not reach the access() around the loop */
    assert_true(ut_reach(fn, a, s));
    assert_false(ut_reach(fn, s, a));
    assert_true(ut_reach(fn, b, a));
    assert_true(ut_reach(fn, b, af));
    /* out of the loop by `break`; leaving through the loop's condition
     * would take the back edge first */
    assert_true(ut_reach(fn, s, af));
    assert_int_equal(ut_outcome(fn, s, af), FS_REACH | FS_REACH_SUCC_ONLY);
    ut_free(tu);
}

static void test_loop_kinds(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void w(const char *p, int k) { while (k--) { access(p, F_OK); yes(); } }\n"
        "void d(const char *p, int k) { do { access(p, F_OK); yes(); } while (k--); }\n"
        "void inf(const char *p) { for (;;) { if (access(p, F_OK) == 0) break; } }\n"
        "void inf2(const char *p) { while (1) { if (access(p, F_OK) == 0) break; } }\n"
        "void poll_(const char *p) { while (access(p, F_OK) != 0) sleep(1); }\n"
        "void g(const char *p, int k) { again: access(p, F_OK); yes(); if (k--) goto again; after(); }\n");
    fs_func *fn = ut_func(tu, "w");
    int a = ut_call(fn, "access", 0), y = ut_call(fn, "yes", 0);
    assert_int_equal(fn->nloops, 1);
    assert_int_equal(fn->nodes[a].loop, 0);
    assert_false(fn->nodes[a].in_loop_cond);
    assert_false(ut_reach(fn, y, a));
    assert_true(has_back_edge_to(fn, fn->loops[0].head));

    fn = ut_func(tu, "d");
    a = ut_call(fn, "access", 0), y = ut_call(fn, "yes", 0);
    assert_int_equal(fn->nloops, 1);
    assert_int_equal(fn->nodes[a].loop, 0);
    assert_false(ut_reach(fn, y, a));
    assert_false(fn->loops[0].infinite);

    fn = ut_func(tu, "inf");
    assert_int_equal(fn->nloops, 1);
    assert_true(fn->loops[0].infinite);
    assert_false(fn->loops[0].has_sleep);
    fn = ut_func(tu, "inf2");
    assert_int_equal(fn->nloops, 1);
    assert_true(fn->loops[0].infinite);

    fn = ut_func(tu, "poll_");
    a = ut_call(fn, "access", 0);
    assert_int_equal(fn->nloops, 1);
    assert_true(fn->nodes[a].in_loop_cond);
    assert_int_equal(fn->nodes[a].loop, 0);
    assert_true(fn->loops[0].has_sleep);
    assert_false(fn->loops[0].infinite);

    /* a backward goto is a back edge too */
    fn = ut_func(tu, "g");
    a = ut_call(fn, "access", 0), y = ut_call(fn, "yes", 0);
    assert_true(ut_reach(fn, a, y));
    assert_false(ut_reach(fn, y, a));
    assert_true(ut_reach(fn, y, ut_call(fn, "after", 0)));
    ut_free(tu);
}

static void test_nested_loops(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(char **v, int n) {\n"
        "    for (int i = 0; i < n; i++) {\n"
        "        yes();\n"
        "        for (int j = 0; j < n; j++)\n"
        "            if (access(v[j], F_OK) == 0)\n"
        "                break;\n"
        "        no();\n"
        "    }\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int y = ut_call(fn, "yes", 0), a = ut_call(fn, "access", 0), n = ut_call(fn, "no", 0);
    assert_int_equal(fn->nloops, 2);
    int outer = fn->nodes[y].loop, inner = fn->nodes[a].loop;
    assert_true(outer >= 0 && inner >= 0 && outer != inner);
    assert_int_equal(fn->nodes[n].loop, outer);
    assert_int_equal(fn->loops[inner].parent, outer);
    assert_int_equal(fn->loops[outer].parent, -1);
    assert_true(fs_loop_within(fn, inner, outer));
    assert_true(fs_loop_within(fn, inner, inner));
    assert_false(fs_loop_within(fn, outer, inner));
    assert_false(fs_loop_within(fn, -1, outer));
    assert_true(ut_reach(fn, y, a));
    assert_true(ut_reach(fn, a, n)); /* by the break */
    assert_false(ut_reach(fn, n, y));
    assert_false(ut_reach(fn, n, a));
    ut_free(tu);
}

static void test_do_while_zero_is_not_a_loop(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "#define CHECK(p) do { access((p), F_OK); } while (0)\n"
        "void f(const char *p) {\n"
        "    do { access(p, F_OK); yes(); } while (0);\n"
        "    CHECK(p);\n"
        "    after();\n"
        "}\n"
        "void g(const char *p, int k) {\n"
        "    do { if (k) break; access(p, F_OK); } while (0);\n"
        "    after();\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_call(fn, "access", 0), y = ut_call(fn, "yes", 0);
    int a2 = ut_call(fn, "access", 1), af = ut_call(fn, "after", 0);
    assert_int_equal(fn->nloops, 0);
    assert_int_equal(fn->nodes[a].loop, -1);
    assert_int_equal(fn->nodes[a2].loop, -1);
    assert_true(ut_reach(fn, fn->entry, a));
    assert_true(ut_reach(fn, a, y));
    assert_true(ut_reach(fn, y, a2));
    assert_true(ut_reach(fn, a2, af));
    assert_false(ut_reach(fn, y, a));
    /* break leaves the block */
    fn = ut_func(tu, "g");
    assert_int_equal(fn->nloops, 0);
    a = ut_call(fn, "access", 0), af = ut_call(fn, "after", 0);
    assert_true(ut_reach(fn, a, af));
    assert_int_equal(fn->nodes[a].loop, -1);
    ut_free(tu);
}

static void test_while_zero_body_unreachable(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void f(const char *p) {\n"
        "    before();\n"
        "    while (0) { access(p, F_OK); }\n"
        "    after();\n"
        "}\n");
    fs_func *fn = ut_func(tu, "f");
    int a = ut_find_call(fn, "access", 0), af = ut_call(fn, "after", 0);
    assert_true(a < 0 || !ut_reach(fn, fn->entry, a));
    assert_int_equal(fn->nloops, 0);
    /* formerly a bug: lower.c lowers `while (0)` by moving on to a fresh node
     * without linking the current one to it, so everything after the loop
     * is cut off from the function's entry:
     *   void f(const char *p) { before(); while (0) { } after(); }
     * has no path from before() to after(); fscheck misses FS101 in
     *   if (access(p, F_OK) != 0) return -1; while (0) { }
     *   if (stat(p, &st) != 0) return -1; return st.st_size; */
    assert_true(ut_reach(fn, ut_call(fn, "before", 0), af));
    assert_true(ut_reach(fn, fn->entry, af));
    ut_free(tu);
}

/* --- fs_result_used ------------------------------------------------------- */

static void test_result_used(void **state)
{
    (void)state;
    ut_tu *tu = ut_parse(DECLS
        "void dropped(const char *p) { access(p, F_OK); }\n"
        "void voided(const char *p) { (void)access(p, F_OK); }\n"
        "void tested(const char *p) { if (access(p, F_OK) == 0) yes(); }\n"
        "int returned(const char *p) { return access(p, F_OK); }\n"
        "int returned_cmp(const char *p) { return access(p, F_OK) == 0; }\n"
        "void var_tested(const char *p) { int r = access(p, F_OK); if (r) no(); }\n"
        "void var_unused(const char *p) { int r = access(p, F_OK); (void)r; }\n"
        "long fields(const char *p) { struct stat st; stat(p, &st); return st.st_size; }\n"
        "int stat_dropped(const char *p) { struct stat st; stat(p, &st); return 0; }\n"
        "void other_branch(const char *p, int k) { access(p, F_OK); if (k) yes(); }\n");
    static const struct {
        const char *fn, *call;
        int used;
    } cases[] = {
        { "dropped", "access", 0 },     { "voided", "access", 0 },     { "tested", "access", 1 },
        { "returned", "access", 1 },    { "returned_cmp", "access", 1 }, { "var_tested", "access", 1 },
        { "var_unused", "access", 0 },  { "fields", "stat", 1 },       { "stat_dropped", "stat", 0 },
        { "other_branch", "access", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fs_func *fn = ut_func(tu, cases[i].fn);
        int got = fs_result_used(fn, ut_call(fn, cases[i].call, 0)) != 0;
        if (got != cases[i].used) {
            ut_dump(fn);
            fail_msg("%s: fs_result_used = %d, expected %d", cases[i].fn, got, cases[i].used);
        }
    }
    ut_free(tu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reach_sequence),
        cmocka_unit_test(test_reach_if_else_exclusive),
        cmocka_unit_test(test_reach_switch_cases),
        cmocka_unit_test(test_reach_conditional_arms),
        cmocka_unit_test(test_reach_and_or_operands),
        cmocka_unit_test(test_outcome_if_else),
        cmocka_unit_test(test_outcome_early_return),
        cmocka_unit_test(test_outcome_result_in_variable),
        cmocka_unit_test(test_outcome_wrapper_from_summary),
        cmocka_unit_test(test_outcome_wrapper_needs_summary),
        cmocka_unit_test(test_loop_membership_and_back_edges),
        cmocka_unit_test(test_loop_kinds),
        cmocka_unit_test(test_nested_loops),
        cmocka_unit_test(test_do_while_zero_is_not_a_loop),
        cmocka_unit_test(test_while_zero_body_unreachable),
        cmocka_unit_test(test_result_used),
    };
    return cmocka_run_group_tests(tests, NULL, ut_cleanup);
}
