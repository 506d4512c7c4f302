/* lower_expr.c - lowering (lower.c): expressions, their calls, writes and aliases. */
#include "ir/lower_private.h"

/* --- expressions ----------------------------------------------------------- */

static void lower_kids(fs_lowerer *L, const fs_ast *e)
{
    for (int i = 0; i < e->nkids; i++)
        lw_lower_expr(L, e->kids[i]);
}

/* Is argument a (an expression) something whose storage a callee could write? */
static void arg_may_be_written(fs_lowerer *L, const fs_ast *a, int by_pointer_param)
{
    const fs_ast *s = lw_strip(a);
    if (!s)
        return;
    if (s->kind == FS_A_UNOP && lw_is_op(s, "&") && s->nkids == 1) {
        if (!by_pointer_param)
            return; /* &x passed as a pointer to const */
        fs_buf m = { 0 };
        int through = 0;
        int v = lw_lvalue_root(L, s->kids[0], &m, &through);
        if (v >= 0)
            lw_emit_store(L, v, m.s, 1);
        fs_buf_free(&m);
        return;
    }
    if (!by_pointer_param)
        return;
    fs_buf m = { 0 };
    int through = 0;
    int v = lw_lvalue_root(L, s, &m, &through);
    if (v >= 0) {
        const fs_var *var = &L->fn->vars[v];
        /* Passing `p` where p is const char * cannot change the string; an
         * array, a non-const pointer, or a struct pointer can be written. */
        if (var->is_array || !var->ptr_to_const || through)
            lw_emit_store(L, v, NULL, 1);
    }
    fs_buf_free(&m);
}

/* An access() mode: a number, or F_OK, R_OK|W_OK ... spelled as names
 * (tree-sitter, or unexpanded); else FS_MODE_UNKNOWN. */
