/* lower_cond.c - lowering (lower.c): conditions, as branches on what each call's
 * result, errno or a struct stat field tests. */
#include "ir/lower_private.h"

/* --- what a condition tests ------------------------------------------------ */

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
int lw_value_of(fs_lowerer *L, const fs_ast *e, fs_sense *sense)
{
    e = lw_strip(e);
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
    if (e->kind == FS_A_ASSIGN && lw_is_op(e, "=") && e->nkids == 2)
        return lw_value_of(L, e->kids[1], sense);
    return -1;
}

/* What the truth of expression e says about a call's success. */
fs_test lw_test_of(fs_lowerer *L, const fs_ast *e)
{
    fs_test r = no_test();
    fs_sense s;
    long v;
    e = lw_strip(e);
    if (!e)
        return r;
    if (e->kind == FS_A_UNOP && lw_is_op(e, "!") && e->nkids == 1) {
        r = lw_test_of(L, e->kids[0]);
        fs_outcome t = r.t;
        r.t = r.f;
        r.f = t;
        return r;
    }
    if (e->kind == FS_A_COND && e->nkids == 3) {
        /* c ? 1 : 0 is c; c ? 0 : 1 is !c */
        long x, y;
        if (lw_is_number(e->kids[1], &x) && lw_is_number(e->kids[2], &y) && !x != !y) {
            r = lw_test_of(L, e->kids[0]);
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
            fs_test a = lw_test_of(L, e->kids[0]);
            fs_test b = lw_test_of(L, e->kids[1]);
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
        if (!lw_is_number(k, &v)) {
            if (!lw_is_number(x, &v))
                return r;
            const fs_ast *t = x;
            x = k;
            k = t;
            swapped = 1;
        }
        int call = lw_value_of(L, x, &s);
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
    int call = lw_value_of(L, e, &s);
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
    e = lw_strip(e);
    if (!e)
        return -1;
    if (e->kind == FS_A_UNOP && lw_is_op(e, "!") && e->nkids == 1) {
        int r = guard_of(L, e->kids[0], when_true);
        *when_true = !*when_true;
        return r;
    }
    if (e->kind == FS_A_IDENT && e->var >= 0 && L->fn->vars[e->var].kind == FS_VAR_PARAM) {
        *when_true = 0; /* `if (p)`: true when not NULL */
        return e->var;
    }
    if (e->kind == FS_A_UNOP && lw_is_op(e, "*") && e->nkids == 1) {
        const fs_ast *k = lw_strip(e->kids[0]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_INDEX && e->nkids == 2 && lw_is_number(e->kids[1], &v) && v == 0) {
        const fs_ast *k = lw_strip(e->kids[0]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_CALL && e->name && e->nkids == 2 && strcmp(e->name, "strlen") == 0) {
        /* `strlen(p)`: true when not empty */
        const fs_ast *k = lw_strip(e->kids[1]);
        if (k && k->kind == FS_A_IDENT && k->var >= 0 && L->fn->vars[k->var].kind == FS_VAR_PARAM) {
            *when_true = 0;
            return k->var;
        }
    }
    if (e->kind == FS_A_BINOP && e->nkids == 2 && (lw_is_op(e, "==") || lw_is_op(e, "!="))) {
        const fs_ast *x = e->kids[0], *k = e->kids[1];
        if (!lw_is_number(k, &v)) {
            const fs_ast *t = x;
            x = k;
            k = t;
            if (!lw_is_number(k, &v))
                return -1;
        }
        if (v != 0)
            return -1;
        int r = guard_of(L, x, when_true);
        if (r >= 0 && lw_is_op(e, "=="))
            *when_true = !*when_true;
        return r;
    }
    if (e->kind == FS_A_BINOP && e->nkids == 2 && (lw_is_op(e, "||") || lw_is_op(e, "&&"))) {
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
int lw_deref_param(const fs_lowerer *L, const fs_ast *e)
{
    e = lw_strip(e);
    if (!e)
        return -1;
    const fs_ast *base = NULL;
    if (e->kind == FS_A_UNOP && lw_is_op(e, "*") && e->nkids == 1)
        base = lw_strip(e->kids[0]);
    else if (e->kind == FS_A_INDEX && e->nkids == 2)
        base = lw_strip(e->kids[0]);
    while (base && base->kind == FS_A_UNOP && base->nkids == 1 && base->name &&
           (strstr(base->name, "++") || strstr(base->name, "--")))
        base = lw_strip(base->kids[0]);
    if (base && base->kind == FS_A_BINOP && (lw_is_op(base, "+") || lw_is_op(base, "-")) && base->nkids == 2)
        base = lw_strip(base->kids[0]);
    if (base && base->kind == FS_A_IDENT && base->var >= 0 && L->fn->vars[base->var].kind == FS_VAR_PARAM &&
        !L->fn->vars[base->var].is_scalar)
        return base->var;
    return -1;
}

/* --- conditions ------------------------------------------------------------ */

/* `errno == ENOENT` (eq) or `errno != ENOENT` (!eq)? */
static int is_enoent_test(const fs_ast *e, int eq)
{
    e = lw_strip(e);
    if (!e || e->kind != FS_A_BINOP || e->nkids != 2 || !lw_is_op(e, eq ? "==" : "!="))
        return 0;
    for (int i = 0; i < 2; i++) {
        const fs_ast *o = lw_strip(e->kids[1 - i]);
        long v;
        if (lw_is_errno(e->kids[i]) && o &&
            ((o->kind == FS_A_IDENT && o->name && strcmp(o->name, "ENOENT") == 0) || (lw_is_number(o, &v) && v == 2)))
            return 1;
    }
    return 0;
}

/* For `A && errno == ENOENT` where A is true when probe P failed, or
 * `A || errno != ENOENT` where A is true when P succeeded: P's node, else -1. */
static int enoent_probe(fs_lowerer *L, const fs_ast *s)
{
    int and = lw_is_op(s, "&&");
    if (!is_enoent_test(s->kids[1], and))
        return -1;
    fs_test a = lw_test_of(L, s->kids[0]);
    if (a.call < 0 || L->fn->nodes[a.call].op.kind != FS_OP_PROBE)
        return -1;
    if (and ? (a.t != FS_OUT_FAIL || a.f != FS_OUT_SUCC) : (a.t != FS_OUT_SUCC || a.f != FS_OUT_FAIL))
        return -1;
    return a.call;
}

void lw_lower_cond(fs_lowerer *L, const fs_ast *e, int t, int f, const fs_ast *atom)
{
    const fs_ast *s = e;
    while (s && (s->kind == FS_A_PAREN || (s->kind == FS_A_OTHER && s->nkids == 1 && !s->name)))
        s = s->kids[0];
    if (!s || L->too_deep) {
        lw_link_to(L, t);
        lw_link_to(L, f);
        L->cur = -1;
        return;
    }
    if (!fs_depth_enter(&L->depth, &L->too_deep, FS_LOWER_MAX_DEPTH))
        return;
    if (s->kind == FS_A_BINOP && s->nkids == 2 && (lw_is_op(s, "&&") || lw_is_op(s, "||"))) {
        int mid = lw_new_node(L, FS_N_NOP);
        if (lw_is_op(s, "&&"))
            lw_lower_cond(L, s->kids[0], mid, f, NULL);
        else
            lw_lower_cond(L, s->kids[0], t, mid, NULL);
        L->cur = mid;
        int probe = enoent_probe(L, s);
        if (probe >= 0) {
            /* `probe(p) == -1 && errno == ENOENT`: its "missing" outcome, and
             * the other edge its other (`… || errno != ENOENT` alike) */
            lw_lower_expr(L, s->kids[1]);
            int br = lw_emit(L, FS_N_BRANCH);
            fs_node *bn = &L->fn->nodes[br];
            int and = lw_is_op(s, "&&");
            bn->test = probe;
            bn->out[0] = and ? FS_OUT_FAIL : FS_OUT_SUCC;
            bn->out[1] = and ? FS_OUT_SUCC : FS_OUT_FAIL;
            fs_func_add_edge(L->fn, br, t, 0);
            fs_func_add_edge(L->fn, br, f, 0);
            L->cur = -1;
        } else {
            lw_lower_cond(L, s->kids[1], t, f, NULL);
        }
    } else if (s->kind == FS_A_UNOP && lw_is_op(s, "!") && s->nkids == 1 && !s->in_macro) {
        lw_lower_cond(L, s->kids[0], f, t, atom ? atom : s);
    } else if (s->kind == FS_A_COND && s->nkids == 3) {
        int a = lw_new_node(L, FS_N_NOP), b = lw_new_node(L, FS_N_NOP);
        lw_lower_cond(L, s->kids[0], a, b, NULL);
        L->cur = a;
        lw_lower_cond(L, s->kids[1], t, f, NULL);
        L->cur = b;
        lw_lower_cond(L, s->kids[2], t, f, NULL);
    } else if (s->kind == FS_A_COMMA && s->nkids == 2) {
        lw_lower_expr(L, s->kids[0]);
        lw_lower_cond(L, s->kids[1], t, f, atom);
    } else {
        lw_lower_expr(L, s);
        fs_test ts = lw_test_of(L, s);
        int br = lw_emit(L, FS_N_BRANCH);
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
