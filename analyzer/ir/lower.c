/*
 * lower.c - turn a front end's syntax tree (ast.h) into the IR (ir.h).
 *
 * Statements become a control-flow graph; && || ?: ! become branches, so
 * that each branch knows which call's success or failure it tests.  Writes to
 * variables (assignments, ++/--, library calls that write their arguments,
 * non-const pointers passed to unknown functions, writes through pointers
 * derived from a variable) become write nodes.
 */
#include "ir/ast.h"
#include "ir/calls.h"
#include "ir/summary.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define FS_LOWER_MAX_DEPTH 1500
/* A set cost per function: what follows lowering (stat buffers read, the
 * rules' pairing of calls) walks the graph once or more per call that
 * touches a path, and pairs calls with later ones.  A function beyond
 * these is left unchecked, with a message (the IR says why). */
#define FS_LOWER_MAX_NODES 2000000L
#define FS_LOWER_MAX_WORK 50000000.0 /* (pairs of calls on one path + calls) x nodes */

typedef struct fs_label {
    const char *name;
    int node;
    int placed;
} fs_label;

typedef struct fs_result_var {
    int call;       /* call node whose value the variable holds, -1 */
    fs_sense sense; /* how the variable's value relates to that call's success */
} fs_result_var;

typedef struct fs_lowerer {
    fs_func *fn;
    const fs_summaries *sums;
    int cur;          /* node the next node follows; -1 when unreachable */
    int loop;         /* current loop id */
    int in_cond;      /* lowering a loop's own condition */
    int brk, cont;    /* break / continue targets, -1 */
    int cont_back;    /* the continue edge is a back edge */
    int sw;           /* current switch dispatch node, -1 */
    int sw_has_default;
    int depth;
    int too_deep;
    fs_label *labels;
    int nlabels, caplabels;
    fs_result_var *res; /* per variable */
    int *alias;         /* per variable: the variable whose storage it points into, -1 */
    fs_range block;     /* the innermost compound statement */
    int cond_nest;      /* if/switch bodies entered since the innermost loop's body */
} fs_lowerer;

static void lower_stmt(fs_lowerer *L, const fs_ast *s);
static void lower_expr(fs_lowerer *L, const fs_ast *e);
static void lower_cond(fs_lowerer *L, const fs_ast *e, int t, int f, const fs_ast *atom);

/* --- helpers ------------------------------------------------------------- */

static int new_node(fs_lowerer *L, fs_node_kind kind)
{
    int n = fs_func_add_node(L->fn, kind);
    L->fn->nodes[n].loop = L->loop;
    L->fn->nodes[n].in_loop_cond = L->in_cond;
    L->fn->nodes[n].cond_nest = L->cond_nest;
    return n;
}

static void link_to(fs_lowerer *L, int to)
{
    if (L->cur >= 0)
        fs_func_add_edge(L->fn, L->cur, to, 0);
}

static int emit(fs_lowerer *L, fs_node_kind kind)
{
    int n = new_node(L, kind);
    link_to(L, n);
    L->cur = n;
    return n;
}

static const fs_ast *strip(const fs_ast *e)
{
    while (e && (e->kind == FS_A_PAREN || e->kind == FS_A_CAST || (e->kind == FS_A_OTHER && e->nkids == 1 && !e->name)))
        e = e->nkids ? e->kids[0] : NULL;
    return e;
}

static int is_number(const fs_ast *e, long *v)
{
    e = strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_NUMBER) {
        *v = e->value;
        return 1;
    }
    if (e->kind == FS_A_UNOP && e->name && strcmp(e->name, "-") == 0 && e->nkids == 1) {
        const fs_ast *k = strip(e->kids[0]);
        if (k && k->kind == FS_A_NUMBER) {
            *v = -k->value;
            return 1;
        }
    }
    if (e->kind == FS_A_IDENT && e->var < 0 && e->name) {
        if (strcmp(e->name, "NULL") == 0 || strcmp(e->name, "false") == 0) {
            *v = 0;
            return 1;
        }
        if (strcmp(e->name, "true") == 0) {
            *v = 1;
            return 1;
        }
    }
    return 0;
}

static int is_op(const fs_ast *e, const char *op)
{
    return e && e->name && strcmp(e->name, op) == 0;
}

/* --- path identities ------------------------------------------------------ */

static void path_add_dep(fs_path *p, int var)
{
    for (int i = 0; i < p->ndeps; i++)
        if (p->deps[i] == var)
            return;
    p->deps = fs_xrealloc(p->deps, sizeof(int) * (size_t)(p->ndeps + 1));
    p->deps[p->ndeps++] = var;
}

/* Build the key of expression e into b; 0 when e has no stable identity. */
static int path_key(fs_lowerer *L, const fs_ast *e, fs_buf *b, fs_path *p, int top)
{
    e = strip(e);
    if (!e)
        return 0;
    switch (e->kind) {
    case FS_A_STRING:
        if (!top)
            return 0;
        fs_buf_puts(b, e->name ? e->name : "\"\"");
        return 1;
    case FS_A_IDENT:
        if (e->var < 0)
            return 0;
        fs_buf_printf(b, "v%d", e->var);
        if (p->root < 0) {
            p->root = e->var;
            path_add_dep(p, e->var);
        }
        return 1;
    case FS_A_MEMBER:
        if (e->nkids < 1 || !path_key(L, e->kids[0], b, p, 0))
            return 0;
        fs_buf_printf(b, "%s%s", e->arrow ? "->" : ".", e->name ? e->name : "?");
        return 1;
    case FS_A_INDEX: {
        long v;
        if (e->nkids < 2 || !path_key(L, e->kids[0], b, p, 0))
            return 0;
        const fs_ast *ix = strip(e->kids[1]);
        if (is_number(ix, &v)) {
            fs_buf_printf(b, "[%ld]", v);
            return 1;
        }
        if (ix && ix->kind == FS_A_IDENT && ix->var >= 0) {
            fs_buf_printf(b, "[v%d]", ix->var);
            path_add_dep(p, ix->var);
            return 1;
        }
        return 0;
    }
    case FS_A_UNOP:
        /* `*working_dir`: what a pointer points to (an out parameter) */
        if (is_op(e, "*") && e->nkids == 1) {
            fs_buf_puts(b, "*");
            return path_key(L, e->kids[0], b, p, 0);
        }
        return 0;
    default:
        return 0;
    }
}

static void make_path(fs_lowerer *L, const fs_ast *e, fs_path *p)
{
    memset(p, 0, sizeof *p);
    p->root = -1;
    if (!e)
        return;
    p->range = e->range;
    fs_buf b = { 0 };
    if (path_key(L, e, &b, p, 1)) {
        p->key = b.s;
        b.s = NULL;
        p->text = fs_path_display(L->fn, p->key);
    } else {
        free(p->deps);
        p->deps = NULL;
        p->ndeps = 0;
        p->root = -1;
        /* no identity, but the name still tells (stderr, stdout) */
        if (strip(e) && strip(e)->kind == FS_A_IDENT && strip(e)->name)
            p->text = fs_xstrdup(strip(e)->name);
    }
    fs_buf_free(&b);
}

/* The variable and member chain an lvalue writes. */
static int lvalue_root(fs_lowerer *L, const fs_ast *e, fs_buf *member, int *through_ptr)
{
    e = strip(e);
    if (!e)
        return -1;
    switch (e->kind) {
    case FS_A_IDENT:
        return e->var;
    case FS_A_MEMBER: {
        int r = e->nkids ? lvalue_root(L, e->kids[0], member, through_ptr) : -1;
        if (member)
            fs_buf_printf(member, "%s%s", e->arrow ? "->" : ".", e->name ? e->name : "?");
        return r;
    }
    case FS_A_INDEX:
        /* an element of base: base's storage (whole array member) changes */
        if (through_ptr)
            *through_ptr = 1;
        return e->nkids ? lvalue_root(L, e->kids[0], member, through_ptr) : -1;
    case FS_A_UNOP:
        if (is_op(e, "*") && e->nkids) {
            if (through_ptr)
                *through_ptr = 1;
            return lvalue_root(L, e->kids[0], NULL, through_ptr);
        }
        /* `*p++ = c`: the pointer stepped is the one written through */
        if (e->nkids == 1 && e->name && (strstr(e->name, "++") || strstr(e->name, "--")) && through_ptr && *through_ptr)
            return lvalue_root(L, e->kids[0], NULL, through_ptr);
        return -1;
    case FS_A_BINOP: /* p + 1 */
        if ((is_op(e, "+") || is_op(e, "-")) && e->nkids == 2) {
            int r = lvalue_root(L, e->kids[0], NULL, through_ptr);
            return r >= 0 ? r : lvalue_root(L, e->kids[1], NULL, through_ptr);
        }
        return -1;
    default:
        return -1;
    }
}

static void emit_write(fs_lowerer *L, int var, const char *member)
{
    if (var < FS_WRITE_CWD)
        return;
    int n = emit(L, FS_N_WRITE);
    L->fn->nodes[n].var = var;
    L->fn->nodes[n].member = (member && *member) ? fs_xstrdup(member) : NULL;
    if (var >= 0) {
        L->res[var].call = -1;
        if (L->alias[var] >= 0 && L->alias[var] != var) {
            /* the pointer itself changed; what it points into did not */
        }
    }
}

/* A write to the storage of var (through it, or to it): also a write to
 * what it aliases. */
static void emit_store(fs_lowerer *L, int var, const char *member, int through_ptr)
{
    if (var < 0)
        return;
    emit_write(L, var, member);
    L->fn->nodes[L->cur].through = through_ptr;
    if (through_ptr && L->alias[var] >= 0 && L->alias[var] != var) {
        int buf = L->alias[var];
        emit_write(L, buf, NULL);
        L->fn->nodes[L->cur].through = 1;
        /* and every other pointer into the same storage */
        for (int q = 0; q < L->fn->nvars; q++)
            if (q != var && q != buf && L->alias[q] == buf) {
                emit_write(L, q, NULL);
                L->fn->nodes[L->cur].through = 1;
            }
    }
}

