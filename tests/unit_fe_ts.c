/*
 * unit_fe_ts.c - the tree-sitter front end: the syntax trees it makes from
 * C snippets (shapes, variables, macros, errors, limits).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ir/ast.h"
#include "frontend/frontend.h"
#include "ir/ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct ts_tu {
    fs_fe_result r;
} ts_tu;

static ts_tu *parse(const char *src)
{
    ts_tu *tu = calloc(1, sizeof *tu);
    assert_non_null(tu);
    assert_int_equal(fs_fe_ts_parse("snippet.c", src, strlen(src), &tu->r), 0);
    return tu;
}

static void done(ts_tu *tu)
{
    fs_fe_result_free(&tu->r);
    free(tu);
}

static const fs_fe_func *func(const ts_tu *tu, const char *name)
{
    for (int i = 0; i < tu->r.nfuncs; i++)
        if (strcmp(tu->r.funcs[i].fn->name, name) == 0)
            return &tu->r.funcs[i];
    fail_msg("no function %s", name);
    return NULL;
}

/* The n-th node of kind k (and name, when given) in pre-order. */
static const fs_ast *find_nth(const fs_ast *a, fs_ast_kind k, const char *name, int *n)
{
    if (!a)
        return NULL;
    if (a->kind == k && (!name || (a->name && strcmp(a->name, name) == 0)) && (*n)-- == 0)
        return a;
    for (int i = 0; i < a->nkids; i++) {
        const fs_ast *r = find_nth(a->kids[i], k, name, n);
        if (r)
            return r;
    }
    return NULL;
}

static const fs_ast *find(const fs_ast *a, fs_ast_kind k, const char *name)
{
    int n = 0;
    const fs_ast *r = find_nth(a, k, name, &n);
    assert_non_null(r);
    return r;
}

static int var_named(const fs_func *fn, const char *name)
{
    for (int v = 0; v < fn->nvars; v++)
        if (strcmp(fn->vars[v].name, name) == 0)
            return v;
    return -1;
}

static void test_statements(void **state)
{
    (void)state;
    ts_tu *tu = parse("int f(int n)\n"
                      "{\n"
                      "    for (;;) break;\n"
                      "    for (int i = 0; i < n; i++) n--;\n"
                      "    do n++; while (n < 3);\n"
                      "    while (n) n--;\n"
                      "    if (n) n = 1; else n = 2;\n"
                      "    switch (n) { case 1: case 2: n = 3; n = 4; break; default: n = 5; }\n"
                      "l:  goto l;\n"
                      "    return n;\n"
                      "}\n");
    const fs_ast *b = func(tu, "f")->body;
    assert_int_equal(b->kind, FS_A_COMPOUND);
    const fs_ast *f1 = find(b, FS_A_FOR, NULL);
    assert_int_equal(f1->nkids, 4);
    for (int i = 0; i < 3; i++)
        assert_int_equal(f1->kids[i]->kind, FS_A_NULL_STMT);
    assert_int_equal(f1->kids[3]->kind, FS_A_BREAK);
    int n = 1;
    const fs_ast *f2 = find_nth(b, FS_A_FOR, NULL, &n);
    assert_non_null(f2);
    assert_int_equal(f2->nkids, 4);
    assert_int_equal(f2->kids[0]->kind, FS_A_COMPOUND);
    assert_int_equal(f2->kids[0]->kids[0]->kind, FS_A_DECL);
    assert_int_equal(f2->kids[1]->kind, FS_A_BINOP);
    assert_string_equal(f2->kids[2]->name, "post++");
    assert_string_equal(f2->kids[3]->name, "post--");
    const fs_ast *d = find(b, FS_A_DO, NULL);
    assert_int_equal(d->kids[0]->kind, FS_A_UNOP);
    assert_string_equal(d->kids[1]->name, "<");
    const fs_ast *w = find(b, FS_A_WHILE, NULL);
    assert_int_equal(w->kids[0]->kind, FS_A_IDENT);
    const fs_ast *i = find(b, FS_A_IF, NULL);
    assert_int_equal(i->nkids, 3);
    assert_int_equal(i->kids[0]->kind, FS_A_IDENT); /* no parentheses */
    const fs_ast *c = find(b, FS_A_CASE, NULL);
    assert_int_equal(c->kids[0]->kind, FS_A_NUMBER);
    n = 1;
    const fs_ast *c2 = find_nth(b, FS_A_CASE, NULL, &n);
    assert_non_null(c2);
    assert_int_equal(c2->kids[0]->value, 2);
    assert_int_equal(c2->nkids, 4); /* value, two assignments, break: in order */
    assert_int_equal(c2->kids[1]->kids[1]->value, 3);
    assert_int_equal(c2->kids[2]->kids[1]->value, 4);
    assert_int_equal(c2->kids[3]->kind, FS_A_BREAK);
    const fs_ast *df = find(b, FS_A_DEFAULT, NULL);
    assert_int_equal(df->kids[0]->kind, FS_A_ASSIGN);
    assert_string_equal(find(b, FS_A_LABEL, "l")->kids[0]->name, "l");
    assert_int_equal(find(b, FS_A_RETURN, NULL)->nkids, 1);
    done(tu);
}

