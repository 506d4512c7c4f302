/* ir.c - building and freeing the IR. */
#include "ir/ir.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fs_func *fs_func_new(const char *name, const char *file, const char *engine)
{
    fs_func *f = fs_xcalloc(1, sizeof *f);
    f->name = fs_xstrdup(name);
    f->file = fs_xstrdup(file);
    f->engine = fs_xstrdup(engine);
    f->entry = fs_func_add_node(f, FS_N_ENTRY);
    f->exit = fs_func_add_node(f, FS_N_EXIT);
    /* room for these two only: a file of many functions holds them all
     * (a node is large), and lowering starts again anyway */
    f->nodes = fs_xrealloc(f->nodes, sizeof *f->nodes * 2);
    f->capnodes = 2;
    return f;
}

void fs_path_clear(fs_path *p)
{
    free(p->key);
    free(p->text);
    free(p->deps);
    memset(p, 0, sizeof *p);
    p->root = -1;
}

void fs_path_copy(fs_path *dst, const fs_path *src)
{
    *dst = *src;
    dst->key = fs_xstrdup(src->key);
    dst->text = fs_xstrdup(src->text);
    if (src->ndeps) {
        dst->deps = fs_xmalloc(sizeof(int) * (size_t)src->ndeps);
        memcpy(dst->deps, src->deps, sizeof(int) * (size_t)src->ndeps);
    } else {
        dst->deps = NULL;
    }
}

static void fs_func_free_nodes(fs_func *f)
{
    for (int i = 0; i < f->nnodes; i++) {
        fs_node *n = &f->nodes[i];
        free(n->succ);
        free(n->callee);
        fs_path_clear(&n->path);
        fs_path_clear(&n->dirfd);
        for (int j = 0; j < n->nargs; j++)
            fs_path_clear(&n->args[j]);
        FS_FREE(n->args, n->member, n->macro, n->cond_key, n->cond_deps);
    }
    FS_FREE(f->nodes, f->loops);
    f->nodes = NULL;
    f->loops = NULL;
    f->nnodes = f->capnodes = f->nloops = f->caploops = 0;
}

void fs_func_drop_nodes(fs_func *f)
{
    fs_func_free_nodes(f);
    f->entry = f->exit = -1;
}

void fs_func_reset(fs_func *f)
{
    fs_func_free_nodes(f);
    /* incomplete stays: a front end that could not convert all of the body
     * says so before the first lowering, and lowering the same tree again
     * is as deep as before */
    f->entry = fs_func_add_node(f, FS_N_ENTRY);
    f->exit = fs_func_add_node(f, FS_N_EXIT);
}

void fs_func_delete(fs_func *f)
{
    if (!f)
        return;
    fs_func_free_nodes(f);
    for (int i = 0; i < f->nvars; i++)
        free(f->vars[i].name);
    for (int i = 0; i < f->nfiles; i++)
        free(f->files[i]);
    FS_FREE(f->files, f->vars, f->name, f->file, f->engine, f->incomplete_why, f);
}

int fs_func_add_var(fs_func *f, const char *name, fs_var_kind kind)
{
    fs_grow(&f->vars, &f->capvars, f->nvars + 1, sizeof *f->vars);
    fs_var *v = &f->vars[f->nvars];
    memset(v, 0, sizeof *v);
    v->name = fs_xstrdup(name ? name : "");
    v->kind = kind;
    v->param_index = -1;
    return f->nvars++;
}