/* Record that pointer variable `var` may point into what expression e refers to. */
static void note_alias(fs_lowerer *L, int var, const fs_ast *e)
{
    if (var < 0 || !e)
        return;
    const fs_ast *s = strip(e);
    if (!s)
        return;
    if (s->kind == FS_A_IDENT && s->var >= 0 && s->var != var) {
        /* `buf + n`: the pointer points into buf, not into the number */
        const fs_var *v = &L->fn->vars[s->var];
        if (!v->is_stat_buf && !v->is_scalar)
            L->alias[var] = L->alias[s->var] >= 0 ? L->alias[s->var] : s->var;
        return;
    }
    if (s->kind == FS_A_CALL) {
        /* strrchr(path, '.') points into path */
        for (int i = 1; i < s->nkids; i++)
            note_alias(L, var, s->kids[i]);
        return;
    }
    if (s->kind == FS_A_SIZEOF)
        return;
    for (int i = 0; i < s->nkids; i++)
        note_alias(L, var, s->kids[i]);
}

/* --- what a condition tests ------------------------------------------------ */

typedef struct fs_test {
    int call;
    fs_outcome t, f; /* outcome implied when the expression is true / false */
} fs_test;

static fs_test no_test(void)
{
    fs_test t = { -1, FS_OUT_UNKNOWN, FS_OUT_UNKNOWN };
    return t;
}

static fs_outcome flip(fs_outcome o)
{
    return o;
}

/* The value of e as a call result: which call, and its sense. */
static int value_of(fs_lowerer *L, const fs_ast *e, fs_sense *sense)
{
    e = strip(e);
    if (!e)
        return -1;
    if (e->kind == FS_A_CALL && e->ir >= 0) {
        const fs_node *n = &L->fn->nodes[e->ir];
        if (n->op.kind == FS_OP_NONE && n->op.sense.kind == FS_VAL_UNKNOWN)
            return -1;
        *sense = n->op.sense;
        return e->ir;
    }
    if (e->kind == FS_A_IDENT && e->var >= 0 && L->res[e->var].call >= 0) {
        *sense = L->res[e->var].sense;
        return L->res[e->var].call;
    }
    if (e->kind == FS_A_ASSIGN && is_op(e, "=") && e->nkids == 2)
        return value_of(L, e->kids[1], sense);
    return -1;
}

/* What the truth of expression e says about a call's success. */
static fs_test test_of(fs_lowerer *L, const fs_ast *e)
{
    fs_test r = no_test();
    fs_sense s;
    long v;
    e = strip(e);
    if (!e)
        return r;
    if (e->kind == FS_A_UNOP && is_op(e, "!") && e->nkids == 1) {
        r = test_of(L, e->kids[0]);
        fs_outcome t = r.t;
        r.t = r.f;
        r.f = t;
        return r;
    }
    if (e->kind == FS_A_COND && e->nkids == 3) {
        /* c ? 1 : 0 is c; c ? 0 : 1 is !c */
        long x, y;
        if (is_number(e->kids[1], &x) && is_number(e->kids[2], &y) && !x != !y) {
            r = test_of(L, e->kids[0]);
            if (!x) {
                fs_outcome t = r.t;
                r.t = r.f;
                r.f = t;
            }
            return r;
        }
        return r;
    }
    if (e->kind == FS_A_BINOP && e->nkids == 2 && e->name) {
        const char *op = e->name;
        if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) {
            fs_test a = test_of(L, e->kids[0]);
            fs_test b = test_of(L, e->kids[1]);
            int and = op[0] == '&';
            if (a.call >= 0 && (b.call < 0 || b.call == a.call)) {
                r.call = a.call;
                if (and)
                    r.t = a.t; /* true: both true */
                else
                    r.f = a.f; /* false: both false */
                if (b.call == a.call) {
                    if (and && r.t == FS_OUT_UNKNOWN)
                        r.t = b.t;
                    if (!and && r.f == FS_OUT_UNKNOWN)
                        r.f = b.f;
                }
                return r;
            }
            if (b.call >= 0 && a.call < 0) {
                r.call = b.call;
                if (and)
                    r.t = b.t;
                else
                    r.f = b.f;
                return r;
            }
            return no_test();
        }
        const fs_ast *x = e->kids[0], *k = e->kids[1];
        int swapped = 0;
        if (!is_number(k, &v)) {
            if (!is_number(x, &v))
                return r;
            const fs_ast *t = x;
            x = k;
            k = t;
            swapped = 1;
        }
        int call = value_of(L, x, &s);
        if (call < 0)
            return r;
        /* normalise "0 < x" into "x > 0" */
        char nop[3] = { 0 };
        strncpy(nop, op, 2);
        if (swapped) {
            if (strcmp(op, "<") == 0) strcpy(nop, ">");
            else if (strcmp(op, ">") == 0) strcpy(nop, "<");
            else if (strcmp(op, "<=") == 0) strcpy(nop, ">=");
            else if (strcmp(op, ">=") == 0) strcpy(nop, "<=");
        }
        fs_outcome succ = FS_OUT_SUCC, fail = FS_OUT_FAIL;
        int is_eq = strcmp(nop, "==") == 0, is_ne = strcmp(nop, "!=") == 0;
        r.call = call;
        switch (s.kind) {
        case FS_VAL_RAW:
        case FS_VAL_FD:
            if ((is_eq && v == -1) || (strcmp(nop, "<") == 0 && v == 0) ||
                (strcmp(nop, "<=") == 0 && v == -1) || (s.kind == FS_VAL_RAW && is_ne && v == 0)) {
                r.t = fail; r.f = succ;
            } else if ((is_ne && v == -1) || (strcmp(nop, ">=") == 0 && v == 0) ||
                       (strcmp(nop, ">") == 0 && v == -1) || (s.kind == FS_VAL_RAW && is_eq && v == 0)) {
                r.t = succ; r.f = fail;
            } else {
                return no_test();
            }
            return r;
        case FS_VAL_PTR:
            if (v != 0)
                return no_test();
            if (is_eq) { r.t = fail; r.f = succ; }
            else if (is_ne) { r.t = succ; r.f = fail; }
            else return no_test();
            return r;
        case FS_VAL_BOOL:
            if ((is_eq && v == 0) || (strcmp(nop, "<=") == 0 && v == 0)) {
                r.t = s.when_false; r.f = s.when_true;
            } else if ((is_ne && v == 0) || (is_eq && v == 1) || (strcmp(nop, ">") == 0 && v == 0)) {
                r.t = s.when_true; r.f = s.when_false;
            } else {
                return no_test();
            }
            return r;
        default:
            return no_test();
        }
    }
    int call = value_of(L, e, &s);
    if (call < 0)
        return r;
    r.call = call;
    switch (s.kind) {
    case FS_VAL_RAW: r.t = FS_OUT_FAIL; r.f = FS_OUT_SUCC; break;
    case FS_VAL_PTR: r.t = FS_OUT_SUCC; r.f = FS_OUT_FAIL; break;
    case FS_VAL_BOOL: r.t = s.when_true; r.f = s.when_false; break;
    default: return no_test();
    }
    (void)flip;
    return r;
}

/* A canonical text for a condition that calls nothing, and the variables
 * it reads; 0 when it calls something or is too big. */
static int cond_key_of(const fs_ast *e, fs_buf *b, int **deps, int *ndeps, int depth)
{
    if (!e || depth > 32 || b->len > 512)
        return 0;
    switch (e->kind) {
    case FS_A_IDENT:
        if (e->var >= 0) {
            fs_buf_printf(b, "v%d", e->var);
            *deps = fs_xrealloc(*deps, sizeof(int) * (size_t)(*ndeps + 1));
            (*deps)[(*ndeps)++] = e->var;
        } else {
            fs_buf_puts(b, e->name ? e->name : "?");
        }
        return 1;
    case FS_A_NUMBER:
        fs_buf_printf(b, "%ld", e->value);
        return 1;
    case FS_A_STRING:
        fs_buf_puts(b, e->name ? e->name : "\"\"");
        return 1;
    case FS_A_CALL:
    case FS_A_ASSIGN:
        return 0;
    case FS_A_UNOP:
        if (e->name && (strstr(e->name, "++") || strstr(e->name, "--")))
            return 0;
        break;
    default:
        break;
    }
    fs_buf_printf(b, "(%d%s%s", (int)e->kind, e->name ? e->name : "", e->arrow ? ">" : "");
    for (int i = 0; i < e->nkids; i++) {
        fs_buf_puts(b, " ");
        if (!cond_key_of(e->kids[i], b, deps, ndeps, depth + 1))
            return 0;
    }
    fs_buf_puts(b, ")");
    return 1;
}

/* Is e a NULL or empty-string check of a parameter?  Returns the variable and
 * sets *when_true to 1 when the expression is true for NULL/empty. */
