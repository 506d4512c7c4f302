/*
 * unit_helpers.h - shared helpers of the cmocka unit tests (header only).
 *
 * A test writes a C snippet to a temporary file, parses it with the libclang
 * front end, lowers every function (without summaries, or with wrapper
 * summaries to a fixpoint as the driver does), and then looks up functions
 * and call nodes by name to assert on the IR.
 *
 * Include after <stdarg.h>, <stddef.h>, <stdint.h>, <setjmp.h> and <cmocka.h>.
 */
#ifndef FSCHECK_UNIT_HELPERS_H
#define FSCHECK_UNIT_HELPERS_H

#include "ir/ast.h"
#include "frontend/frontend.h"
#include "ir/ir.h"
#include "ir/summary.h"
#include "base/version.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define UT_MAX_ROUNDS 8

/* The headers most snippets need. */
#define UT_PRELUDE                                                                                 \
    "#include <fcntl.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"        \
    "#include <sys/stat.h>\n#include <unistd.h>\n"

typedef struct ut_tu {
    fs_fe_result r;
    fs_summaries *sums; /* the summaries of the last lowering round (ut_lower_fix) */
    int rounds;         /* lowering rounds ut_lower_fix needed */
    char path[64];
} ut_tu;

/* Snippets not yet freed: a failed or skipped test leaves its snippet
 * behind (cmocka jumps out of the test); ut_cleanup frees them, so that the
 * tests stay clean under LeakSanitizer.  Run it as the group teardown:
 * cmocka_run_group_tests(tests, NULL, ut_cleanup). */
#define UT_MAX_LIVE 64
static ut_tu *ut_live[UT_MAX_LIVE];

static inline void ut_track(ut_tu *tu, int add)
{
    for (int i = 0; i < UT_MAX_LIVE; i++)
        if (ut_live[i] == (add ? NULL : tu)) {
            ut_live[i] = add ? tu : NULL;
            return;
        }
}

/* Write src to a fresh temporary .c file; its name goes to path. */
static inline void ut_write_temp(const char *src, char *path, size_t size)
{
    snprintf(path, size, "/tmp/fscheck_unit_XXXXXX.c");
    int fd = mkstemps(path, 2);
    assert_true(fd >= 0);
    size_t len = strlen(src);
    assert_int_equal(write(fd, src, len), (ssize_t)len);
    close(fd);
}

/* Parse src with libclang; no lowering yet.  Fails the test on a parse error. */
static inline ut_tu *ut_parse_only(const char *src)
{
    static const char *const flags[] = { "-std=c11", "-D_GNU_SOURCE" };
    ut_tu *tu = calloc(1, sizeof *tu);
    assert_non_null(tu);
    ut_track(tu, 1);
    ut_write_temp(src, tu->path, sizeof tu->path);
    fs_clang_opts o = { flags, 2, FSCHECK_CLANG_RESOURCE_DIR, NULL, NULL, 0, NULL };
    int rc = fs_fe_clang_parse(tu->path, &o, &tu->r);
    unlink(tu->path);
    if (rc != 0 || tu->r.nerrors)
        fprintf(stderr, "parse failed: %s\n",
                tu->r.fatal ? tu->r.fatal : tu->r.first_error ? tu->r.first_error : "?");
    assert_int_equal(rc, 0);
    assert_int_equal(tu->r.nerrors, 0);
    return tu;
}

/* Lower every function that has a body once, with the given summaries (or none). */
static inline void ut_lower_with(ut_tu *tu, const fs_summaries *sums)
{
    for (int i = 0; i < tu->r.nfuncs; i++) {
        fs_func_reset(tu->r.funcs[i].fn);
        if (tu->r.funcs[i].body)
            fs_lower(tu->r.funcs[i].fn, tu->r.funcs[i].body, sums);
    }
}

/* Summaries of every function of tu, as lowered now.  Caller deletes. */
static inline fs_summaries *ut_summarize(const ut_tu *tu)
{
    fs_summaries *s = fs_summaries_new();
    for (int i = 0; i < tu->r.nfuncs; i++)
        if (tu->r.funcs[i].body && !tu->r.funcs[i].in_system)
            fs_summarize(tu->r.funcs[i].fn, s);
    return s;
}

/* Lower with summaries until they stop changing (as the driver does):
 * round 1 lowers without summaries; each later round with the summaries of
 * the one before.  Afterwards tu->sums holds the summaries of the final IR. */
static inline void ut_lower_fix(ut_tu *tu)
{
    fs_summaries *cur = fs_summaries_new();
    tu->rounds = 0;
    for (int round = 0; round < UT_MAX_ROUNDS; round++) {
        ut_lower_with(tu, cur);
        tu->rounds++;
        fs_summaries *next = ut_summarize(tu);
        int same = fs_summaries_equal(next, cur);
        fs_summaries_delete(cur);
        cur = next;
        if (same)
            break;
    }
    fs_summaries_delete(tu->sums);
    tu->sums = cur;
}