int fs_func_add_node(fs_func *f, fs_node_kind kind)
{
    fs_grow(&f->nodes, &f->capnodes, f->nnodes + 1, sizeof *f->nodes);
    fs_node *n = &f->nodes[f->nnodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->loop = -1;
    n->test = -1;
    n->ret_test = -1;
    n->var = -1;
    n->path_arg = -1;
    n->buf_var = -1;
    n->guard_var = -1;
    n->if_then = -1;
    n->path.root = -1;
    n->dirfd.root = -1;
    return f->nnodes++;
}

void fs_func_add_edge(fs_func *f, int from, int to, int back)
{
    fs_node *n = &f->nodes[from];
    for (int i = 0; i < n->nsucc; i++)
        if (n->succ[i].to == to && n->kind != FS_N_BRANCH) {
            n->succ[i].back &= back;
            return;
        }
    fs_grow(&n->succ, &n->capsucc, n->nsucc + 1, sizeof *n->succ);
    n->succ[n->nsucc].to = to;
    n->succ[n->nsucc].back = back;
    n->nsucc++;
}

int fs_func_add_loop(fs_func *f, int parent)
{
    fs_grow(&f->loops, &f->caploops, f->nloops + 1, sizeof *f->loops);
    fs_loop *l = &f->loops[f->nloops];
    memset(l, 0, sizeof *l);
    l->parent = parent;
    l->head = -1;
    return f->nloops++;
}

const char *fs_func_intern_file(fs_func *f, const char *file)
{
    if (!file)
        return NULL;
    for (int i = 0; i < f->nfiles; i++)
        if (strcmp(f->files[i], file) == 0)
            return f->files[i];
    f->files = fs_xrealloc(f->files, sizeof(char *) * (size_t)(f->nfiles + 1));
    f->files[f->nfiles] = fs_xstrdup(file);
    return f->files[f->nfiles++];
}

const char *fs_op_kind_name(fs_op_kind k)
{
    switch (k) {
    case FS_OP_NONE: return "none";
    case FS_OP_PROBE: return "probe";
    case FS_OP_OPEN: return "open";
    case FS_OP_CREATE: return "create";
    case FS_OP_REMOVE: return "remove";
    case FS_OP_MODIFY: return "modify";
    case FS_OP_MAYBE: return "maybe";
    }
    return "?";
}

char *fs_path_display(const fs_func *f, const char *key)
{
    if (!key)
        return fs_xstrdup("?");
    const char *bar = strchr(key, '|');
    if (bar && strncmp(key, "fd:", 3) == 0)
        key = bar + 1;
    fs_buf b = { 0 };
    for (const char *p = key; *p;) {
        if (*p == '"') {
            const char *q = p + 1;
            while (*q && *q != '"') {
                if (*q == '\\' && q[1])
                    q++;
                q++;
            }
            if (*q)
                q++;
            fs_buf_add(&b, p, (size_t)(q - p));
            p = q;
        } else if (*p == 'v' && p[1] >= '0' && p[1] <= '9' && (p == key || p[-1] == '[' || p[-1] == '*')) {
            char *end;
            long v = strtol(p + 1, &end, 10);
            fs_buf_puts(&b, (v >= 0 && v < f->nvars) ? f->vars[v].name : "?");
            p = end;
        } else {
            fs_buf_add(&b, p, 1);
            p++;
        }
    }
    if (!b.s)
        fs_buf_puts(&b, "");
    return b.s;
}

static const char *fs_out_name(fs_outcome o)
{
    return o == FS_OUT_SUCC ? "succ" : o == FS_OUT_FAIL ? "fail" : "?";
}

void fs_func_dump(const fs_func *f, FILE *out)
{
    static const char *const kinds[] = { "entry", "exit", "nop", "call", "write", "read", "branch", "return" };
    fprintf(out, "function %s (%s) %d nodes, %d loops%s\n", f->name, f->file, f->nnodes, f->nloops,
            f->incomplete ? " INCOMPLETE" : "");
    for (int i = 0; i < f->nvars; i++)
        fprintf(out, "  var v%d %s kind=%d param=%d statbuf=%d constptr=%d array=%d\n", i, f->vars[i].name,
                f->vars[i].kind, f->vars[i].param_index, f->vars[i].is_stat_buf, f->vars[i].ptr_to_const,
                f->vars[i].is_array);
    for (int i = 0; i < f->nnodes; i++) {
        const fs_node *n = &f->nodes[i];
        fprintf(out, "  n%d %s loop=%d%s", i, kinds[n->kind], n->loop, n->in_loop_cond ? " cond" : "");
        if (n->kind == FS_N_CALL)
            fprintf(out, " %s%s%s op=%s fam=%d mode=%d follows=%d fields=%d open=%d sense=%d/%s/%s path=%s line=%d pure=%d pred=%s",
                    n->callee ? n->callee : "?", n->macro ? " macro=" : "", n->macro ? n->macro : "",
                    fs_op_kind_name(n->op.kind), n->op.family, n->op.access_mode, n->op.follows,
                    n->op.fields_read, n->op.open_mode, n->op.sense.kind, fs_out_name(n->op.sense.when_true),
                    fs_out_name(n->op.sense.when_false), n->path.key ? n->path.key : "-", n->range.begin.line,
                    n->op.pure, n->op.pred);
        if (n->kind == FS_N_WRITE || n->kind == FS_N_READ)
            fprintf(out, " var=%d%s%s", n->var, n->member ? n->member : "", n->through ? " through" : "");
        if (n->kind == FS_N_BRANCH)
            fprintf(out, " test=n%d true=%s false=%s guard=%d", n->test, fs_out_name(n->out[0]),
                    fs_out_name(n->out[1]), n->guard_var);
        if (n->kind == FS_N_RETURN)
            fprintf(out, " test=n%d sense=%d/%s/%s const=%d:%ld void=%d eexist=%d:%ld", n->ret_test,
                    n->ret_sense.kind, fs_out_name(n->ret_sense.when_true), fs_out_name(n->ret_sense.when_false),
                    n->ret_const, n->ret_value, n->ret_void, n->ret_eexist, n->ret_eexist_value);
        if (n->kind == FS_N_RETURN && n->ret_pred[0])
            fprintf(out, " pred=%s", n->ret_pred);
        fprintf(out, " ->");
        for (int j = 0; j < n->nsucc; j++)
            fprintf(out, " n%d%s", n->succ[j].to, n->succ[j].back ? "(back)" : "");
        fputc('\n', out);
    }
}
