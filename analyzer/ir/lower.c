/*
 * lower.c - turn a front end's syntax tree (ast.h) into the IR (ir.h).
 *
 * Statements become a control-flow graph; && || ?: ! become branches, so
 * that each branch knows which call's success or failure it tests.  Writes to
 * variables (assignments, ++/--, library calls that write their arguments,
 * non-const pointers passed to unknown functions, writes through pointers
 * derived from a variable) become write nodes.
 */
#include "ir/lower_private.h"
#include "base/lex.h"


/* --- helpers ------------------------------------------------------------- */

int lw_new_node(fs_lowerer *L, fs_node_kind kind)
{
    int n = fs_func_add_node(L->fn, kind);
    L->fn->nodes[n].loop = L->loop;
    L->fn->nodes[n].in_loop_cond = L->in_cond;
    L->fn->nodes[n].cond_nest = L->cond_nest;
    return n;
}

void lw_link_to(fs_lowerer *L, int to)
{
    if (L->cur >= 0)
        fs_func_add_edge(L->fn, L->cur, to, 0);
}

int lw_emit(fs_lowerer *L, fs_node_kind kind)
{
    int n = lw_new_node(L, kind);
    lw_link_to(L, n);
    L->cur = n;
    return n;
}

const fs_ast *lw_strip(const fs_ast *e)
{
    for (;;) {
        while (e && (e->kind == FS_A_PAREN || e->kind == FS_A_CAST || (e->kind == FS_A_OTHER && e->nkids == 1 && !e->name)))
            e = e->nkids ? e->kids[0] : NULL;
        /* __builtin_expect(x, c), likely(x): x */
        if (!e || e->kind != FS_A_CALL || e->nkids < 2 || !fs_call_is_expect(e->name))
            return e;
        e = e->kids[1];
    }
}

int lw_is_number(const fs_ast *e, long *v)
{
    e = lw_strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_NUMBER) {
        *v = e->value;
        return 1;
    }
    if (e->kind == FS_A_UNOP && e->name && strcmp(e->name, "-") == 0 && e->nkids == 1) {
        const fs_ast *k = lw_strip(e->kids[0]);
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

int lw_is_op(const fs_ast *e, const char *op)
{
    return e && e->name && strcmp(e->name, op) == 0;
}

/* --- path identities ------------------------------------------------------ */

void lw_path_add_dep(fs_path *p, int var)
{
    for (int i = 0; i < p->ndeps; i++)
        if (p->deps[i] == var)
            return;
    p->deps = fs_xrealloc(p->deps, sizeof(int) * (size_t)(p->ndeps + 1));
    p->deps[p->ndeps++] = var;
}

/* A name that no declaration the front end saw declares (an object-like
 * macro of a header that was not found: `access(LOG_FILE, F_OK)`): a
 * global of that name, the same variable at each use in the function. */
static int unknown_global(fs_lowerer *L, const char *name)
{
    if (!name || !fs_lex_ident_start((unsigned char)name[0]) || strcmp(name, "NULL") == 0)
        return -1;
    for (int v = 0; v < L->fn->nvars; v++)
        if (L->fn->vars[v].kind == FS_VAR_GLOBAL && strcmp(L->fn->vars[v].name, name) == 0)
            return v;
    int v = fs_func_add_var(L->fn, name, FS_VAR_GLOBAL);
    /* the lowerer's tables per variable grow with it */
    L->res = fs_xrealloc(L->res, sizeof *L->res * (size_t)(v + 2));
    L->alias = fs_xrealloc(L->alias, sizeof *L->alias * (size_t)(v + 2));
    for (int i = v; i < v + 2; i++) {
        L->res[i].call = -1;
        L->alias[i] = -1;
    }
    return v;
}

/* Build the key of expression e into b; 0 when e has no stable identity. */
static int path_key(fs_lowerer *L, const fs_ast *e, fs_buf *b, fs_path *p, int top)
{
    e = lw_strip(e);
    if (!e)
        return 0;
    switch (e->kind) {
    case FS_A_STRING:
        if (!top)
            return 0;
        fs_buf_puts(b, e->name ? e->name : "\"\"");
        return 1;
    case FS_A_IDENT: {
        int var = e->var >= 0 ? e->var : unknown_global(L, e->name);
        if (var < 0)
            return 0;
        fs_buf_printf(b, "v%d", var);
        if (p->root < 0) {
            p->root = var;
            lw_path_add_dep(p, var);
        }
        return 1;
    }
    case FS_A_MEMBER:
        if (e->nkids < 1 || !path_key(L, e->kids[0], b, p, 0))
            return 0;
        fs_buf_printf(b, "%s%s", e->arrow ? "->" : ".", e->name ? e->name : "?");
        return 1;
    case FS_A_INDEX: {
        long v;
        if (e->nkids < 2 || !path_key(L, e->kids[0], b, p, 0))
            return 0;
        const fs_ast *ix = lw_strip(e->kids[1]);
        if (lw_is_number(ix, &v)) {
            fs_buf_printf(b, "[%ld]", v);
            return 1;
        }
        if (ix && ix->kind == FS_A_IDENT && ix->var >= 0) {
            fs_buf_printf(b, "[v%d]", ix->var);
            lw_path_add_dep(p, ix->var);
            return 1;
        }
        return 0;
    }
    case FS_A_UNOP:
        /* `*working_dir`: what a pointer points to (an out parameter) */
        if (lw_is_op(e, "*") && e->nkids == 1) {
            fs_buf_puts(b, "*");
            return path_key(L, e->kids[0], b, p, 0);
        }
        return 0;
    default:
        return 0;
    }
}

void lw_make_path(fs_lowerer *L, const fs_ast *e, fs_path *p)
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
        if (lw_strip(e) && lw_strip(e)->kind == FS_A_IDENT && lw_strip(e)->name)
            p->text = fs_xstrdup(lw_strip(e)->name);
    }
    fs_buf_free(&b);
}