static void test_expressions(void **state)
{
    (void)state;
    ts_tu *tu = parse("struct s { char *p; struct s *next; };\n"
                      "int f(struct s *x, char **v, int n)\n"
                      "{\n"
                      "    n += 0x1fUL + 010 + 'a' + '\\n' + 12u;\n"
                      "    --n;\n"
                      "    puts(\"a\" \"b\");\n"
                      "    n = (n, n, 1);\n"
                      "    n = -1 ? (int)sizeof n : !n;\n"
                      "    return access(x->next->p, 0) + (*v)[n];\n"
                      "}\n");
    const fs_ast *b = func(tu, "f")->body;
    const fs_ast *as = find(b, FS_A_ASSIGN, "+=");
    long want[] = { 31, 8, 97, 10, 12 };
    for (int i = 0; i < 5; i++) {
        int n = i;
        const fs_ast *num = find_nth(as, FS_A_NUMBER, NULL, &n);
        assert_non_null(num);
        assert_int_equal(num->value, want[i]);
    }
    assert_string_equal(find(b, FS_A_UNOP, "--")->name, "--");
    assert_string_equal(find(b, FS_A_STRING, NULL)->name, "\"ab\"");
    const fs_ast *cm = find(b, FS_A_COMMA, NULL);
    assert_int_equal(cm->kids[0]->kind, FS_A_COMMA); /* left-nested, as libclang */
    assert_string_equal(cm->name, ",");
    const fs_ast *cond = find(b, FS_A_COND, NULL);
    assert_int_equal(cond->nkids, 3);
    assert_string_equal(cond->kids[0]->name, "-");
    assert_int_equal(cond->kids[0]->kids[0]->value, 1);
    assert_int_equal(find(cond, FS_A_CAST, NULL)->kids[0]->kind, FS_A_SIZEOF);
    const fs_ast *call = find(b, FS_A_CALL, "access");
    assert_int_equal(call->nkids, 3);
    assert_string_equal(call->kids[0]->name, "callee");
    const fs_ast *m = call->kids[1];
    assert_int_equal(m->kind, FS_A_MEMBER);
    assert_string_equal(m->name, "p");
    assert_int_equal(m->arrow, 1);
    assert_int_equal(m->kids[0]->kind, FS_A_MEMBER);
    const fs_ast *ix = find(b, FS_A_INDEX, NULL);
    assert_int_equal(ix->kids[0]->kind, FS_A_PAREN);
    done(tu);
}

static void test_ranges(void **state)
{
    (void)state;
    ts_tu *tu = parse("int f(const char *p)\n{\n  return access(p, 0);\n}\n");
    const fs_fe_func *ff = func(tu, "f");
    const fs_ast *call = find(ff->body, FS_A_CALL, "access");
    assert_int_equal(call->range.begin.line, 3);
    assert_int_equal(call->range.begin.col, 10);
    assert_int_equal(call->range.begin.offset, 32);
    assert_int_equal(call->range.end.col, 22); /* one past ')' */
    assert_int_equal(call->range.end.offset, 44);
    const fs_ast *ret = find(ff->body, FS_A_RETURN, NULL);
    assert_int_equal(ret->range.end.col, 22); /* without the ';' */
    assert_string_equal(call->file, "snippet.c");
    assert_int_equal(ff->fn->range.begin.line, 1);
    assert_int_equal(ff->fn->body.begin.line, 2);
    done(tu);
}