static int guard_of(const fs_lowerer *L, const fs_ast *e, int *when_true)
{
    long v;
    e = strip(e);
    if (!e)
        return -1;
    if (e->kind == FS_A_UNOP && is_op(e, "!") && e->nkids == 1) {
        int r = guard_of(L, e->kids[0], when_true);
        *when_true = !*when_true;
        return r;
    }
    if (e->kind == FS_A_IDENT && e->var >= 0 && L->fn->vars[e->var].kind == FS_VAR_PARAM) {
        *when_true = 0; /* `if (p)`: true when not NULL */
        return e->var;
    }
    if (e->kind == FS_A_UNOP && is_op(e, "*") && e->nkids == 1) {
        const fs_ast *k = strip(e->kids[0]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_INDEX && e->nkids == 2 && is_number(e->kids[1], &v) && v == 0) {
        const fs_ast *k = strip(e->kids[0]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_CALL && e->name && e->nkids == 2 && strcmp(e->name, "strlen") == 0) {
        /* `strlen(p)`: true when not empty */
        const fs_ast *k = strip(e->kids[1]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_BINOP && e->nkids == 2 && (is_op(e, "==") || is_op(e, "!="))) {
        const fs_ast *x = e->kids[0], *k = e->kids[1];
        if (!is_number(k, &v)) {
            const fs_ast *t = x;
            x = k;
            k = t;
            if (!is_number(k, &v))
                return -1;
        }
        if (v != 0)
            return -1;
        int r = guard_of(L, x, when_true);
        if (r >= 0 && is_op(e, "=="))
            *when_true = !*when_true;
        return r;
    }
    if (e->kind == FS_A_BINOP && e->nkids == 2 && (is_op(e, "||") || is_op(e, "&&"))) {
        int w1, w2;
        int a = guard_of(L, e->kids[0], &w1), b = guard_of(L, e->kids[1], &w2);
        if (a >= 0 && a == b && w1 == w2) {
            *when_true = w1;
            return a;
        }
    }
    return -1;
}

/* The pointer parameter e reads through (`*src`, `*src++`, `src[i]`), or -1. */
static int deref_param(const fs_lowerer *L, const fs_ast *e)
{
    e = strip(e);
    if (!e)
        return -1;
    const fs_ast *base = NULL;
    if (e->kind == FS_A_UNOP && is_op(e, "*") && e->nkids == 1)
        base = strip(e->kids[0]);
    else if (e->kind == FS_A_INDEX && e->nkids == 2)
        base = strip(e->kids[0]);
    while (base && base->kind == FS_A_UNOP && base->nkids == 1 && base->name &&
           (strstr(base->name, "++") || strstr(base->name, "--")))
        base = strip(base->kids[0]);
    if (base && base->kind == FS_A_BINOP && (is_op(base, "+") || is_op(base, "-")) && base->nkids == 2)
        base = strip(base->kids[0]);
    if (base && base->kind == FS_A_IDENT && base->var >= 0 && L->fn->vars[base->var].kind == FS_VAR_PARAM &&
        !L->fn->vars[base->var].is_scalar)
        return base->var;
    return -1;
}

/* --- expressions ----------------------------------------------------------- */

static void lower_kids(fs_lowerer *L, const fs_ast *e)
{
    for (int i = 0; i < e->nkids; i++)
        lower_expr(L, e->kids[i]);
}

/* Is argument a (an expression) something whose storage a callee could write? */
static void arg_may_be_written(fs_lowerer *L, const fs_ast *a, int by_pointer_param)
{
    const fs_ast *s = strip(a);
    if (!s)
        return;
    if (s->kind == FS_A_UNOP && is_op(s, "&") && s->nkids == 1) {
        if (!by_pointer_param)
            return; /* &x passed as a pointer to const */
        fs_buf m = { 0 };
        int through = 0;
        int v = lvalue_root(L, s->kids[0], &m, &through);
        if (v >= 0)
            emit_store(L, v, m.s, 1);
        fs_buf_free(&m);
        return;
    }
    if (!by_pointer_param)
        return;
    fs_buf m = { 0 };
    int through = 0;
    int v = lvalue_root(L, s, &m, &through);
    if (v >= 0) {
        const fs_var *var = &L->fn->vars[v];
        /* Passing `p` where p is const char * cannot change the string; an
         * array, a non-const pointer, or a struct pointer can be written. */
        if (var->is_array || !var->ptr_to_const || through)
            emit_store(L, v, NULL, 1);
    }
    fs_buf_free(&m);
}

/* An access() mode: a number, or F_OK, R_OK|W_OK ... spelled as names
 * (tree-sitter, or unexpanded); else FS_MODE_UNKNOWN. */
static int access_mode_of(const fs_ast *m)
{
    long v;
    m = strip(m);
    if (!m)
        return FS_MODE_UNKNOWN;
    if (is_number(m, &v))
        return (int)v;
    int mode = 0, ok = 1;
    const fs_ast *stack[16];
    int sp2 = 0;
    stack[sp2++] = m;
    while (sp2 > 0 && ok) {
        const fs_ast *x = strip(stack[--sp2]);
        if (!x) {
            ok = 0;
            break;
        }
        if (x->kind == FS_A_BINOP && is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
            stack[sp2++] = x->kids[0];
            stack[sp2++] = x->kids[1];
        } else if (x->kind == FS_A_IDENT && x->name) {
            if (strcmp(x->name, "F_OK") == 0) mode |= 0;
            else if (strcmp(x->name, "R_OK") == 0) mode |= FS_R_OK;
            else if (strcmp(x->name, "W_OK") == 0) mode |= FS_W_OK;
            else if (strcmp(x->name, "X_OK") == 0) mode |= FS_X_OK;
            else ok = 0;
        } else if (is_number(x, &v)) {
            mode |= (int)v;
        } else {
            ok = 0;
        }
    }
    return ok ? mode : FS_MODE_UNKNOWN;
}

/* What an open does with mode argument m (an fopen() mode string when
 * string, else open() flags): op's kind (open, create, or maybe when m is
 * not a constant), excl and open_mode. */
static void open_kind_of(fs_op *op, const fs_ast *m, int string)
{
    long v;
    if (string) {
        /* fopen mode string */
        const char *t = (m && m->kind == FS_A_STRING && m->name) ? m->name : NULL;
        if (!t) {
            op->kind = FS_OP_MAYBE;
        } else {
            char c = t[0] == '"' ? t[1] : t[0];
            int plus = strchr(t, '+') != NULL;
            if (c == 'r')
                op->open_mode = FS_OPEN_READ | (plus ? FS_OPEN_WRITE : 0);
            else if (c == 'w' || c == 'a' || c == 'x') {
                op->kind = FS_OP_CREATE;
                op->excl = strchr(t, 'x') != NULL;
                op->open_mode = FS_OPEN_WRITE | (plus ? FS_OPEN_READ : 0);
            } else
                op->kind = FS_OP_MAYBE;
        }
    } else {
        /* open flags: O_RDONLY 0, O_WRONLY 1, O_RDWR 2, O_CREAT 0100 */
        int flags = 0, known = 1, creat = 0, excl = 0;
        const fs_ast *stack[32];
        int sp2 = 0;
        stack[sp2++] = m;
        while (sp2 > 0) {
            const fs_ast *x = strip(stack[--sp2]);
            if (!x) { known = 0; break; }
            if (x->kind == FS_A_BINOP && is_op(x, "|") && x->nkids == 2 && sp2 < 30) {
                stack[sp2++] = x->kids[0];
                stack[sp2++] = x->kids[1];
            } else if (is_number(x, &v)) {
                flags |= (int)v;
                if (v & 0100)
                    creat = 1;
                if (v & 0200)
                    excl = 1;
            } else if (x->kind == FS_A_IDENT && x->name) {
                if (strcmp(x->name, "O_WRONLY") == 0) flags |= 1;
                else if (strcmp(x->name, "O_RDWR") == 0) flags |= 2;
                else if (strcmp(x->name, "O_CREAT") == 0 || strcmp(x->name, "O_TMPFILE") == 0) creat = 1;
                else if (strcmp(x->name, "O_EXCL") == 0) excl = 1;
                else if (strcmp(x->name, "O_RDONLY") == 0) ;
                else if (strncmp(x->name, "O_", 2) != 0) known = 0;
            } else {
                known = 0;
            }
        }
        if (!known)
            op->kind = FS_OP_MAYBE;
        else if (creat) {
            op->kind = FS_OP_CREATE;
            op->excl = excl;
        }
        int acc = flags & 3;
        op->open_mode = acc == 0 ? FS_OPEN_READ : acc == 1 ? FS_OPEN_WRITE : (FS_OPEN_READ | FS_OPEN_WRITE);
    }
}

/* What a call asks when its `tests` argument m holds constants of the
 * catalogue (G_FILE_TEST_EXISTS | G_FILE_TEST_IS_DIR): true when any one
 * holds.  One that includes an existence check is one; one test is that
 * test; several others are a stat() whose type is looked at.  Anything else
 * (a variable, a symbolic link among others) asks nothing known. */
static void tests_of(fs_op *op, const fs_call_spec *sp, const fs_ast *m)
{
    const fs_ast *stack[16];
    int sp2 = 0, ok = m != NULL, nbits = 0;
    long bits = 0;
    const char *one = NULL;
    int exists = 0, link = 0;
    if (m)
        stack[sp2++] = m;
    while (sp2 > 0 && ok) {
        const fs_ast *x = strip(stack[--sp2]);
        long v;
        if (x && x->kind == FS_A_BINOP && is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
            stack[sp2++] = x->kids[0];
            stack[sp2++] = x->kids[1];
            continue;
        }
        if (x && x->kind == FS_A_IDENT && x->name) {
            int k = 0;
            for (; k < sp->ntests && strcmp(sp->tests[k].name, x->name) != 0; k++)
                ;
            if (k == sp->ntests) {
                ok = 0;
                break;
            }
            bits |= sp->tests[k].value;
        } else if (x && is_number(x, &v) && v > 0) {
            bits |= v;
        } else {
            ok = 0;
        }
    }
    for (int k = 0; ok && k < sp->ntests; k++)
        if (bits & sp->tests[k].value) {
            bits &= ~sp->tests[k].value;
            nbits++;
            one = sp->tests[k].kind;
            exists |= strcmp(one, "exists") == 0;
            link |= strcmp(one, "is_link") == 0;
        }
    fs_op t;
    if (!ok || bits || !nbits || (!exists && link && nbits > 1) ||
        fs_kind_op(exists ? "exists" : nbits == 1 ? one : "stat", &t) != 0) {
        op->kind = FS_OP_NONE; /* not known what it asks */
        return;
    }
    op->kind = t.kind;
    op->family = t.family;
    op->access_mode = t.access_mode;
    op->follows = t.follows;
    op->fields_read = t.fields_read;
    snprintf(op->pred, sizeof op->pred, "%s", t.pred);
    op->sense.kind = FS_VAL_BOOL;
    op->sense.when_true = FS_OUT_SUCC;
    op->sense.when_false = exists || nbits == 1 ? t.sense.when_false : FS_OUT_UNKNOWN;
}

/* 1 + the parameter an open's flags come from: the parameter itself, or
 * `flags | O_BINARY | O_CLOEXEC` (the others flags that change neither
 * what is opened for nor whether it is created); else 0. */
static int flags_param1(const fs_lowerer *L, const fs_ast *m)
{
    const fs_ast *stack[16];
    int sp2 = 0, param = -1;
    if (m)
        stack[sp2++] = m;
    while (sp2 > 0) {
        const fs_ast *x = strip(stack[--sp2]);
        long v;
        if (!x)
            return 0;
        if (x->kind == FS_A_BINOP && is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
            stack[sp2++] = x->kids[0];
            stack[sp2++] = x->kids[1];
        } else if (x->kind == FS_A_IDENT && x->var >= 0 && L->fn->vars[x->var].kind == FS_VAR_PARAM) {
            if (param >= 0)
                return 0;
            param = L->fn->vars[x->var].param_index;
        } else if (x->kind == FS_A_IDENT && x->name) {
            static const char *const neutral[] = { "O_BINARY", "O_CLOEXEC", "O_NOCTTY", "O_NONBLOCK", "O_NDELAY",
                                                   "O_LARGEFILE", "O_NOATIME", "O_NOINHERIT", "O_SEQUENTIAL",
                                                   "O_RANDOM", "O_SYNC", "O_DSYNC", "O_DIRECT" };
            size_t k = 0;
            while (k < sizeof neutral / sizeof neutral[0] && strcmp(neutral[k], x->name) != 0)
                k++;
            if (k == sizeof neutral / sizeof neutral[0])
                return 0;
        } else if (is_number(x, &v)) {
            if (v & (3 | 0100 | 0200 | 01000)) /* access mode, O_CREAT, O_EXCL, O_TRUNC */
                return 0;
        } else {
            return 0;
        }
    }
    return param >= 0 ? param + 1 : 0;
}

static void set_op_from_spec(fs_lowerer *L, int n, const fs_ast *call, const fs_call_spec *sp)
{
    fs_node *node = &L->fn->nodes[n];
    int nargs = call->nkids - 1;
    node->op.kind = sp->kind;
    node->op.excl = sp->excl; /* mkdir, mkfifo, link, ... */
    node->op.exists_ok = sp->exists_ok;
    node->op.family = sp->family;
    node->op.follows = sp->follows;
    node->op.base = sp->name;
    node->op.sense.kind = sp->value;
    if (sp->value == FS_VAL_BOOL) {
        node->op.sense.when_true = FS_OUT_SUCC;
        node->op.sense.when_false = sp->when_false;
    }
    node->op.access_mode = sp->access_mode;
    node->op.fields_read = sp->fields_read;
    snprintf(node->op.pred, sizeof node->op.pred, "%s", sp->pred);
    if (sp->test_arg >= 0)
        tests_of(&node->op, sp, sp->test_arg < nargs ? call->kids[1 + sp->test_arg] : NULL);
    long cb;
    if (sp->sync_arg >= 0 && !(sp->sync_arg < nargs && is_number(call->kids[1 + sp->sync_arg], &cb) && cb == 0))
        node->op.kind = FS_OP_NONE; /* done later, by the event loop */
    node->path_arg = sp->path_arg;
    if (sp->path_arg < nargs)
        fs_path_copy(&node->path, &node->args[sp->path_arg]);
    else
        node->op.kind = FS_OP_NONE;
    if (sp->dirfd_arg >= 0 && sp->dirfd_arg < nargs) {
        const fs_ast *d = strip(call->kids[1 + sp->dirfd_arg]);
        int cwd = d && ((d->kind == FS_A_IDENT && d->name && strcmp(d->name, "AT_FDCWD") == 0) ||
                        (d->kind == FS_A_NUMBER && d->value == -100) ||
                        (d->kind == FS_A_UNOP && is_op(d, "-")));
        if (!cwd) {
            fs_path_copy(&node->dirfd, &node->args[sp->dirfd_arg]);
            if (!node->dirfd.key) {
                fs_path_clear(&node->path); /* unknown directory: no identity */
            } else if (node->path.key) {
                char *k = fs_xasprintf("fd:%s|%s", node->dirfd.key, node->path.key);
                free(node->path.key);
                node->path.key = k;
                for (int i = 0; i < node->dirfd.ndeps; i++)
                    path_add_dep(&node->path, node->dirfd.deps[i]);
            }
        }
    }
    if (sp->kind == FS_OP_PROBE && sp->family == FS_PROBE_ACCESS && sp->mode_arg >= 0 && sp->mode_arg < nargs) {
        const fs_ast *m = strip(call->kids[1 + sp->mode_arg]);
        node->op.access_mode = access_mode_of(m);
        if (node->op.access_mode == FS_MODE_UNKNOWN && m && m->kind == FS_A_IDENT && m->var >= 0 &&
            L->fn->vars[m->var].kind == FS_VAR_PARAM)
            node->op.mode_param1 = L->fn->vars[m->var].param_index + 1;
    }
    if (sp->flags_arg >= 0 && sp->flags_arg < nargs) {
        const fs_ast *fl = strip(call->kids[1 + sp->flags_arg]);
        /* AT_SYMLINK_NOFOLLOW = 0x100 */
        if (fl && ((fl->kind == FS_A_NUMBER && (fl->value & 0x100)) ||
                   (fl->kind == FS_A_IDENT && fl->name && strcmp(fl->name, "AT_SYMLINK_NOFOLLOW") == 0)))
            node->op.follows = 0;
        else if (fl && fl->kind != FS_A_NUMBER && !(fl->kind == FS_A_IDENT && fl->name &&
                 (strcmp(fl->name, "AT_EACCESS") == 0 || strcmp(fl->name, "AT_STATX_SYNC_AS_STAT") == 0)))
            node->op.follows = -1; /* not known */
    }
    if (sp->kind == FS_OP_OPEN) {
        if (sp->mode_arg < 0) {
            node->op.open_mode = sp->open_mode;
        } else if (sp->mode_arg < nargs) {
            const fs_ast *m = strip(call->kids[1 + sp->mode_arg]);
            open_kind_of(&node->op, m, sp->mode_string);
            if (node->op.kind == FS_OP_MAYBE && m && m->kind == FS_A_IDENT && m->var >= 0 &&
                L->fn->vars[m->var].kind == FS_VAR_PARAM)
                node->op.mode_param1 = L->fn->vars[m->var].param_index + 1; /* a wrapper's mode */
            else if (node->op.kind == FS_OP_MAYBE && !sp->mode_string)
                node->op.mode_param1 = flags_param1(L, m); /* `open(p, flags | O_CLOEXEC)` */
        } else {
            node->op.kind = FS_OP_MAYBE;
        }
    }
    if (sp->buf_arg >= 0 && sp->buf_arg < nargs) {
        const fs_ast *b = strip(call->kids[1 + sp->buf_arg]);
        if (b && b->kind == FS_A_UNOP && is_op(b, "&") && b->nkids == 1) {
            const fs_ast *k = strip(b->kids[0]);
            if (k && k->kind == FS_A_IDENT && k->var >= 0)
                node->buf_var = k->var;
        }
    }
}

/* S_ISDIR(x.st_mode) and friends, as a macro expansion (clang) or a call
 * (tree-sitter); with a leading `!` negated.  Writes the name into out. */
static int st_pred_of(const fs_ast *e, char out[16])
{
    int neg = 0;
    while (e) {
        if (e->macro && strncmp(e->macro, "S_IS", 4) == 0 && strlen(e->macro) < 12) {
            snprintf(out, 16, "%s%s", neg ? "!" : "", e->macro);
            return 1;
        }
        if (e->kind == FS_A_CALL && e->name && strncmp(e->name, "S_IS", 4) == 0 && strlen(e->name) < 12) {
            snprintf(out, 16, "%s%s", neg ? "!" : "", e->name);
            return 1;
        }
        if (e->kind == FS_A_UNOP && is_op(e, "!") && e->nkids == 1) {
            neg = !neg;
            e = e->kids[0];
            continue;
        }
        if ((e->kind == FS_A_PAREN || e->kind == FS_A_CAST || (e->kind == FS_A_OTHER && !e->name)) && e->nkids == 1) {
            e = e->kids[0];
            continue;
        }
        return 0;
    }
    return 0;
}

/* errno, as clang expands it ((*__errno_location ())) or as written */
static int is_errno(const fs_ast *e)
{
    e = strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_IDENT && e->name && strcmp(e->name, "errno") == 0)
        return 1;
    if (e->kind == FS_A_UNOP && is_op(e, "*") && e->nkids == 1) {
        const fs_ast *c = strip(e->kids[0]);
        return c && c->kind == FS_A_CALL && c->name && strcmp(c->name, "__errno_location") == 0;
    }
    return 0;
}

static int is_eexist(const fs_ast *e)
{
    long v;
    e = strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_IDENT && e->name && strcmp(e->name, "EEXIST") == 0)
        return 1;
    return is_number(e, &v) && v == 17;
}

/* `errno == EEXIST ? V : W` (or `errno != EEXIST ? W : V`): 1 and *v = V. */
static int eexist_value(const fs_ast *e, long *v)
{
    e = strip(e);
    if (!e || e->kind != FS_A_COND || e->nkids != 3)
        return 0;
    const fs_ast *c = strip(e->kids[0]);
    if (!c || c->kind != FS_A_BINOP || c->nkids != 2 || !(is_op(c, "==") || is_op(c, "!=")))
        return 0;
    if (!((is_errno(c->kids[0]) && is_eexist(c->kids[1])) || (is_errno(c->kids[1]) && is_eexist(c->kids[0]))))
        return 0;
    return is_number(e->kids[is_op(c, "==") ? 1 : 2], v);
}

static void lower_call_node(fs_lowerer *L, const fs_ast *e)
{
    /* arguments first, in order; the stat buffer `&st` is not a read */
    const fs_call_spec *sp = fs_call_lookup(e->name);
    for (int i = 1; i < e->nkids; i++) {
        if (sp && sp->buf_arg == i - 1)
            continue;
        lower_expr(L, e->kids[i]);
    }
    int n = emit(L, FS_N_CALL);
    ((fs_ast *)e)->ir = n;
    fs_node *node = &L->fn->nodes[n];
    node->callee = fs_xstrdup(e->name);
    node->range = e->range;
    node->atom = e->range;
    node->in_macro = e->in_macro;
    node->macro = fs_xstrdup(e->macro);
    if (e->macro)
        node->range = node->atom = e->macro_range;
    node->file = (char *)fs_func_intern_file(L->fn, e->file ? e->file : L->fn->file);
    node->block = L->block;
    node->nargs = e->nkids - 1;
    node->args = node->nargs ? fs_xcalloc((size_t)node->nargs, sizeof(fs_path)) : NULL;
    for (int i = 0; i < node->nargs; i++)
        make_path(L, e->kids[1 + i], &node->args[i]);
    node->op.sense.kind = FS_VAL_UNKNOWN;
    if (sp) {
        set_op_from_spec(L, n, e, sp);
        for (int i = 0; sp->others_written && i < e->nkids - 1; i++)
            if (i != sp->buf_arg && fs_call_writes_arg(sp, i))
                arg_may_be_written(L, e->kids[1 + i], 1); /* g_file_get_contents(p, &text, ...) */
        if (sp->buf_arg >= 0 && sp->buf_arg < e->nkids - 1) {
            int bv = L->fn->nodes[n].buf_var;
            if (bv >= 0)
                emit_write(L, bv, NULL);
            else
                arg_may_be_written(L, e->kids[1 + sp->buf_arg], 1);
        }
        if (sp->path_arg2 >= 0 && sp->path_arg2 < e->nkids - 1) {
            /* rename(a, b): b changes too */
            int m = emit(L, FS_N_CALL);
            fs_node *mn = &L->fn->nodes[m];
            fs_node *first = &L->fn->nodes[n];
            mn->callee = fs_xstrdup(e->name);
            mn->range = first->range;
            mn->atom = first->atom;
            mn->file = first->file;
            mn->op.kind = FS_OP_MODIFY;
            mn->op.base = sp->name;
            mn->path_arg = sp->path_arg2;
            make_path(L, e->kids[1 + sp->path_arg2], &mn->path);
        }
        return;
    }
    if (fs_is_chdir(e->name)) {
        /* relative paths change meaning: treat as a write of everything */
        emit_write(L, FS_WRITE_CWD, NULL);
        emit_write(L, -1, NULL);
        for (int v = 0; v < L->fn->nvars; v++)
            emit_write(L, v, NULL);
        return;
    }
    {
        /* a library call that may change some file (or lets time pass) */
        fs_node *cn = &L->fn->nodes[n];
        const char *stream = NULL;
        if (cn->nargs > 0) {
            int k = e->name && (strcmp(e->name, "fputs") == 0 || strcmp(e->name, "fputc") == 0 ||
                                strcmp(e->name, "putc") == 0 || strcmp(e->name, "fwrite") == 0)
                        ? cn->nargs - 1 : 0;
            stream = cn->args[k].text;
        }
        cn->changes_fs = fs_call_changes_files(e->name, stream);
    }
    unsigned written = 0;
    if (fs_libc_writes(e->name, &written)) {
        for (int i = 1; i < e->nkids; i++) {
            int idx = i - 1;
            int w = (idx < 31 && (written & (1u << idx))) || ((written & 0x80000000u) && idx >= 1);
            if (w)
                arg_may_be_written(L, e->kids[i], 1);
            else
                arg_may_be_written(L, e->kids[i], 0); /* &x is still a write */
            /* a parameter copied into a buffer (snprintf(name, "%s.new", path)):
             * the function may act on a path made from it */
            const fs_ast *s = strip(e->kids[i]);
            if (!w && (written & 1u) && s && s->kind == FS_A_IDENT && s->var >= 0 &&
                L->fn->vars[s->var].kind == FS_VAR_PARAM && !L->fn->vars[s->var].is_scalar)
                L->fn->vars[s->var].derived = 1;
        }
        return;
    }
    /* a project function: its summaries say what it does to its arguments */
    int first = 1, defined = 0, changes = 0;
    unsigned readonly = 0; /* arguments its definition never writes through */
    for (const fs_summary *sum = fs_summaries_find(L->sums, e->name); sum; sum = fs_summaries_next(L->sums, sum)) {
        defined = 1;
        if (sum->param == FS_SUMMARY_CHANGES)
            changes = 1;
        if (sum->param < 0 || sum->param >= e->nkids - 1)
            continue;
        if (sum->op.readonly && sum->param < 32)
            readonly |= 1u << sum->param;
        if (sum->op.kind == FS_OP_NONE && !sum->op.copies)
            continue; /* says no more than that */
        if (sum->op.copies) {
            /* the argument is copied: a parameter passed here is one a
             * path may be made of, as with snprintf() */
            const fs_ast *s = strip(e->kids[sum->param + 1]);
            if (s && s->kind == FS_A_IDENT && s->var >= 0 && L->fn->vars[s->var].kind == FS_VAR_PARAM &&
                !L->fn->vars[s->var].is_scalar)
                L->fn->vars[s->var].derived = 1;
            continue;
        }
        int m = n;
        if (!first) {
            m = emit(L, FS_N_CALL);
            fs_node *mn = &L->fn->nodes[m];
            const fs_node *fn0 = &L->fn->nodes[n];
            mn->callee = fs_xstrdup(fn0->callee);
            mn->range = fn0->range;
            mn->atom = fn0->atom;
            mn->file = fn0->file;
            mn->in_macro = fn0->in_macro;
            mn->macro = fs_xstrdup(fn0->macro);
        }
        first = 0;
        fs_node *mn = &L->fn->nodes[m];
        mn->op = sum->op;
        mn->op.via_wrapper = 1;
        if (mn->op.mode_param1 > 0) {
            /* the wrapper's mode (access()'s, an open's) is this call's argument */
            const fs_ast *ma = mn->op.mode_param1 < e->nkids ? strip(e->kids[mn->op.mode_param1]) : NULL;
            const fs_call_spec *bs = mn->op.base ? fs_call_lookup(mn->op.base) : NULL;
            int known;
            if (mn->op.kind == FS_OP_PROBE) {
                mn->op.access_mode = access_mode_of(ma);
                known = mn->op.access_mode != FS_MODE_UNKNOWN;
            } else {
                mn->op.kind = FS_OP_OPEN;
                mn->op.excl = 0;
                open_kind_of(&mn->op, ma, bs && bs->mode_string);
                known = mn->op.kind != FS_OP_MAYBE;
            }
            mn->op.mode_param1 = 0;
            if (!known && ma && ma->kind == FS_A_IDENT && ma->var >= 0 && L->fn->vars[ma->var].kind == FS_VAR_PARAM)
                mn->op.mode_param1 = L->fn->vars[ma->var].param_index + 1;
        }
        mn->path_arg = sum->param;
        fs_path_copy(&mn->path, &L->fn->nodes[n].args[sum->param]);
        if (mn->op.then_kind != FS_OP_NONE && mn->op.kind == FS_OP_PROBE) {
            /* a wrapper that probes, then reads the file: the read comes after */
            int t = emit(L, FS_N_CALL);
            fs_node *tn = &L->fn->nodes[t];
            const fs_node *pn = &L->fn->nodes[m];
            tn->callee = fs_xstrdup(pn->callee);
            tn->range = pn->range;
            tn->atom = pn->atom;
            tn->file = pn->file;
            tn->in_macro = pn->in_macro;
            tn->macro = fs_xstrdup(pn->macro);
            tn->then_node = 1;
            tn->op.kind = pn->op.then_kind;
            tn->op.open_mode = pn->op.then_open_mode;
            tn->op.follows = 1;
            tn->op.via_wrapper = 1;
            tn->op.base = "open";
            tn->op.access_mode = FS_MODE_UNKNOWN;
            tn->path_arg = sum->param;
            fs_path_copy(&tn->path, &L->fn->nodes[n].args[sum->param]);
        }
    }
    {
        fs_node *cn = &L->fn->nodes[n];
        cn->changes_fs |= changes;
        for (int k = n; k < L->fn->nnodes; k++)
            if (L->fn->nodes[k].kind == FS_N_CALL &&
                (L->fn->nodes[k].op.kind == FS_OP_CREATE || L->fn->nodes[k].op.kind == FS_OP_REMOVE ||
                 L->fn->nodes[k].op.kind == FS_OP_MODIFY || L->fn->nodes[k].op.kind == FS_OP_MAYBE))
                cn->changes_fs = 1;
        cn->ext_unknown = !defined && e->name;
    }
    /* non-const pointer arguments may be written; so may globals.  The
     * variadic part of a function the project defines is read (a logger);
     * of an unknown one, written (scanf-like). */
    const fs_callee_info *ci = &e->callee;
    for (int i = 1; i < e->nkids; i++) {
        int idx = i - 1;
        int byptr;
        if (idx < 32 && (readonly & (1u << idx)))
            byptr = 0;
        else if (ci->known && idx < ci->nparams && idx < 32)
            byptr = !(ci->const_ptr_mask & (1u << idx));
        else if (ci->known && ci->variadic && idx >= ci->nparams && defined)
            byptr = 0;
        else
            byptr = 1; /* variadic part, or no prototype */
        arg_may_be_written(L, e->kids[i], byptr);
    }
    emit_write(L, -1, NULL);
}

/* Does the call not return?  A library function that ends the process, a
 * callee declared noreturn, a project function that ends it on every path. */
static int call_noreturn(const fs_lowerer *L, const fs_ast *e)
{
    if (!e->name)
        return 0;
    if (e->callee.noreturn)
        return 1;
    long status = 0;
    int known = 0;
    if (e->nkids > 1) {
        const fs_ast *a = strip(e->kids[1]);
        known = is_number(a, &status);
        if (!known && a && a->kind == FS_A_IDENT && a->var < 0 && a->name && strcmp(a->name, "EXIT_FAILURE") == 0) {
            known = 1;
            status = 1;
        }
    }
    if (fs_call_noreturn(e->name, known, status))
        return 1;
    for (const fs_summary *sum = fs_summaries_find(L->sums, e->name); sum; sum = fs_summaries_next(L->sums, sum))
        if (sum->param == FS_SUMMARY_NORETURN)
            return 1;
    return 0;
}

static void lower_call(fs_lowerer *L, const fs_ast *e)
{
    lower_call_node(L, e);
    if (call_noreturn(L, e)) {
        /* the path ends here: it reaches neither the function's exit nor
         * what follows */
        if (e->ir >= 0 && e->ir < L->fn->nnodes)
            L->fn->nodes[e->ir].noreturn = 1;
        L->cur = -1;
    }
}

static void lower_value_cond(fs_lowerer *L, const fs_ast *e)
{
    int join = new_node(L, FS_N_NOP);
    lower_cond(L, e, join, join, NULL);
    L->cur = join;
}

static void note_result_var(fs_lowerer *L, int var, const fs_ast *rhs)
{
    if (var < 0)
        return;
    fs_sense s;
    const fs_ast *r = strip(rhs);
    int call = value_of(L, r, &s);
    if (call >= 0) {
        L->res[var].call = call;
        L->res[var].sense = s;
        return;
    }
    fs_test t = test_of(L, r);
    if (t.call >= 0) {
        L->res[var].call = t.call;
        L->res[var].sense.kind = FS_VAL_BOOL;
        L->res[var].sense.when_true = t.t;
        L->res[var].sense.when_false = t.f;
    }
}

static void lower_expr(fs_lowerer *L, const fs_ast *e)
{
    if (!e || L->too_deep)
        return;
    if (++L->depth > FS_LOWER_MAX_DEPTH) {
        L->too_deep = 1;
        L->depth--;
        return;
    }
    switch (e->kind) {
    case FS_A_CALL:
        lower_call(L, e);
        break;
    case FS_A_BINOP:
        if ((is_op(e, "&&") || is_op(e, "||")) && e->nkids == 2) {
            lower_value_cond(L, e);
        } else {
            lower_kids(L, e);
            if (is_op(e, "?") && e->nkids == 2) {
                /* an operator we could not read (in a macro body): it may be
                 * an assignment, so its left side may be written */
                fs_buf m = { 0 };
                int through = 0;
                int v = lvalue_root(L, e->kids[0], &m, &through);
                if (v >= 0)
                    emit_store(L, v, m.s, through);
                fs_buf_free(&m);
            }
        }
        break;
    case FS_A_COND:
        if (e->nkids == 3) {
            int a = new_node(L, FS_N_NOP), b = new_node(L, FS_N_NOP), join = new_node(L, FS_N_NOP);
            lower_cond(L, e->kids[0], a, b, NULL);
            L->cur = a;
            lower_expr(L, e->kids[1]);
            link_to(L, join);
            L->cur = b;
            lower_expr(L, e->kids[2]);
            link_to(L, join);
            L->cur = join;
        } else {
            lower_kids(L, e);
        }
        break;
    case FS_A_ASSIGN:
        if (e->nkids == 2) {
            lower_expr(L, e->kids[1]);
            const fs_ast *lhs = strip(e->kids[0]);
            /* subexpressions of the lhs (indexes) */
            if (lhs && lhs->kind != FS_A_IDENT)
                for (int i = 0; i < lhs->nkids; i++)
                    lower_expr(L, lhs->kids[i]);
            fs_buf m = { 0 };
            int through = 0;
            int v = lvalue_root(L, lhs, &m, &through);
            /* a parameter stored into a struct, an array or a global escapes:
             * whatever holds it may later act on the file */
            const fs_ast *rs = strip(e->kids[1]);
            if (rs && rs->kind == FS_A_IDENT && rs->var >= 0 && L->fn->vars[rs->var].kind == FS_VAR_PARAM &&
                !L->fn->vars[rs->var].is_scalar && lhs && (lhs->kind != FS_A_IDENT || (v >= 0 && L->fn->vars[v].kind == FS_VAR_GLOBAL)))
                L->fn->vars[rs->var].escapes = 1;
            if (v >= 0 && through) {
                /* `*dst++ = *src++`, `d[i] = s[i]`: a parameter's string copied by hand */
                int sv = deref_param(L, e->kids[1]);
                if (sv >= 0 && sv != v)
                    L->fn->vars[sv].derived = 1;
            }
            if (v >= 0) {
                emit_store(L, v, m.s, through);
                long cv2;
                if (!through && lhs && lhs->kind == FS_A_IDENT && is_op(e, "=") && is_number(e->kids[1], &cv2) &&
                    L->cur >= 0 && L->fn->nodes[L->cur].kind == FS_N_WRITE && L->fn->nodes[L->cur].var == v) {
                    L->fn->nodes[L->cur].wconst = 1;
                    L->fn->nodes[L->cur].wvalue = cv2;
                }
                if (!through && lhs && lhs->kind == FS_A_IDENT) {
                    note_alias(L, v, e->kids[1]);
                    if (is_op(e, "="))
                        note_result_var(L, v, e->kids[1]);
                }
            }
            fs_buf_free(&m);
        }
        break;
    case FS_A_UNOP:
        lower_kids(L, e);
        if (e->name && (strstr(e->name, "++") || strstr(e->name, "--")) && e->nkids == 1) {
            fs_buf m = { 0 };
            int through = 0;
            int v = lvalue_root(L, e->kids[0], &m, &through);
            if (v >= 0)
                emit_store(L, v, m.s, through);
            fs_buf_free(&m);
        }
        break;
    case FS_A_IDENT:
        if (e->var >= 0 && L->fn->vars[e->var].is_stat_buf) {
            int n = emit(L, FS_N_READ);
            L->fn->nodes[n].var = e->var;
            L->fn->nodes[n].range = e->range;
        }
        break;
    case FS_A_SIZEOF:
        break;
    default:
        lower_kids(L, e);
        break;
    }
    L->depth--;
}

/* --- conditions ------------------------------------------------------------ */

/* `errno == ENOENT` (eq) or `errno != ENOENT` (!eq)? */
static int is_enoent_test(const fs_ast *e, int eq)
{
    e = strip(e);
    if (!e || e->kind != FS_A_BINOP || e->nkids != 2 || !is_op(e, eq ? "==" : "!="))
        return 0;
    for (int i = 0; i < 2; i++) {
        const fs_ast *o = strip(e->kids[1 - i]);
        long v;
        if (is_errno(e->kids[i]) && o &&
            ((o->kind == FS_A_IDENT && o->name && strcmp(o->name, "ENOENT") == 0) || (is_number(o, &v) && v == 2)))
            return 1;
    }
    return 0;
}

/* For `A && errno == ENOENT` where A is true when probe P failed, or
 * `A || errno != ENOENT` where A is true when P succeeded: P's node, else -1. */
static int enoent_probe(fs_lowerer *L, const fs_ast *s)
{
    int and = is_op(s, "&&");
    if (!is_enoent_test(s->kids[1], and))
        return -1;
    fs_test a = test_of(L, s->kids[0]);
    if (a.call < 0 || L->fn->nodes[a.call].op.kind != FS_OP_PROBE)
        return -1;
    if (and ? (a.t != FS_OUT_FAIL || a.f != FS_OUT_SUCC) : (a.t != FS_OUT_SUCC || a.f != FS_OUT_FAIL))
        return -1;
    return a.call;
}

static void lower_cond(fs_lowerer *L, const fs_ast *e, int t, int f, const fs_ast *atom)
{
    const fs_ast *s = e;
    while (s && (s->kind == FS_A_PAREN || (s->kind == FS_A_OTHER && s->nkids == 1 && !s->name)))
        s = s->kids[0];
    if (!s || L->too_deep) {
        link_to(L, t);
        link_to(L, f);
        L->cur = -1;
        return;
    }
    if (++L->depth > FS_LOWER_MAX_DEPTH) {
        L->too_deep = 1;
        L->depth--;
        return;
    }
    if (s->kind == FS_A_BINOP && s->nkids == 2 && (is_op(s, "&&") || is_op(s, "||"))) {
        int mid = new_node(L, FS_N_NOP);
        if (is_op(s, "&&"))
            lower_cond(L, s->kids[0], mid, f, NULL);
        else
            lower_cond(L, s->kids[0], t, mid, NULL);
        L->cur = mid;
        int probe = enoent_probe(L, s);
        if (probe >= 0) {
            /* `probe(p) == -1 && errno == ENOENT`: its "missing" outcome, and
             * the other edge its other (`… || errno != ENOENT` alike) */
            lower_expr(L, s->kids[1]);
            int br = emit(L, FS_N_BRANCH);
            fs_node *bn = &L->fn->nodes[br];
            int and = is_op(s, "&&");
            bn->test = probe;
            bn->out[0] = and ? FS_OUT_FAIL : FS_OUT_SUCC;
            bn->out[1] = and ? FS_OUT_SUCC : FS_OUT_FAIL;
            fs_func_add_edge(L->fn, br, t, 0);
            fs_func_add_edge(L->fn, br, f, 0);
            L->cur = -1;
        } else {
            lower_cond(L, s->kids[1], t, f, NULL);
        }
    } else if (s->kind == FS_A_UNOP && is_op(s, "!") && s->nkids == 1 && !s->in_macro) {
        lower_cond(L, s->kids[0], f, t, atom ? atom : s);
    } else if (s->kind == FS_A_COND && s->nkids == 3) {
        int a = new_node(L, FS_N_NOP), b = new_node(L, FS_N_NOP);
        lower_cond(L, s->kids[0], a, b, NULL);
        L->cur = a;
        lower_cond(L, s->kids[1], t, f, NULL);
        L->cur = b;
        lower_cond(L, s->kids[2], t, f, NULL);
    } else if (s->kind == FS_A_COMMA && s->nkids == 2) {
        lower_expr(L, s->kids[0]);
        lower_cond(L, s->kids[1], t, f, atom);
    } else {
        lower_expr(L, s);
        fs_test ts = test_of(L, s);
        int br = emit(L, FS_N_BRANCH);
        fs_node *bn = &L->fn->nodes[br];
        bn->test = ts.call;
        bn->out[0] = ts.t;
        bn->out[1] = ts.f;
        {
            fs_buf kb = { 0 };
            int *deps = NULL, ndeps = 0;
            if (cond_key_of(s, &kb, &deps, &ndeps, 0)) {
                bn->cond_key = kb.s;
                bn->cond_deps = deps;
                bn->ncond_deps = ndeps;
            } else {
                fs_buf_free(&kb);
                free(deps);
            }
        }
        int when_true;
        int g = guard_of(L, s, &when_true);
        if (g >= 0) {
            bn->guard_var = g;
            bn->guard_edge = when_true ? 0 : 1;
        }
        if (ts.call >= 0) {
            fs_node *cn = &L->fn->nodes[ts.call];
            const fs_ast *a = atom ? atom : s;
            if (cn->atom.begin.offset == cn->range.begin.offset && cn->atom.end.offset == cn->range.end.offset &&
                a->range.begin.offset <= cn->range.begin.offset && a->range.end.offset >= cn->range.end.offset)
                cn->atom = a->range;
        }
        fs_func_add_edge(L->fn, br, t, 0);
        fs_func_add_edge(L->fn, br, f, 0);
        L->cur = -1;
    }
    L->depth--;
}

/* --- statements ------------------------------------------------------------ */

static int cond_is_const(const fs_ast *c, long *v)
{
    return c && is_number(c, v);
}

static int has_sleep_call(const fs_ast *e)
{
    if (!e)
        return 0;
    if (e->kind == FS_A_CALL && fs_is_sleep_call(e->name))
        return 1;
    for (int i = 0; i < e->nkids; i++)
        if (has_sleep_call(e->kids[i]))
            return 1;
    return 0;
}

static int begin_loop(fs_lowerer *L, const fs_ast *s)
{
    int l = fs_func_add_loop(L->fn, L->loop);
    L->fn->loops[l].range = s->range;
    L->fn->loops[l].has_sleep = has_sleep_call(s);
    return l;
}

static fs_label *label_get(fs_lowerer *L, const char *name)
{
    for (int i = 0; i < L->nlabels; i++)
        if (strcmp(L->labels[i].name, name) == 0)
            return &L->labels[i];
    fs_grow(&L->labels, &L->caplabels, L->nlabels + 1, sizeof *L->labels);
    fs_label *lb = &L->labels[L->nlabels++];
    lb->name = name;
    lb->node = fs_func_add_node(L->fn, FS_N_NOP);
    lb->placed = 0;
    return lb;
}

static void lower_loop_body(fs_lowerer *L, const fs_ast *body, int brk, int cont, int cont_back)
{
    int ob = L->brk, oc = L->cont, ocb = L->cont_back, on = L->cond_nest;
    L->brk = brk;
    L->cont = cont;
    L->cont_back = cont_back;
    L->cond_nest = 0;
    lower_stmt(L, body);
    L->cond_nest = on;
    L->brk = ob;
    L->cont = oc;
    L->cont_back = ocb;
}

static void lower_stmt(fs_lowerer *L, const fs_ast *s)
{
    if (!s || L->too_deep)
        return;
    if (++L->depth > FS_LOWER_MAX_DEPTH) {
        L->too_deep = 1;
        L->depth--;
        return;
    }
    long cv;
    switch (s->kind) {
    case FS_A_COMPOUND: {
        fs_range outer = L->block;
        /* a declaration statement is a compound of declarations, not a block */
        int is_block = s->nkids == 0 || s->kids[0]->kind != FS_A_DECL;
        if (is_block)
            L->block = s->range;
        for (int i = 0; i < s->nkids; i++)
            lower_stmt(L, s->kids[i]);
        L->block = outer;
        break;
    }
    case FS_A_IF: {
        int t = new_node(L, FS_N_NOP), f = new_node(L, FS_N_NOP), join = new_node(L, FS_N_NOP);
        int before = L->fn->nnodes;
        lower_cond(L, s->nkids > 0 ? s->kids[0] : NULL, t, f, NULL);
        for (int n = before; n < L->fn->nnodes; n++)
            if (L->fn->nodes[n].kind == FS_N_CALL) {
                L->fn->nodes[n].stmt = s->range;
                L->fn->nodes[n].in_if_cond = 1;
                L->fn->nodes[n].if_then = t;
                L->fn->nodes[n].if_has_else = s->nkids > 2;
            }
        L->cur = t;
        L->cond_nest++;
        if (s->nkids > 1)
            lower_stmt(L, s->kids[1]);
        link_to(L, join);
        L->cur = f;
        if (s->nkids > 2)
            lower_stmt(L, s->kids[2]);
        L->cond_nest--;
        link_to(L, join);
        L->cur = join;
        break;
    }
    case FS_A_WHILE: {
        const fs_ast *c = s->nkids > 0 ? s->kids[0] : NULL;
        const fs_ast *body = s->nkids > 1 ? s->kids[1] : NULL;
        int after = new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv) && cv == 0) {
            link_to(L, after); /* while (0): the body never runs */
            L->cur = after;
            break;
        }
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int bodyn = new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            link_to(L, bodyn);
        } else {
            L->in_cond = 1;
            lower_cond(L, c, bodyn, after, NULL);
            L->in_cond = 0;
        }
        L->cur = bodyn;
        lower_loop_body(L, body, after, head, 1);
        if (L->cur >= 0)
            fs_func_add_edge(L->fn, L->cur, head, 1);
        L->loop = outer;
        L->cur = after;
        break;
    }
    case FS_A_DO: {
        const fs_ast *body = s->nkids > 0 ? s->kids[0] : NULL;
        const fs_ast *c = s->nkids > 1 ? s->kids[1] : NULL;
        int after = new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv) && cv == 0) {
            /* do { ... } while (0): runs once, not a loop */
            int condn = new_node(L, FS_N_NOP);
            lower_loop_body(L, body, after, condn, 0);
            link_to(L, condn);
            L->cur = condn;
            link_to(L, after);
            L->cur = after;
            break;
        }
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int condn = new_node(L, FS_N_NOP);
        lower_loop_body(L, body, after, condn, 0);
        link_to(L, condn);
        L->cur = condn;
        if (cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            fs_func_add_edge(L->fn, condn, head, 1);
        } else {
            int latch = new_node(L, FS_N_NOP);
            L->in_cond = 1;
            lower_cond(L, c, latch, after, NULL);
            L->in_cond = 0;
            fs_func_add_edge(L->fn, latch, head, 1);
        }
        L->loop = outer;
        L->cur = after;
        break;
    }
    case FS_A_FOR: {
        /* kids: init, cond, inc, body (missing parts are NULL_STMT) */
        const fs_ast *init = s->nkids > 0 ? s->kids[0] : NULL;
        const fs_ast *c = s->nkids > 1 ? s->kids[1] : NULL;
        const fs_ast *inc = s->nkids > 2 ? s->kids[2] : NULL;
        const fs_ast *body = s->nkids > 3 ? s->kids[3] : NULL;
        if (c && c->kind == FS_A_NULL_STMT)
            c = NULL;
        if (init && init->kind != FS_A_NULL_STMT) {
            if (init->kind == FS_A_DECL || init->kind == FS_A_COMPOUND || init->kind == FS_A_EXPR_STMT)
                lower_stmt(L, init);
            else
                lower_expr(L, init);
        }
        int after = new_node(L, FS_N_NOP);
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int bodyn = new_node(L, FS_N_NOP);
        int incn = new_node(L, FS_N_NOP);
        if (!c || cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            link_to(L, bodyn);
        } else {
            L->in_cond = 1;
            lower_cond(L, c, bodyn, after, NULL);
            L->in_cond = 0;
        }
        L->cur = bodyn;
        lower_loop_body(L, body, after, incn, 0);
        link_to(L, incn);
        L->cur = incn;
        if (inc && inc->kind != FS_A_NULL_STMT)
            lower_expr(L, inc);
        if (L->cur >= 0)
            fs_func_add_edge(L->fn, L->cur, head, 1);
        L->loop = outer;
        L->cur = after;
        break;
    }
    case FS_A_SWITCH: {
        if (s->nkids > 0)
            lower_expr(L, s->kids[0]);
        int sw = emit(L, FS_N_NOP);
        int after = new_node(L, FS_N_NOP);
        int osw = L->sw, odef = L->sw_has_default, ob = L->brk;
        L->sw = sw;
        L->sw_has_default = 0;
        L->brk = after;
        L->cur = -1;
        L->cond_nest++;
        if (s->nkids > 1)
            lower_stmt(L, s->kids[1]);
        L->cond_nest--;
        link_to(L, after);
        if (!L->sw_has_default)
            fs_func_add_edge(L->fn, sw, after, 0);
        L->sw = osw;
        L->sw_has_default = odef;
        L->brk = ob;
        L->cur = after;
        break;
    }
    case FS_A_CASE:
    case FS_A_DEFAULT: {
        int n = new_node(L, FS_N_NOP);
        link_to(L, n);
        if (L->sw >= 0)
            fs_func_add_edge(L->fn, L->sw, n, 0);
        if (s->kind == FS_A_DEFAULT)
            L->sw_has_default = 1;
        L->cur = n;
        /* CASE: kids[0] value (skipped), rest statements; DEFAULT: statements */
        for (int i = s->kind == FS_A_CASE ? 1 : 0; i < s->nkids; i++)
            lower_stmt(L, s->kids[i]);
        break;
    }
    case FS_A_BREAK:
        if (L->brk >= 0)
            link_to(L, L->brk);
        L->cur = -1;
        break;
    case FS_A_CONTINUE:
        if (L->cont >= 0 && L->cur >= 0)
            fs_func_add_edge(L->fn, L->cur, L->cont, L->cont_back);
        L->cur = -1;
        break;
    case FS_A_RETURN: {
        const fs_ast *e = s->nkids ? s->kids[0] : NULL;
        int before = L->fn->nnodes;
        if (e)
            lower_expr(L, e);
        for (int n = before; n < L->fn->nnodes; n++)
            if (L->fn->nodes[n].kind == FS_N_CALL)
                L->fn->nodes[n].stmt = s->range;
        if (e) {
            /* `return p;`, `return p + n;`: the caller gets a pointer into p */
            int through = 0;
            int v = lvalue_root(L, e, NULL, &through);
            if (v >= 0 && L->alias[v] >= 0)
                v = L->alias[v];
            if (v >= 0 && L->fn->vars[v].kind == FS_VAR_PARAM)
                L->fn->vars[v].returned = 1;
        }
        int r = emit(L, FS_N_RETURN);
        fs_node *rn = &L->fn->nodes[r];
        rn->range = s->range; /* for --explain-function */
        if (e && !e->in_macro)
            rn->ret_range = e->range;
        if (!e) {
            rn->ret_void = 1;
        } else if (is_number(e, &cv)) {
            rn->ret_const = 1;
            rn->ret_value = cv;
        } else if (eexist_value(e, &cv)) {
            rn->ret_eexist = 1;
            rn->ret_eexist_value = cv;
        } else {
            fs_sense sense;
            int call = value_of(L, e, &sense);
            const fs_ast *se = strip(e);
            if (se && se->kind == FS_A_BINOP && is_op(se, "&&") && se->nkids == 2)
                st_pred_of(se->kids[1], rn->ret_pred);
            if (call >= 0) {
                rn->ret_test = call;
                rn->ret_sense = sense;
            } else {
                fs_test t = test_of(L, e);
                if (t.call >= 0) {
                    rn->ret_test = t.call;
                    rn->ret_sense.kind = FS_VAL_BOOL;
                    rn->ret_sense.when_true = t.t;
                    rn->ret_sense.when_false = t.f;
                }
            }
        }
        fs_func_add_edge(L->fn, r, L->fn->exit, 0);
        L->cur = -1;
        break;
    }
    case FS_A_GOTO: {
        if (s->name) {
            fs_label *lb = label_get(L, s->name);
            if (L->cur >= 0)
                fs_func_add_edge(L->fn, L->cur, lb->node, lb->placed);
        }
        L->cur = -1;
        break;
    }
    case FS_A_LABEL: {
        if (s->name) {
            fs_label *lb = label_get(L, s->name);
            L->fn->nodes[lb->node].loop = L->loop;
            link_to(L, lb->node);
            lb->placed = 1;
            L->cur = lb->node;
        }
        for (int i = 0; i < s->nkids; i++)
            lower_stmt(L, s->kids[i]);
        break;
    }
    case FS_A_DECL:
        /* a new object: its old value (if any) is gone */
        if (s->nkids > 0 && s->has_init)
            lower_expr(L, s->kids[0]);
        if (s->var >= 0) {
            L->fn->vars[s->var].scope = L->block;
            emit_write(L, s->var, NULL);
            if (s->has_init && s->nkids > 0) {
                note_alias(L, s->var, s->kids[0]);
                note_result_var(L, s->var, s->kids[0]);
            }
        }
        for (int i = 1; i < s->nkids; i++)
            lower_stmt(L, s->kids[i]);
        break;
    case FS_A_EXPR_STMT:
    default: {
        /* an expression used as a statement, or something unknown */
        int before = L->fn->nnodes;
        if (s->kind == FS_A_EXPR_STMT)
            for (int i = 0; i < s->nkids; i++)
                lower_expr(L, s->kids[i]);
        else
            lower_expr(L, s);
        for (int n = before; n < L->fn->nnodes; n++)
            if (L->fn->nodes[n].kind == FS_N_CALL && !L->fn->nodes[n].stmt.end.offset)
                L->fn->nodes[n].stmt = s->range;
        break;
    }
    case FS_A_NULL_STMT:
        break;
    }
    L->depth--;
}