/* The variable and member chain an lvalue writes. */
int lw_lvalue_root(fs_lowerer *L, const fs_ast *e, fs_buf *member, int *through_ptr)
{
    e = lw_strip(e);
    if (!e)
        return -1;
    switch (e->kind) {
    case FS_A_IDENT: /* a name nothing declares is written as the global it is as a path */
        return e->var >= 0 ? e->var : unknown_global(L, e->name);
    case FS_A_MEMBER: {
        int r = e->nkids ? lw_lvalue_root(L, e->kids[0], member, through_ptr) : -1;
        if (member)
            fs_buf_printf(member, "%s%s", e->arrow ? "->" : ".", e->name ? e->name : "?");
        return r;
    }
    case FS_A_INDEX:
        /* an element of base: base's storage (whole array member) changes */
        if (through_ptr)
            *through_ptr = 1;
        return e->nkids ? lw_lvalue_root(L, e->kids[0], member, through_ptr) : -1;
    case FS_A_UNOP:
        if (lw_is_op(e, "*") && e->nkids) {
            if (through_ptr)
                *through_ptr = 1;
            return lw_lvalue_root(L, e->kids[0], NULL, through_ptr);
        }
        /* `*p++ = c`: the pointer stepped is the one written through */
        if (e->nkids == 1 && e->name && (strstr(e->name, "++") || strstr(e->name, "--")) && through_ptr && *through_ptr)
            return lw_lvalue_root(L, e->kids[0], NULL, through_ptr);
        return -1;
    case FS_A_BINOP: /* p + 1 */
        if ((lw_is_op(e, "+") || lw_is_op(e, "-")) && e->nkids == 2) {
            int r = lw_lvalue_root(L, e->kids[0], NULL, through_ptr);
            return r >= 0 ? r : lw_lvalue_root(L, e->kids[1], NULL, through_ptr);
        }
        return -1;
    default:
        return -1;
    }
}

void lw_emit_write(fs_lowerer *L, int var, const char *member)
{
    if (var < FS_WRITE_CWD)
        return;
    int n = lw_emit(L, FS_N_WRITE);
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
void lw_emit_store(fs_lowerer *L, int var, const char *member, int through_ptr)
{
    if (var < 0)
        return;
    lw_emit_write(L, var, member);
    L->fn->nodes[L->cur].through = through_ptr;
    if (through_ptr && L->alias[var] >= 0 && L->alias[var] != var) {
        int buf = L->alias[var];
        lw_emit_write(L, buf, NULL);
        L->fn->nodes[L->cur].through = 1;
        /* and every other pointer into the same storage */
        for (int q = 0; q < L->fn->nvars; q++)
            if (q != var && q != buf && L->alias[q] == buf) {
                lw_emit_write(L, q, NULL);
                L->fn->nodes[L->cur].through = 1;
            }
    }
}

/* Record that pointer variable `var` may point into what expression e refers to. */
void lw_note_alias(fs_lowerer *L, int var, const fs_ast *e)
{
    if (var < 0 || !e)
        return;
    const fs_ast *s = lw_strip(e);
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
            lw_note_alias(L, var, s->kids[i]);
        return;
    }
    if (s->kind == FS_A_SIZEOF)
        return;
    for (int i = 0; i < s->nkids; i++)
        lw_note_alias(L, var, s->kids[i]);
}