/* Globals of a typedef's type, many in one declaration: each takes the
 * typedef's facts, however much the symbol table grows in between. */
static void test_typedef_globals(void **state)
{
    (void)state;
    char src[8192];
    int n = snprintf(src, sizeof src, "typedef const char *path_t;\npath_t g0");
    for (int i = 1; i < 200; i++)
        n += snprintf(src + n, sizeof src - (size_t)n, ", g%d", i);
    snprintf(src + n, sizeof src - (size_t)n, ";\nint f(void) { return g0[0] + g199[0]; }\n");
    ts_tu *tu = parse(src);
    const fs_func *fn = func(tu, "f")->fn;
    int g0 = var_named(fn, "g0"), g199 = var_named(fn, "g199");
    assert_int_equal(fn->vars[g0].kind, FS_VAR_GLOBAL);
    assert_int_equal(fn->vars[g199].kind, FS_VAR_GLOBAL);
    assert_true(fn->vars[g0].ptr_to_const);
    assert_true(fn->vars[g199].ptr_to_const);
    done(tu);
}

static void test_variables(void **state)
{
    (void)state;
    ts_tu *tu = parse("#include <sys/stat.h>\n"
                      "static char g_path[64];\n"
                      "enum { A = 3, B };\n"
                      "typedef struct stat stat_t;\n"
                      "int f(const char *p, char const *q, char *const r, char s[], struct stat *sp)\n"
                      "{\n"
                      "    struct stat st;\n"
                      "    stat_t st2;\n"
                      "    char buf[8], *w;\n"
                      "    int x = B;\n"
                      "    {\n"
                      "        int p = 1;\n"
                      "        x = p;\n"
                      "    }\n"
                      "    return x + undeclared + p[0] + g_path[0];\n"
                      "}\n");
    const fs_fe_func *ff = func(tu, "f");
    const fs_func *fn = ff->fn;
    assert_int_equal(fn->nparams, 5);
    assert_int_equal(fn->vars[0].kind, FS_VAR_PARAM);
    assert_int_equal(fn->vars[4].param_index, 4);
    assert_true(fn->vars[var_named(fn, "p")].ptr_to_const);
    assert_true(fn->vars[var_named(fn, "q")].ptr_to_const);
    assert_false(fn->vars[var_named(fn, "r")].ptr_to_const);
    assert_false(fn->vars[var_named(fn, "s")].is_array); /* a parameter: a pointer */
    assert_true(fn->vars[var_named(fn, "sp")].is_stat_buf);
    assert_true(fn->vars[var_named(fn, "st")].is_stat_buf);
    assert_true(fn->vars[var_named(fn, "st2")].is_stat_buf);
    assert_true(fn->vars[var_named(fn, "buf")].is_array);
    assert_false(fn->vars[var_named(fn, "w")].is_array);
    /* the inner p shadows the parameter */
    const fs_ast *as = find(ff->body, FS_A_ASSIGN, "=");
    int inner = as->kids[1]->var;
    assert_true(inner >= 0);
    assert_int_equal(fn->vars[inner].kind, FS_VAR_LOCAL);
    /* enumerator, unknown name, parameter again, global */
    int n = 0;
    const fs_ast *num = find_nth(ff->body, FS_A_NUMBER, "B", &n);
    assert_non_null(num);
    assert_int_equal(num->value, 4);
    assert_int_equal(find(ff->body, FS_A_IDENT, "undeclared")->var, -1);
    const fs_ast *ret = find(ff->body, FS_A_RETURN, NULL);
    assert_int_equal(find(ret, FS_A_IDENT, "p")->var, 0);
    int g = find(ret, FS_A_IDENT, "g_path")->var;
    assert_true(g >= 0);
    assert_int_equal(fn->vars[g].kind, FS_VAR_GLOBAL);
    assert_true(fn->vars[g].is_array);
    done(tu);
}

