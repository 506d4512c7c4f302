/*
 * ast.h - a small syntax tree that both front ends produce.
 *
 * libclang (fe_clang.c) and tree-sitter (fe_ts.c) each turn a function
 * definition into this tree; lower.c turns the tree into the IR (ir.h).  Only
 * the shapes the analysis needs are distinguished; everything else is
 * FS_A_OTHER with its children kept, so that calls and writes inside it are
 * still seen.
 *
 * Ownership: nodes are allocated from an fs_ast_arena and freed together with
 * it; strings are copied into the arena.
 */
#ifndef FSCHECK_AST_H
#define FSCHECK_AST_H

#include "ir/ir.h"

typedef enum fs_ast_kind {
    FS_A_OTHER = 0,
    /* statements */
    FS_A_COMPOUND, FS_A_IF, FS_A_WHILE, FS_A_DO, FS_A_FOR, FS_A_SWITCH,
    FS_A_CASE, FS_A_DEFAULT, FS_A_BREAK, FS_A_CONTINUE, FS_A_RETURN,
    FS_A_GOTO, FS_A_LABEL, FS_A_DECL, FS_A_EXPR_STMT, FS_A_NULL_STMT,
    /* expressions */
    FS_A_CALL,      /* kids[0] callee expression, kids[1..] arguments; name = callee name */
    FS_A_BINOP,     /* name = operator: "&&", "||", "==", "+", ... */
    FS_A_UNOP,      /* name = operator: "!", "-", "*", "&", "++", "--", "post++", "post--", "~" */
    FS_A_ASSIGN,    /* name = "=", "+=", ...; kids[0] lhs, kids[1] rhs */
    FS_A_COND,      /* ?: kids[0] cond, kids[1] then, kids[2] else */
    FS_A_COMMA,
    FS_A_MEMBER,    /* kids[0] base; name = field; arrow = 1 for -> */
    FS_A_INDEX,     /* kids[0] base, kids[1] index */
    FS_A_IDENT,     /* name; var = declared variable id or -1 (function, enum constant, unknown) */
    FS_A_STRING,    /* name = literal text with quotes, adjacent literals joined */
    FS_A_NUMBER,    /* name = text; value */
    FS_A_CAST,      /* kids[0] */
    FS_A_PAREN,     /* kids[0] */
    FS_A_SIZEOF,    /* not evaluated */
    FS_A_INIT_LIST
} fs_ast_kind;

/* Facts a front end may know about a callee (from its prototype). */
typedef struct fs_callee_info {
    int known;          /* a prototype was seen */
    int variadic;
    int nparams;
    unsigned const_ptr_mask; /* bit i: parameter i is a pointer to const (or not a pointer) */
    int noreturn;       /* declared not to return (noreturn, _Noreturn, a NORETURN macro) */
} fs_callee_info;

typedef struct fs_ast fs_ast;
struct fs_ast {
    fs_ast_kind kind;
    char *name;
    long value;          /* FS_A_NUMBER */
    int arrow;           /* FS_A_MEMBER */
    int var;             /* FS_A_IDENT, FS_A_DECL: variable id (fs_func.vars) */
    int has_init;        /* FS_A_DECL */
    fs_range range;      /* source range (expansion site for macro-expanded code) */
    int in_macro;        /* spelled inside a macro expansion */
    char *macro;         /* made by a function-like macro's expansion: the macro's name */
    fs_range macro_range;/* and the range of the whole macro invocation */
    char *file;          /* file (borrowed, interned in the fs_func) */
    fs_callee_info callee; /* FS_A_CALL */
    int ir;              /* FS_A_CALL: the IR node made for it by lower.c, -1 before */
    fs_ast **kids;
    int nkids, capkids;
};

typedef struct fs_ast_arena fs_ast_arena;

fs_ast_arena *fs_ast_arena_new(void);
void fs_ast_arena_delete(fs_ast_arena *self);
fs_ast *fs_ast_new(fs_ast_arena *a, fs_ast_kind kind, const char *name);
void fs_ast_add(fs_ast_arena *a, fs_ast *parent, fs_ast *kid);
char *fs_ast_strdup(fs_ast_arena *a, const char *s);
/* The names a body calls, in no order (with with_macros, also the name of
 * the function-like macro each call comes from, where it differs): in *out
 * (the array to free; the names are the tree's). */
void fs_ast_call_names(const fs_ast *body, int with_macros, const char ***out, int *n);
/* Debugging: the tree as text. */
void fs_ast_dump(const fs_ast *a, int depth, FILE *out);

/* Lower one function body into the IR.  fn has its variables declared (by
 * the front end, ids as used in FS_A_IDENT/FS_A_DECL); body is the function's
 * compound statement.  Returns 0, or -1 when the body was too deep to lower
 * (fn->incomplete is then set). */
#ifndef FSCHECK_SUMMARIES_TYPEDEF
#define FSCHECK_SUMMARIES_TYPEDEF
typedef struct fs_summaries fs_summaries;
#endif
int fs_lower(fs_func *fn, const fs_ast *body, const fs_summaries *sums);

#endif
