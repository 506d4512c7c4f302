/*
 * lower_private.h - what the files of the lowering share (lower.c,
 * lower_cond.c, lower_expr.c); not for use outside them.
 */
#ifndef FSCHECK_LOWER_PRIVATE_H
#define FSCHECK_LOWER_PRIVATE_H

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

typedef struct fs_test {
    int call;
    fs_outcome t, f; /* outcome implied when the expression is true / false */
} fs_test;

/* Defined in one of lower.c, lower_cond.c, lower_expr.c and used in another;
 * each is described where it is defined. */
int lw_new_node(fs_lowerer *L, fs_node_kind kind);
void lw_link_to(fs_lowerer *L, int to);
int lw_emit(fs_lowerer *L, fs_node_kind kind);
const fs_ast *lw_strip(const fs_ast *e);
int lw_is_number(const fs_ast *e, long *v);
int lw_is_op(const fs_ast *e, const char *op);
void lw_path_add_dep(fs_path *p, int var);
void lw_make_path(fs_lowerer *L, const fs_ast *e, fs_path *p);
int lw_lvalue_root(fs_lowerer *L, const fs_ast *e, fs_buf *member, int *through_ptr);
void lw_emit_write(fs_lowerer *L, int var, const char *member);
void lw_emit_store(fs_lowerer *L, int var, const char *member, int through_ptr);
void lw_note_alias(fs_lowerer *L, int var, const fs_ast *e);
int lw_value_of(fs_lowerer *L, const fs_ast *e, fs_sense *sense);
fs_test lw_test_of(fs_lowerer *L, const fs_ast *e);
int lw_deref_param(const fs_lowerer *L, const fs_ast *e);
void lw_lower_cond(fs_lowerer *L, const fs_ast *e, int t, int f, const fs_ast *atom);
int lw_st_pred_of(const fs_ast *e, char out[16]);
int lw_is_errno(const fs_ast *e);
int lw_eexist_value(const fs_ast *e, long *v);
void lw_note_result_var(fs_lowerer *L, int var, const fs_ast *rhs);
void lw_lower_expr(fs_lowerer *L, const fs_ast *e);
void lw_lower_stmt(fs_lowerer *L, const fs_ast *s);

#endif