static void test_macros(void **state)
{
    (void)state;
    ts_tu *tu = parse("#include <unistd.h>\n"
                      "#define DIR \"/etc\"\n"
                      "#define CONF DIR \"/app.conf\"\n"
                      "#define MODE 0644\n"
                      "#define EXISTS(p) (access((p), F_OK) == 0)\n"
                      "#define RESET(p) ((p) = 0)\n"
                      "#define CHECK(p) do { if (access(p, F_OK)) return -1; } while (0)\n"
                      "int f(char *path, int m)\n"
                      "{\n"
                      "    CHECK(path);\n"
                      "    m = MODE;\n"
                      "    if (EXISTS(path))\n"
                      "        return access(CONF, F_OK);\n"
                      "    return RESET(path) != 0;\n"
                      "}\n");
    const fs_fe_func *ff = func(tu, "f");
    const fs_ast *b = ff->body;
    /* object-like macros: literals at the use */
    const fs_ast *s = find(b, FS_A_STRING, "\"/etc/app.conf\"");
    assert_true(s->in_macro);
    assert_int_equal(s->range.begin.line, 13);
    const fs_ast *mode = find(find(b, FS_A_ASSIGN, "="), FS_A_NUMBER, NULL);
    assert_int_equal(mode->value, 0644);
    assert_string_equal(mode->macro, "MODE");
    assert_int_equal(find(b, FS_A_IDENT, "F_OK")->var, -1);
    /* a function-like macro: a call, and a function of its own */
    const fs_ast *call = find(b, FS_A_CALL, "EXISTS");
    assert_string_equal(call->macro, "EXISTS");
    assert_true(call->callee.known);
    assert_true(call->callee.const_ptr_mask & 1);
    const fs_fe_func *m = func(tu, "EXISTS");
    assert_true(m->is_macro);
    assert_false(m->in_main_file);
    assert_int_equal(m->fn->nparams, 1);
    assert_int_equal(m->fn->vars[0].kind, FS_VAR_PARAM);
    const fs_ast *ret = find(m->body, FS_A_RETURN, NULL);
    assert_int_equal(find(ret, FS_A_IDENT, "p")->var, 0);
    assert_int_equal(ret->range.begin.line, 5); /* in the #define */
    /* a macro that writes its argument */
    assert_false(find(b, FS_A_CALL, "RESET")->callee.const_ptr_mask & 1);
    /* a statement macro: expanded in place, its return the caller's */
    const fs_ast *dw = find(b, FS_A_DO, NULL);
    assert_true(dw->in_macro);
    const fs_ast *acc = find(dw, FS_A_CALL, "access");
    assert_string_equal(acc->macro, "CHECK");
    assert_int_equal(find(acc, FS_A_IDENT, "path")->var, 0);
    assert_int_equal(find(acc, FS_A_IDENT, "path")->range.begin.line, 10);
    done(tu);
}

static void test_callees(void **state)
{
    (void)state;
    ts_tu *tu = parse("void log_it(const char *fmt, ...);\n"
                      "void fill(char *buf, const char *src, int n);\n"
                      "int old();\n"
                      "int f(char *p)\n"
                      "{\n"
                      "    log_it(p);\n"
                      "    fill(p, p, 1);\n"
                      "    old(p);\n"
                      "    return undeclared(p) + setuid(0);\n"
                      "}\n");
    const fs_ast *b = func(tu, "f")->body;
    const fs_ast *l = find(b, FS_A_CALL, "log_it");
    assert_true(l->callee.known);
    assert_true(l->callee.variadic);
    assert_int_equal(l->callee.nparams, 1);
    const fs_ast *fi = find(b, FS_A_CALL, "fill");
    assert_int_equal(fi->callee.nparams, 3);
    assert_int_equal(fi->callee.const_ptr_mask, 2u | 4u);
    assert_false(find(b, FS_A_CALL, "old")->callee.known);
    assert_false(find(b, FS_A_CALL, "undeclared")->callee.known);
    assert_true(tu->r.uses_setuid);
    done(tu);
}