/* --- statements ------------------------------------------------------------ */

static int cond_is_const(const fs_ast *c, long *v)
{
    return c && lw_is_number(c, v);
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
    lw_lower_stmt(L, body);
    L->cond_nest = on;
    L->brk = ob;
    L->cont = oc;
    L->cont_back = ocb;
}

/* The calls lowered since node `before` are part of the statement at r
 * (those that know their statement already keep it). */
static void stamp_stmt(fs_lowerer *L, int before, const fs_range *r)
{
    for (int n = before; n < L->fn->nnodes; n++)
        if (L->fn->nodes[n].kind == FS_N_CALL && !L->fn->nodes[n].stmt.end.offset)
            L->fn->nodes[n].stmt = *r;
}

void lw_lower_stmt(fs_lowerer *L, const fs_ast *s)
{
    if (!s || L->too_deep)
        return;
    if (!fs_depth_enter(&L->depth, &L->too_deep, FS_LOWER_MAX_DEPTH))
        return;
    long cv;
    switch (s->kind) {
    case FS_A_COMPOUND: {
        fs_range outer = L->block;
        /* a declaration statement is a compound of declarations, not a block */
        int is_block = s->nkids == 0 || s->kids[0]->kind != FS_A_DECL;
        if (is_block)
            L->block = s->range;
        for (int i = 0; i < s->nkids; i++)
            lw_lower_stmt(L, s->kids[i]);
        L->block = outer;
        break;
    }
    case FS_A_IF: {
        int t = lw_new_node(L, FS_N_NOP), f = lw_new_node(L, FS_N_NOP), join = lw_new_node(L, FS_N_NOP);
        int before = L->fn->nnodes;
        lw_lower_cond(L, s->nkids > 0 ? s->kids[0] : NULL, t, f, NULL);
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
            lw_lower_stmt(L, s->kids[1]);
        lw_link_to(L, join);
        L->cur = f;
        if (s->nkids > 2)
            lw_lower_stmt(L, s->kids[2]);
        L->cond_nest--;
        lw_link_to(L, join);
        L->cur = join;
        break;
    }
    case FS_A_WHILE: {
        const fs_ast *c = s->nkids > 0 ? s->kids[0] : NULL;
        const fs_ast *body = s->nkids > 1 ? s->kids[1] : NULL;
        int after = lw_new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv) && cv == 0) {
            lw_link_to(L, after); /* while (0): the body never runs */
            L->cur = after;
            break;
        }
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = lw_emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int bodyn = lw_new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            lw_link_to(L, bodyn);
        } else {
            L->in_cond = 1;
            lw_lower_cond(L, c, bodyn, after, NULL);
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
        int after = lw_new_node(L, FS_N_NOP);
        if (cond_is_const(c, &cv) && cv == 0) {
            /* do { ... } while (0): runs once, not a loop */
            int condn = lw_new_node(L, FS_N_NOP);
            lower_loop_body(L, body, after, condn, 0);
            lw_link_to(L, condn);
            L->cur = condn;
            lw_link_to(L, after);
            L->cur = after;
            break;
        }
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = lw_emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int condn = lw_new_node(L, FS_N_NOP);
        lower_loop_body(L, body, after, condn, 0);
        lw_link_to(L, condn);
        L->cur = condn;
        if (cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            fs_func_add_edge(L->fn, condn, head, 1);
        } else {
            int latch = lw_new_node(L, FS_N_NOP);
            L->in_cond = 1;
            lw_lower_cond(L, c, latch, after, NULL);
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
                lw_lower_stmt(L, init);
            else
                lw_lower_expr(L, init);
        }
        int after = lw_new_node(L, FS_N_NOP);
        int outer = L->loop;
        int l = begin_loop(L, s);
        L->loop = l;
        int head = lw_emit(L, FS_N_NOP);
        L->fn->loops[l].head = head;
        int bodyn = lw_new_node(L, FS_N_NOP);
        int incn = lw_new_node(L, FS_N_NOP);
        if (!c || cond_is_const(c, &cv)) {
            L->fn->loops[l].infinite = 1;
            lw_link_to(L, bodyn);
        } else {
            L->in_cond = 1;
            lw_lower_cond(L, c, bodyn, after, NULL);
            L->in_cond = 0;
        }
        L->cur = bodyn;
        lower_loop_body(L, body, after, incn, 0);
        lw_link_to(L, incn);
        L->cur = incn;
        if (inc && inc->kind != FS_A_NULL_STMT)
            lw_lower_expr(L, inc);
        if (L->cur >= 0)
            fs_func_add_edge(L->fn, L->cur, head, 1);
        L->loop = outer;
        L->cur = after;
        break;
    }
    case FS_A_SWITCH: {
        if (s->nkids > 0)
            lw_lower_expr(L, s->kids[0]);
        int sw = lw_emit(L, FS_N_NOP);
        int after = lw_new_node(L, FS_N_NOP);
        int osw = L->sw, odef = L->sw_has_default, ob = L->brk;
        L->sw = sw;
        L->sw_has_default = 0;
        L->brk = after;
        L->cur = -1;
        L->cond_nest++;
        if (s->nkids > 1)
            lw_lower_stmt(L, s->kids[1]);
        L->cond_nest--;
        lw_link_to(L, after);
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
        int n = lw_new_node(L, FS_N_NOP);
        lw_link_to(L, n);
        if (L->sw >= 0)
            fs_func_add_edge(L->fn, L->sw, n, 0);
        if (s->kind == FS_A_DEFAULT)
            L->sw_has_default = 1;
        L->cur = n;
        /* CASE: kids[0] value (skipped), rest statements; DEFAULT: statements */
        for (int i = s->kind == FS_A_CASE ? 1 : 0; i < s->nkids; i++)
            lw_lower_stmt(L, s->kids[i]);
        break;
    }
    case FS_A_BREAK:
        if (L->brk >= 0)
            lw_link_to(L, L->brk);
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
            lw_lower_expr(L, e);
        for (int n = before; n < L->fn->nnodes; n++)
            if (L->fn->nodes[n].kind == FS_N_CALL)
                L->fn->nodes[n].stmt = s->range;
        if (e) {
            /* `return p;`, `return p + n;`: the caller gets a pointer into p */
            int through = 0;
            int v = lw_lvalue_root(L, e, NULL, &through);
            if (v >= 0 && L->alias[v] >= 0)
                v = L->alias[v];
            if (v >= 0 && L->fn->vars[v].kind == FS_VAR_PARAM)
                L->fn->vars[v].returned = 1;
        }
        int r = lw_emit(L, FS_N_RETURN);
        fs_node *rn = &L->fn->nodes[r];
        rn->range = s->range; /* for --explain-function */
        if (e && !e->in_macro)
            rn->ret_range = e->range;
        if (!e) {
            rn->ret_void = 1;
        } else if (lw_is_number(e, &cv)) {
            rn->ret_const = 1;
            rn->ret_value = cv;
        } else if (lw_eexist_value(e, &cv)) {
            rn->ret_eexist = 1;
            rn->ret_eexist_value = cv;
        } else {
            fs_sense sense;
            int call = lw_value_of(L, e, &sense);
            const fs_ast *se = lw_strip(e);
            if (se && se->kind == FS_A_BINOP && lw_is_op(se, "&&") && se->nkids == 2)
                lw_st_pred_of(se->kids[1], rn->ret_pred);
            if (call >= 0) {
                rn->ret_test = call;
                rn->ret_sense = sense;
            } else {
                fs_test t = lw_test_of(L, e);
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
            lw_link_to(L, lb->node);
            lb->placed = 1;
            L->cur = lb->node;
        }
        for (int i = 0; i < s->nkids; i++)
            lw_lower_stmt(L, s->kids[i]);
        break;
    }
    case FS_A_DECL:
        /* a new object: its old value (if any) is gone */
        if (s->nkids > 0 && s->has_init) {
            int before = L->fn->nnodes;
            lw_lower_expr(L, s->kids[0]);
            stamp_stmt(L, before, &s->range);
        }
        if (s->var >= 0) {
            L->fn->vars[s->var].scope = L->block;
            lw_emit_write(L, s->var, NULL);
            if (s->has_init && s->nkids > 0) {
                lw_note_alias(L, s->var, s->kids[0]);
                lw_note_result_var(L, s->var, s->kids[0]);
            }
        }
        for (int i = 1; i < s->nkids; i++)
            lw_lower_stmt(L, s->kids[i]);
        break;
    case FS_A_EXPR_STMT:
    default: {
        /* an expression used as a statement, or something unknown */
        int before = L->fn->nnodes;
        if (s->kind == FS_A_EXPR_STMT)
            for (int i = 0; i < s->nkids; i++)
                lw_lower_expr(L, s->kids[i]);
        else
            lw_lower_expr(L, s);
        stamp_stmt(L, before, &s->range);
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
    lw_lower_stmt(&L, body);
    if (L.cur >= 0) {
        int r = lw_emit(&L, FS_N_RETURN);
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