static int access_mode_of(const fs_ast *m)
{
    long v;
    m = lw_strip(m);
    if (!m)
        return FS_MODE_UNKNOWN;
    if (lw_is_number(m, &v))
        return (int)v;
    int mode = 0, ok = 1;
    const fs_ast *stack[16];
    int sp2 = 0;
    stack[sp2++] = m;
    while (sp2 > 0 && ok) {
        const fs_ast *x = lw_strip(stack[--sp2]);
        if (!x) {
            ok = 0;
            break;
        }
        if (x->kind == FS_A_BINOP && lw_is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
            stack[sp2++] = x->kids[0];
            stack[sp2++] = x->kids[1];
        } else if (x->kind == FS_A_IDENT && x->name) {
            if (strcmp(x->name, "F_OK") == 0) mode |= 0;
            else if (strcmp(x->name, "R_OK") == 0) mode |= FS_R_OK;
            else if (strcmp(x->name, "W_OK") == 0) mode |= FS_W_OK;
            else if (strcmp(x->name, "X_OK") == 0) mode |= FS_X_OK;
            else ok = 0;
        } else if (lw_is_number(x, &v)) {
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
            const fs_ast *x = lw_strip(stack[--sp2]);
            if (!x) { known = 0; break; }
            if (x->kind == FS_A_BINOP && lw_is_op(x, "|") && x->nkids == 2 && sp2 < 30) {
                stack[sp2++] = x->kids[0];
                stack[sp2++] = x->kids[1];
            } else if (lw_is_number(x, &v)) {
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
        const fs_ast *x = lw_strip(stack[--sp2]);
        long v;
        if (x && x->kind == FS_A_BINOP && lw_is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
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
        } else if (x && lw_is_number(x, &v) && v > 0) {
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
        const fs_ast *x = lw_strip(stack[--sp2]);
        long v;
        if (!x)
            return 0;
        if (x->kind == FS_A_BINOP && lw_is_op(x, "|") && x->nkids == 2 && sp2 < 14) {
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
        } else if (lw_is_number(x, &v)) {
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
    if (sp->sync_arg >= 0 && !(sp->sync_arg < nargs && lw_is_number(call->kids[1 + sp->sync_arg], &cb) && cb == 0))
        node->op.kind = FS_OP_NONE; /* done later, by the event loop */
    node->path_arg = sp->path_arg;
    if (sp->path_arg < nargs)
        fs_path_copy(&node->path, &node->args[sp->path_arg]);
    else
        node->op.kind = FS_OP_NONE;
    if (sp->dirfd_arg >= 0 && sp->dirfd_arg < nargs) {
        const fs_ast *d = lw_strip(call->kids[1 + sp->dirfd_arg]);
        int cwd = d && ((d->kind == FS_A_IDENT && d->name && strcmp(d->name, "AT_FDCWD") == 0) ||
                        (d->kind == FS_A_NUMBER && d->value == -100) ||
                        (d->kind == FS_A_UNOP && lw_is_op(d, "-")));
        if (!cwd) {
            fs_path_copy(&node->dirfd, &node->args[sp->dirfd_arg]);
            if (!node->dirfd.key) {
                fs_path_clear(&node->path); /* unknown directory: no identity */
            } else if (node->path.key) {
                char *k = fs_xasprintf("fd:%s|%s", node->dirfd.key, node->path.key);
                free(node->path.key);
                node->path.key = k;
                for (int i = 0; i < node->dirfd.ndeps; i++)
                    lw_path_add_dep(&node->path, node->dirfd.deps[i]);
            }
        }
    }
    if (sp->kind == FS_OP_PROBE && sp->family == FS_PROBE_ACCESS && sp->mode_arg >= 0 && sp->mode_arg < nargs) {
        const fs_ast *m = lw_strip(call->kids[1 + sp->mode_arg]);
        node->op.access_mode = access_mode_of(m);
        if (node->op.access_mode == FS_MODE_UNKNOWN && m && m->kind == FS_A_IDENT && m->var >= 0 &&
            L->fn->vars[m->var].kind == FS_VAR_PARAM)
            node->op.mode_param1 = L->fn->vars[m->var].param_index + 1;
    }
    if (sp->flags_arg >= 0 && sp->flags_arg < nargs) {
        const fs_ast *fl = lw_strip(call->kids[1 + sp->flags_arg]);
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
            const fs_ast *m = lw_strip(call->kids[1 + sp->mode_arg]);
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
        const fs_ast *b = lw_strip(call->kids[1 + sp->buf_arg]);
        if (b && b->kind == FS_A_UNOP && lw_is_op(b, "&") && b->nkids == 1) {
            const fs_ast *k = lw_strip(b->kids[0]);
            if (k && k->kind == FS_A_IDENT && k->var >= 0)
                node->buf_var = k->var;
        }
    }
}

/* S_ISDIR(x.st_mode) and friends, as a macro expansion (clang) or a call
 * (tree-sitter); with a leading `!` negated.  Writes the name into out. */
int lw_st_pred_of(const fs_ast *e, char out[16])
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
        if (e->kind == FS_A_UNOP && lw_is_op(e, "!") && e->nkids == 1) {
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
int lw_is_errno(const fs_ast *e)
{
    e = lw_strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_IDENT && e->name && strcmp(e->name, "errno") == 0)
        return 1;
    if (e->kind == FS_A_UNOP && lw_is_op(e, "*") && e->nkids == 1) {
        const fs_ast *c = lw_strip(e->kids[0]);
        return c && c->kind == FS_A_CALL && c->name && strcmp(c->name, "__errno_location") == 0;
    }
    return 0;
}

static int is_eexist(const fs_ast *e)
{
    long v;
    e = lw_strip(e);
    if (!e)
        return 0;
    if (e->kind == FS_A_IDENT && e->name && strcmp(e->name, "EEXIST") == 0)
        return 1;
    return lw_is_number(e, &v) && v == 17;
}

/* `errno == EEXIST ? V : W` (or `errno != EEXIST ? W : V`): 1 and *v = V. */
int lw_eexist_value(const fs_ast *e, long *v)
{
    e = lw_strip(e);
    if (!e || e->kind != FS_A_COND || e->nkids != 3)
        return 0;
    const fs_ast *c = lw_strip(e->kids[0]);
    if (!c || c->kind != FS_A_BINOP || c->nkids != 2 || !(lw_is_op(c, "==") || lw_is_op(c, "!=")))
        return 0;
    if (!((lw_is_errno(c->kids[0]) && is_eexist(c->kids[1])) || (lw_is_errno(c->kids[1]) && is_eexist(c->kids[0]))))
        return 0;
    return lw_is_number(e->kids[lw_is_op(c, "==") ? 1 : 2], v);
}

/* The library call e is: by its name, else by the macro it is spelled as
 * when nothing else says what the name is (gnulib's `#define fopen
 * rpl_fopen`, its replacement not part of the project). */
static const fs_call_spec *call_spec(const fs_lowerer *L, const fs_ast *e)
{
    const fs_call_spec *sp = fs_call_lookup(e->name);
    if (sp || !e->macro || !e->name || fs_summaries_find(L->sums, e->name))
        return sp;
    return fs_call_lookup(e->macro);
}

static void lower_call_node(fs_lowerer *L, const fs_ast *e)
{
    /* arguments first, in order; the stat buffer `&st` is not a read */
    const fs_call_spec *sp = call_spec(L, e);
    for (int i = 1; i < e->nkids; i++) {
        if (sp && sp->buf_arg == i - 1)
            continue;
        lw_lower_expr(L, e->kids[i]);
    }
    int n = lw_emit(L, FS_N_CALL);
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
        lw_make_path(L, e->kids[1 + i], &node->args[i]);
    node->op.sense.kind = FS_VAL_UNKNOWN;
    if (sp) {
        set_op_from_spec(L, n, e, sp);
        for (int i = 0; sp->others_written && i < e->nkids - 1; i++)
            if (i != sp->buf_arg && fs_call_writes_arg(sp, i))
                arg_may_be_written(L, e->kids[1 + i], 1); /* g_file_get_contents(p, &text, ...) */
        if (sp->buf_arg >= 0 && sp->buf_arg < e->nkids - 1) {
            int bv = L->fn->nodes[n].buf_var;
            if (bv >= 0)
                lw_emit_write(L, bv, NULL);
            else
                arg_may_be_written(L, e->kids[1 + sp->buf_arg], 1);
        }
        if (sp->path_arg2 >= 0 && sp->path_arg2 < e->nkids - 1) {
            /* rename(a, b): b changes too */
            int m = lw_emit(L, FS_N_CALL);
            fs_node *mn = &L->fn->nodes[m];
            fs_node *first = &L->fn->nodes[n];
            mn->callee = fs_xstrdup(e->name);
            mn->range = first->range;
            mn->atom = first->atom;
            mn->file = first->file;
            mn->op.kind = FS_OP_MODIFY;
            mn->op.base = sp->name;
            mn->path_arg = sp->path_arg2;
            lw_make_path(L, e->kids[1 + sp->path_arg2], &mn->path);
        }
        return;
    }
    if (fs_is_chdir(e->name)) {
        /* relative paths change meaning: treat as a write of everything */
        lw_emit_write(L, FS_WRITE_CWD, NULL);
        lw_emit_write(L, -1, NULL);
        for (int v = 0; v < L->fn->nvars; v++)
            lw_emit_write(L, v, NULL);
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
            const fs_ast *s = lw_strip(e->kids[i]);
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
            const fs_ast *s = lw_strip(e->kids[sum->param + 1]);
            if (s && s->kind == FS_A_IDENT && s->var >= 0 && L->fn->vars[s->var].kind == FS_VAR_PARAM &&
                !L->fn->vars[s->var].is_scalar)
                L->fn->vars[s->var].derived = 1;
            continue;
        }
        int m = n;
        if (!first) {
            m = lw_emit(L, FS_N_CALL);
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
            const fs_ast *ma = mn->op.mode_param1 < e->nkids ? lw_strip(e->kids[mn->op.mode_param1]) : NULL;
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
            int t = lw_emit(L, FS_N_CALL);
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
    lw_emit_write(L, -1, NULL);
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
        const fs_ast *a = lw_strip(e->kids[1]);
        known = lw_is_number(a, &status);
        if (!known && a && a->kind == FS_A_IDENT && a->var < 0 && a->name && strcmp(a->name, "EXIT_FAILURE") == 0) {
            known = 1;
            status = 1;
        }
    }
    if (fs_call_noreturn(e->name, known, status))
        return 1;
    for (const fs_summary *sum = fs_summaries_find(L->sums, e->name); sum; sum = fs_summaries_next(L->sums, sum)) {
        int k, nonzero;
        long v;
        if (sum->param == FS_SUMMARY_NORETURN)
            return 1;
        if (fs_summary_noreturn_when(sum->param, &k, &nonzero) && k + 1 < e->nkids &&
            lw_is_number(lw_strip(e->kids[k + 1]), &v) && (v != 0) == nonzero)
            return 1; /* errmsg(1, ...) where errmsg exits when its first argument is not 0 */
    }
    return 0;
}

/* assert(e) as written (tree-sitter sees the macro's name): the calls in e
 * run, and its failing outcome ends the process, as the macro's expansion
 * `if (e) ; else __assert_fail(...)` does.  Returns 0 for another call. */
static int lower_assert(fs_lowerer *L, const fs_ast *e)
{
    if (!e->name || strcmp(e->name, "assert") != 0 || e->nkids != 2)
        return 0;
    int t = lw_new_node(L, FS_N_NOP), f = lw_new_node(L, FS_N_NOP);
    lw_lower_cond(L, e->kids[1], t, f, NULL);
    L->cur = f;
    int n = lw_emit(L, FS_N_CALL);
    ((fs_ast *)e)->ir = n;
    fs_node *node = &L->fn->nodes[n];
    node->callee = fs_xstrdup(e->name);
    node->range = node->atom = e->range;
    node->file = (char *)fs_func_intern_file(L->fn, e->file ? e->file : L->fn->file);
    node->block = L->block;
    node->op.sense.kind = FS_VAL_UNKNOWN;
    node->noreturn = 1;
    L->cur = t;
    return 1;
}

static void lower_call(fs_lowerer *L, const fs_ast *e)
{
    if (lower_assert(L, e))
        return;
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
    int join = lw_new_node(L, FS_N_NOP);
    lw_lower_cond(L, e, join, join, NULL);
    L->cur = join;
}

void lw_note_result_var(fs_lowerer *L, int var, const fs_ast *rhs)
{
    if (var < 0)
        return;
    fs_sense s;
    const fs_ast *r = lw_strip(rhs);
    int call = lw_value_of(L, r, &s);
    if (call >= 0) {
        L->res[var].call = call;
        L->res[var].sense = s;
        return;
    }
    fs_test t = lw_test_of(L, r);
    if (t.call >= 0) {
        L->res[var].call = t.call;
        L->res[var].sense.kind = FS_VAL_BOOL;
        L->res[var].sense.when_true = t.t;
        L->res[var].sense.when_false = t.f;
    }
}

void lw_lower_expr(fs_lowerer *L, const fs_ast *e)
{
    if (!e || L->too_deep || !fs_depth_enter(&L->depth, &L->too_deep, FS_LOWER_MAX_DEPTH))
        return;
    switch (e->kind) {
    case FS_A_CALL:
        lower_call(L, e);
        break;
    case FS_A_BINOP:
        if ((lw_is_op(e, "&&") || lw_is_op(e, "||")) && e->nkids == 2) {
            lower_value_cond(L, e);
        } else {
            lower_kids(L, e);
            if (lw_is_op(e, "?") && e->nkids == 2) {
                /* an operator we could not read (in a macro body): it may be
                 * an assignment, so its left side may be written */
                fs_buf m = { 0 };
                int through = 0;
                int v = lw_lvalue_root(L, e->kids[0], &m, &through);
                if (v >= 0)
                    lw_emit_store(L, v, m.s, through);
                fs_buf_free(&m);
            }
        }
        break;
    case FS_A_COND:
        if (e->nkids == 3) {
            int a = lw_new_node(L, FS_N_NOP), b = lw_new_node(L, FS_N_NOP), join = lw_new_node(L, FS_N_NOP);
            lw_lower_cond(L, e->kids[0], a, b, NULL);
            L->cur = a;
            lw_lower_expr(L, e->kids[1]);
            lw_link_to(L, join);
            L->cur = b;
            lw_lower_expr(L, e->kids[2]);
            lw_link_to(L, join);
            L->cur = join;
        } else {
            lower_kids(L, e);
        }
        break;
    case FS_A_ASSIGN:
        if (e->nkids == 2) {
            lw_lower_expr(L, e->kids[1]);
            const fs_ast *lhs = lw_strip(e->kids[0]);
            /* subexpressions of the lhs (indexes) */
            if (lhs && lhs->kind != FS_A_IDENT)
                for (int i = 0; i < lhs->nkids; i++)
                    lw_lower_expr(L, lhs->kids[i]);
            fs_buf m = { 0 };
            int through = 0;
            int v = lw_lvalue_root(L, lhs, &m, &through);
            /* a parameter stored into a struct, an array or a global escapes:
             * whatever holds it may later act on the file */
            const fs_ast *rs = lw_strip(e->kids[1]);
            if (rs && rs->kind == FS_A_IDENT && rs->var >= 0 && L->fn->vars[rs->var].kind == FS_VAR_PARAM &&
                !L->fn->vars[rs->var].is_scalar && lhs && (lhs->kind != FS_A_IDENT || (v >= 0 && L->fn->vars[v].kind == FS_VAR_GLOBAL)))
                L->fn->vars[rs->var].escapes = 1;
            if (v >= 0 && through) {
                /* `*dst++ = *src++`, `d[i] = s[i]`: a parameter's string copied by hand */
                int sv = lw_deref_param(L, e->kids[1]);
                if (sv >= 0 && sv != v)
                    L->fn->vars[sv].derived = 1;
            }
            if (v >= 0) {
                lw_emit_store(L, v, m.s, through);
                long cv2;
                if (!through && lhs && lhs->kind == FS_A_IDENT && lw_is_op(e, "=") && lw_is_number(e->kids[1], &cv2) &&
                    L->cur >= 0 && L->fn->nodes[L->cur].kind == FS_N_WRITE && L->fn->nodes[L->cur].var == v) {
                    L->fn->nodes[L->cur].wconst = 1;
                    L->fn->nodes[L->cur].wvalue = cv2;
                }
                if (!through && lhs && lhs->kind == FS_A_IDENT) {
                    lw_note_alias(L, v, e->kids[1]);
                    if (lw_is_op(e, "="))
                        lw_note_result_var(L, v, e->kids[1]);
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
            int v = lw_lvalue_root(L, e->kids[0], &m, &through);
            if (v >= 0)
                lw_emit_store(L, v, m.s, through);
            fs_buf_free(&m);
        }
        break;
    case FS_A_IDENT:
        if (e->var >= 0 && L->fn->vars[e->var].is_stat_buf) {
            int n = lw_emit(L, FS_N_READ);
            L->fn->nodes[n].var = e->var;
            L->fn->nodes[n].range = e->range;
        }
        break;
    case FS_A_SIZEOF:
        break;
    case FS_A_COMPOUND: case FS_A_IF: case FS_A_WHILE: case FS_A_DO: case FS_A_FOR: case FS_A_SWITCH:
    case FS_A_RETURN: case FS_A_GOTO: case FS_A_LABEL: case FS_A_DECL: case FS_A_EXPR_STMT: case FS_A_BREAK:
    case FS_A_CONTINUE: case FS_A_CASE: case FS_A_DEFAULT: case FS_A_NULL_STMT:
        /* a GNU statement expression's statements (glibc's assert(): `({ if (e) ; else
         * __assert_fail(...); })`): branches and loops as in a body */
        L->depth--;
        lw_lower_stmt(L, e);
        return;
    default:
        lower_kids(L, e);
        break;
    }
    L->depth--;
}