static int fs_cmp_cstr(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* What checking fn costs: the rules pair each call with the later calls on
 * its path, and each pair may walk the graph; each call walks it once.
 * *calls: the calls that touch a path; *most: the most on one path. */
static double fs_pairing_work(const fs_func *fn, long *calls, long *most)
{
    const char **keys = fs_xmalloc(sizeof *keys * ((size_t)fn->nnodes + 1));
    size_t n = 0;
    *calls = *most = 0;
    for (int i = 0; i < fn->nnodes; i++) {
        const fs_node *x = &fn->nodes[i];
        if (x->kind != FS_N_CALL || x->op.kind == FS_OP_NONE)
            continue;
        (*calls)++;
        if (x->path.key)
            keys[n++] = x->path.key;
    }
    qsort(keys, n, sizeof *keys, fs_cmp_cstr);
    double pairs = 0;
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && strcmp(keys[i], keys[j]) == 0; j++)
            ;
        pairs += (double)(j - i) * (double)(j - i);
        if ((long)(j - i) > *most)
            *most = (long)(j - i);
    }
    free(keys);
    return (pairs + (double)*calls) * (double)fn->nnodes;
}

/* After lowering: which stat buffers are read after their call. */
static void mark_fields_read(fs_func *fn)
{
    fs_walk w;
    fs_walk_init(&w, fn);
    for (int n = 0; n < fn->nnodes; n++) {
        fs_node *c = &fn->nodes[n];
        if (c->kind != FS_N_CALL || c->op.kind != FS_OP_PROBE || c->op.family != FS_PROBE_STAT ||
            c->op.via_wrapper)
            continue; /* a wrapper's buffer is its own: its summary says whether it is read */
        if (c->buf_var < 0) {
            c->op.fields_read = 1; /* the buffer goes somewhere we cannot follow */
            continue;
        }
        const fs_var *bv = &fn->vars[c->buf_var];
        if (bv->kind != FS_VAR_LOCAL) {
            c->op.fields_read = 1;
            continue;
        }
        /* any read of the buffer reachable from the call (loops included) */
        int sp = 0;
        memset(w.mark, 0, (size_t)fn->nnodes);
        w.stack[sp++] = n;
        w.mark[n] = 1;
        while (sp > 0 && !c->op.fields_read) {
            int x = w.stack[--sp];
            for (int i = 0; i < fn->nodes[x].nsucc; i++) {
                int t = fn->nodes[x].succ[i].to;
                if (w.mark[t])
                    continue;
                w.mark[t] = 1;
                const fs_node *tn = &fn->nodes[t];
                if (tn->kind == FS_N_READ && tn->var == c->buf_var) {
                    c->op.fields_read = 1;
                    break;
                }
                if (tn->kind == FS_N_CALL && tn->buf_var == c->buf_var && tn != c)
                    continue; /* overwritten by another stat */
                if (tn->kind == FS_N_WRITE && tn->var == c->buf_var && tn->member == NULL &&
                    !(t == n + 1))
                    continue;
                w.stack[sp++] = t;
            }
        }
    }
    fs_walk_fini(&w);
}