/* Parse and lower without summaries (fs_lower(fn, body, NULL)). */
static inline ut_tu *ut_parse(const char *src)
{
    ut_tu *tu = ut_parse_only(src);
    ut_lower_with(tu, NULL);
    return tu;
}

/* Parse and lower with wrapper summaries to a fixpoint. */
static inline ut_tu *ut_parse_fix(const char *src)
{
    ut_tu *tu = ut_parse_only(src);
    ut_lower_fix(tu);
    return tu;
}

static inline void ut_free(ut_tu *tu)
{
    if (!tu)
        return;
    ut_track(tu, 0);
    fs_summaries_delete(tu->sums);
    fs_fe_result_free(&tu->r);
    free(tu);
}

/* Group teardown: free the snippets that failed or skipped tests left. */
static inline int ut_cleanup(void **state)
{
    (void)state;
    for (int i = 0; i < UT_MAX_LIVE; i++)
        if (ut_live[i])
            ut_free(ut_live[i]);
    return 0;
}

/* The function defined in the snippet with this name; fails the test if none. */
static inline fs_func *ut_func(ut_tu *tu, const char *name)
{
    for (int i = 0; i < tu->r.nfuncs; i++)
        if (tu->r.funcs[i].body && strcmp(tu->r.funcs[i].fn->name, name) == 0)
            return tu->r.funcs[i].fn;
    fail_msg("no function '%s' in the snippet", name);
    return NULL;
}

/* Node id of the occurrence-th (0-based, in node order) call of `callee`,
 * or -1.  A wrapper with several summaries makes several nodes for one call;
 * they all count. */
static inline int ut_find_call(const fs_func *fn, const char *callee, int occurrence)
{
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind == FS_N_CALL && x->callee && strcmp(x->callee, callee) == 0 && occurrence-- == 0)
            return n;
    }
    return -1;
}

/* Like ut_find_call, but fails the test when there is no such call. */
static inline int ut_call(const fs_func *fn, const char *callee, int occurrence)
{
    int n = ut_find_call(fn, callee, occurrence);
    if (n < 0)
        fail_msg("no call #%d of '%s' in '%s'", occurrence, callee, fn->name);
    return n;
}

static inline const fs_node *ut_node(const fs_func *fn, const char *callee, int occurrence)
{
    return &fn->nodes[ut_call(fn, callee, occurrence)];
}

/* Number of calls of `callee` in fn. */
static inline int ut_count_calls(const fs_func *fn, const char *callee)
{
    int k = 0;
    while (ut_find_call(fn, callee, k) >= 0)
        k++;
    return k;
}

/* The path key of a call, rendered with variable names ("cfg->log_path"); a
 * static buffer, "(none)" when the call's path has no identity. */
static inline const char *ut_key(const fs_func *fn, int node)
{
    static char buf[256];
    const char *k = fn->nodes[node].path.key;
    if (!k)
        return "(none)";
    char *d = fs_path_display(fn, k);
    snprintf(buf, sizeof buf, "%s", d);
    free(d);
    return buf;
}

/* Is there a forward path from call a to call b? */
static inline int ut_reach(const fs_func *fn, int a, int b)
{
    fs_walk w;
    fs_walk_init(&w, fn);
    int r = fs_reach(&w, a, b, NULL, NULL);
    fs_walk_fini(&w);
    return r;
}

static inline int ut_outcome(const fs_func *fn, int a, int b)
{
    fs_walk w;
    fs_walk_init(&w, fn);
    int r = fs_outcome_reach(&w, a, b);
    fs_walk_fini(&w);
    return r;
}

/* Does a write to a's path lie between call a and call b? */
static inline int ut_write_between(const fs_func *fn, int a, int b)
{
    fs_walk w;
    fs_walk_init(&w, fn);
    int r = fs_write_between(&w, a, b, &fn->nodes[a].path);
    fs_walk_fini(&w);
    return r;
}

/* The summary of function `name` for parameter `param` in tu->sums, or NULL. */
static inline const fs_summary *ut_summary(const ut_tu *tu, const char *name, int param)
{
    for (const fs_summary *s = fs_summaries_find(tu->sums, name); s; s = fs_summaries_next(tu->sums, s))
        if (s->param == param)
            return s;
    return NULL;
}

/* The 1-based line of the first occurrence of needle in src (0: none). */
static inline int ut_line_of(const char *src, const char *needle)
{
    const char *at = strstr(src, needle);
    if (!at)
        return 0;
    int line = 1;
    for (const char *c = src; c < at; c++)
        line += *c == '\n';
    return line;
}

/* Debugging aid: dump a function's IR to stderr. */
static inline void ut_dump(const fs_func *fn)
{
    fs_func_dump(fn, stderr);
}

#endif