static void test_errors(void **state)
{
    (void)state;
    ts_tu *tu = parse("int broken(int n)\n{\n    int total = n +;\n    return total;\n}\n"
                      "int fine(const char *p) { return access(p, 0); }\n");
    assert_true(tu->r.nerrors >= 1);
    assert_non_null(tu->r.first_error);
    assert_non_null(strstr(tu->r.first_error, "snippet.c:3:"));
    func(tu, "broken");
    func(tu, "fine");
    done(tu);

    /* an attribute macro the file does not define is no syntax error */
    tu = parse("#define EXPORT __attribute__((visibility(\"default\")))\n"
               "EXPORT int g(void) { return 0; }\n"
               "UNKNOWN int h(void) { return 0; }\n");
    assert_int_equal(tu->r.nerrors, 0);
    func(tu, "h");
    done(tu);
}

static void test_depth(void **state)
{
    (void)state;
    size_t depth = 5000;
    size_t cap = depth * 2 + 64;
    char *src = malloc(cap);
    assert_non_null(src);
    strcpy(src, "int f(int a) { return ");
    size_t len = strlen(src);
    for (size_t i = 0; i < depth; i++)
        src[len++] = '(';
    src[len++] = 'a';
    for (size_t i = 0; i < depth; i++)
        src[len++] = ')';
    strcpy(src + len, "; }\n");
    ts_tu *tu = parse(src);
    assert_true(func(tu, "f")->fn->incomplete);
    done(tu);
    free(src);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_headers(void **state)
{
    (void)state;
    char dir[] = "/tmp/fscheck_unit_ts_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char h1[128], h2[128], c[128];
    snprintf(h1, sizeof h1, "%s/paths.h", dir);
    snprintf(h2, sizeof h2, "%s/util.h", dir);
    snprintf(c, sizeof c, "%s/main.c", dir);
    write_file(h1, "#include \"util.h\"\n#define CONF \"/etc/app.conf\"\n");
    write_file(h2, "#include \"paths.h\"\n" /* a cycle: read once */
                   "typedef struct stat stat_t;\n"
                   "extern char g_dir[64];\n"
                   "void note(const char *msg);\n"
                   "#define EXISTS(p) (access((p), 0) == 0)\n");
    const char *src = "#include \"paths.h\"\n"
                      "#include \"no_such_header.h\"\n"
                      "int f(char *p)\n"
                      "{\n"
                      "    stat_t st;\n"
                      "    note(p);\n"
                      "    return access(CONF, 0) + access(g_dir, 0) + EXISTS(p);\n"
                      "}\n";
    ts_tu *tu = calloc(1, sizeof *tu);
    assert_non_null(tu);
    assert_int_equal(fs_fe_ts_parse(c, src, strlen(src), &tu->r), 0);
    const fs_fe_func *ff = func(tu, "f");
    const fs_func *fn = ff->fn;
    assert_true(fn->vars[var_named(fn, "st")].is_stat_buf);
    const fs_ast *note = find(ff->body, FS_A_CALL, "note");
    assert_true(note->callee.known);
    assert_int_equal(note->callee.const_ptr_mask, 1u);
    const fs_ast *s = find(ff->body, FS_A_STRING, "\"/etc/app.conf\"");
    assert_int_equal(s->range.begin.line, 7); /* at the use */
    int g = find(ff->body, FS_A_IDENT, "g_dir")->var;
    assert_true(g >= 0);
    assert_int_equal(fn->vars[g].kind, FS_VAR_GLOBAL);
    assert_true(fn->vars[g].is_array);
    assert_string_equal(find(ff->body, FS_A_CALL, "EXISTS")->macro, "EXISTS");
    const fs_fe_func *m = func(tu, "EXISTS");
    assert_true(m->is_macro);
    assert_string_equal(m->fn->file, h2);
    assert_int_equal(m->fn->range.begin.line, 5);
    done(tu);
    unlink(h1);
    unlink(h2);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_typedef_globals),
        cmocka_unit_test(test_statements), cmocka_unit_test(test_expressions),
        cmocka_unit_test(test_ranges),     cmocka_unit_test(test_variables),
        cmocka_unit_test(test_macros),     cmocka_unit_test(test_callees),
        cmocka_unit_test(test_errors),     cmocka_unit_test(test_depth),
        cmocka_unit_test(test_headers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