int fs_lower(fs_func *fn, const fs_ast *body, const fs_summaries *sums)
{
    fs_lowerer L;
    memset(&L, 0, sizeof L);
    L.fn = fn;
    L.sums = sums;
    L.cur = fn->entry;
    L.loop = -1;
    L.brk = L.cont = -1;
    L.sw = -1;
    int nv = fn->nvars + 1;
    L.res = fs_xmalloc(sizeof *L.res * (size_t)nv);
    L.alias = fs_xmalloc(sizeof *L.alias * (size_t)nv);
    for (int i = 0; i < nv; i++) {
        L.res[i].call = -1;
        L.alias[i] = -1;
    }
    L.block = body ? body->range : L.block;
    for (int v = 0; v < fn->nvars; v++)
        if (fn->vars[v].kind == FS_VAR_PARAM && body)
            fn->vars[v].scope = body->range;
    lower_stmt(&L, body);
    if (L.cur >= 0) {
        int r = emit(&L, FS_N_RETURN);
        fn->nodes[r].ret_void = 1;
        fs_func_add_edge(fn, r, fn->exit, 0);
    }
    free(L.labels);
    free(L.res);
    free(L.alias);
    if (L.too_deep) {
        fn->incomplete = 1;
        return -1;
    }
    long calls = 0, most = 0;
    double work = fs_pairing_work(fn, &calls, &most);
    if (fn->nnodes > FS_LOWER_MAX_NODES || work > FS_LOWER_MAX_WORK) {
        fn->incomplete = 1;
        free(fn->incomplete_why);
        fn->incomplete_why = fs_xasprintf("is too large to analyse (%ld filesystem calls, %ld on one path, %d graph "
                                          "nodes)", calls, most, fn->nnodes);
        return -1;
    }
    mark_fields_read(fn);
    return 0;
}
