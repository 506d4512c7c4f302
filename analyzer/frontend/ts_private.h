/*
 * ts_private.h - what the files of the tree-sitter front end share (fe_ts.c
 * and its ts_*.c parts); not for use outside them.
 */
#ifndef FSCHECK_TS_PRIVATE_H
#define FSCHECK_TS_PRIVATE_H

#include "ir/calls.h"
#include "frontend/frontend.h"
#include "frontend/ixscan.h"
#include "base/util.h"

#include <tree_sitter/api.h>
#include <tree_sitter/tree-sitter-c.h>
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FS_TS_MAX_DEPTH 800
#define FS_TS_MAX_EXPANSION 16   /* nested object-like macro expansions */
#define FS_TS_MAX_DERIV 16       /* declarator derivations looked at */
#define FS_TS_MAX_HEADERS 64     /* headers read for one file */
#define FS_TS_MAX_HEADER_DEPTH 8 /* nested #include "..." */
#define FS_TS_MAX_HEADER_BYTES (8L * 1024 * 1024)
#define FS_TS_MACRO_PREFIX_EXPR "int __fscheck_macro(void){return "
#define FS_TS_MACRO_PREFIX_STMT "void __fscheck_macro(void){"
#define FS_TS_MACRO_SUFFIX "\n;}\n"   /* a newline ends a `//` comment in the body */
#define FS_TS_OBJ_PREFIX "int __fscheck_value = "
#define FS_TS_OBJ_SUFFIX "\n;\n"

typedef enum fs_tk {
    T_NONE = 0, T_ERROR, T_COMMENT,
    T_TRANSLATION_UNIT, T_FUNCTION_DEFINITION, T_DECLARATION, T_TYPE_DEFINITION,
    T_COMPOUND, T_EXPR_STMT, T_IF, T_ELSE, T_WHILE, T_DO, T_FOR, T_SWITCH, T_CASE,
    T_BREAK, T_CONTINUE, T_RETURN, T_GOTO, T_LABELED, T_ATTRIBUTED,
    T_IDENT, T_NUMBER, T_CHAR, T_STRING, T_CONCAT, T_NULL, T_TRUE, T_FALSE,
    T_BINARY, T_UNARY, T_POINTER_EXPR, T_UPDATE, T_ASSIGN, T_COND, T_COMMA,
    T_FIELD_EXPR, T_SUBSCRIPT, T_CALL, T_CAST, T_PAREN, T_SIZEOF, T_ALIGNOF, T_OFFSETOF,
    T_INIT_LIST, T_INIT_PAIR, T_COMPOUND_LIT, T_EXTENSION, T_GENERIC, T_GNU_ASM,
    T_INIT_DECLARATOR, T_POINTER_DECL, T_ARRAY_DECL, T_FUNC_DECL, T_PAREN_DECL, T_ATTR_DECL,
    T_ABS_POINTER_DECL, T_ABS_ARRAY_DECL, T_ABS_FUNC_DECL, T_ABS_PAREN_DECL,
    T_PARAM_LIST, T_PARAM_DECL, T_VARIADIC, T_TYPE_QUALIFIER, T_STORAGE_CLASS,
    T_STRUCT_SPEC, T_UNION_SPEC, T_ENUM_SPEC, T_ENUMERATOR_LIST, T_ENUMERATOR,
    T_PRIMITIVE_TYPE, T_TYPE_IDENT, T_FIELD_IDENT, T_STATEMENT_IDENT, T_TYPE_DESCRIPTOR,
    T_SIZED_TYPE, T_MACRO_TYPE,
    T_PREPROC_DEF, T_PREPROC_FUNC_DEF, T_PREPROC_PARAMS, T_PREPROC_ARG, T_PREPROC_CALL,
    T_PREPROC_DIRECTIVE, T_PREPROC_INCLUDE, T_PREPROC_IF, T_PREPROC_IFDEF, T_PREPROC_ELSE,
    T_PREPROC_ELIF, T_PREPROC_ELIFDEF, T_PREPROC_DEFINED,
    T_LINKAGE_SPEC, T_DECLARATION_LIST, T_ARGUMENT_LIST, T_ATTRIBUTE_SPEC, T_ATTRIBUTE_DECL,
    T_COUNT
} fs_tk;

/* Field ids, looked up once. */
enum {
    F_DECLARATOR, F_BODY, F_CONDITION, F_CONSEQUENCE, F_ALTERNATIVE, F_FUNCTION, F_ARGUMENTS,
    F_LEFT, F_RIGHT, F_OPERATOR, F_ARGUMENT, F_FIELD, F_INDEX, F_VALUE, F_INITIALIZER,
    F_UPDATE, F_PARAMETERS, F_TYPE, F_NAME, F_LABEL, F_DIRECTIVE, F_PATH, F_COUNT
};

typedef enum fs_sym_kind {
    S_GLOBAL,   /* a file-scope variable */
    S_FUNC,     /* a prototype or definition: callee facts */
    S_ENUM,     /* an enumerator: value */
    S_MACRO,    /* an object-like macro */
    S_FMACRO,   /* a function-like macro */
    S_UNDEF,    /* #undef */
    S_TYPEDEF   /* a typedef name: what its type is */
} fs_sym_kind;

typedef struct fs_ts_sym {
    const char *name;   /* in the file's text, not NUL-terminated */
    uint32_t len;
    uint32_t offset;    /* takes effect after this byte offset */
    fs_sym_kind kind;
    int next;           /* previous entry in the same hash bucket, -1 */
    int fi;             /* the file it is defined in (fs_ts.files) */
    /* S_GLOBAL, S_TYPEDEF */
    int is_array, is_ptr, ptr_to_const, is_stat_buf;
    /* S_FUNC, S_FMACRO */
    fs_callee_info ci;
    /* S_ENUM */
    long value;
    /* S_MACRO, S_FMACRO: the definition, and its body parsed alone */
    TSNode def;
    int state;          /* 0 not looked at, 1 usable, -1 not usable */
    int busy;           /* being expanded (no recursive expansion) */
    TSNode expr;        /* S_MACRO: the body's expression in its own tree */
    TSNode sbody;       /* S_FMACRO whose body is statements: their block there */
    const char *msrc;   /* that tree's text */
    uint32_t mprefix;   /* bytes before the body in msrc */
    uint32_t mbeg, mend;/* the body in the file */
} fs_ts_sym;

/* A file the symbols come from: the file being analysed (0), or a header
 * it includes with quotes. */
typedef struct fs_ts_file {
    char *path;
    char *real;         /* its realpath, to read each header once */
    const char *text;
    uint32_t len;
    long *lines;        /* byte offsets of line starts, made on demand */
    int nlines;
} fs_ts_file;

typedef struct fs_ts_scope {
    const char *name;
    uint32_t len;
    int var;
} fs_ts_scope;

typedef struct fs_ts_kid {
    TSNode node;
    TSFieldId field;
} fs_ts_kid;

#define FS_TS_MAX_MACRO_ARGS 32

/* A statement macro being expanded: its arguments, and where they are. */
typedef struct fs_ts_frame {
    fs_ts_sym *m;
    const char *pname[FS_TS_MAX_MACRO_ARGS];
    uint32_t plen[FS_TS_MAX_MACRO_ARGS];
    TSNode args[FS_TS_MAX_MACRO_ARGS];
    int nargs;
    struct fs_ts_frame *outer;
    void *use;           /* fs_ts_where of the use site */
    int use_nexp;
    fs_range use_exp_range;
    char *use_exp_name;
} fs_ts_frame;

typedef struct fs_ts_gvar {
    int sym;
    int var;
} fs_ts_gvar;

/* What r->priv keeps alive: the parser and every tree the ASTs came from. */
typedef struct fs_ts_priv {
    TSParser *parser;
    TSTree **trees;
    int ntrees, captrees;
    char **texts;       /* scratch sources of the macro trees */
    int ntexts, captexts;
} fs_ts_priv;

typedef struct fs_ts {
    int flags;          /* FS_TS_OWN_TEXT */
    const char *const *only; /* convert only these functions (sorted), when set */
    int nonly;
    const char *path;
    const char *text;   /* the file */
    uint32_t len;
    fs_fe_result *r;
    fs_ts_priv *priv;
    fs_ast_arena *arena;
    const TSLanguage *lang;
    const long *labels; /* where a label macro was blank (fs_xs_label_macro_holes), sorted */
    int nlabels;
    const unsigned char *kinds; /* symbol -> fs_tk (shared, never freed) */
    uint32_t nkinds;
    TSFieldId fid[F_COUNT];
    TSTreeCursor cursor;
    int have_cursor;
    fs_ts_kid *kids;       /* stack of children being looked at */
    int nkids, capkids;
    fs_ts_file *files;     /* [0] the file, then the headers read */
    int nfiles, capfiles;
    int fi;                /* the file ranges are computed in */
    int hdr_depth;         /* headers being read (nesting) */
    const char *const *incdirs; /* the unit's include folders (-iquote, then -I), for headers not beside their includer */
    int nincdirs;
    uint32_t hdr_at;       /* while reading one: where its symbols take effect */
    fs_ts_sym *syms;
    int nsyms, capsyms;
    int *heads;
    int hcap;
    fs_buf tmp;
    fs_buf cbuf;           /* joined string literals */

    /* the function being converted */
    fs_func *fn;
    const char *file;      /* interned in fn */
    fs_ts_scope *scope;
    int nscope, capscope;
    fs_ts_gvar *gvars;
    int ngvars, capgvars;
    int depth, too_deep;

    /* where node offsets point */
    const char *src;       /* text of the tree being converted */
    int scratch;           /* a macro body parsed alone */
    uint32_t sprefix;      /* its bytes before the body */
    uint32_t sbeg, send;   /* the body in the file */
    int macro_body;        /* converting a function-like macro's body */
    int use_fixed;         /* name lookups happen at use_off, not at the node */
    uint32_t use_off;
    int nexp;              /* object-like macro expansions in progress */
    fs_range exp_range;    /* the outermost one's use */
    char *exp_name;        /* and its macro's name */
    fs_ts_frame *frame;    /* the statement macro being expanded, or NULL */
} fs_ts;

#define M_MACROS ((1u << S_MACRO) | (1u << S_FMACRO) | (1u << S_UNDEF))
#define M_ORDINARY ((1u << S_GLOBAL) | (1u << S_FUNC) | (1u << S_ENUM))

enum { D_PTR = 1, D_ARRAY, D_FUNC };

typedef struct fs_decl_info {
    TSNode name;        /* the declared identifier, null when abstract */
    int is_func, is_ptr, is_array, ptr_to_const, is_stat_buf, is_scalar;
} fs_decl_info;

/* The type a declaration's declarators derive from. */
typedef struct fs_base {
    int konst;               /* const-qualified */
    int stat;                /* struct stat (or a typedef of it) */
    int scalar;              /* an arithmetic or enum type, or a typedef known to be one */
    /* a typedef name of the file: its facts (copied: the symbol table may
     * grow while they are used) */
    int td, td_ptr, td_ptr_to_const, td_array, td_stat_buf;
} fs_base;

/* Trees kept for the whole process, shared by the units (and workers) that
 * parse the same text: each takes a copy (a tree-sitter tree is not for two
 * threads at once, its copies are, and cost a reference count; a tree does
 * not point into its text).  By key: a header's realpath, with the stat of
 * the file it was read from; or a macro body's scratch text itself.  At most
 * max_bytes of text each. */
typedef struct fs_ts_memo_entry {
    char *key;
    size_t klen, hash;
    char *text;   /* a header's text (NULL: the key is the text) */
    uint32_t len;
    TSTree *tree;
    struct stat st; /* a header's file, as read */
} fs_ts_memo_entry;

typedef struct fs_ts_memo {
    pthread_mutex_t lock;
    fs_ts_memo_entry *v; /* open addressing by key */
    size_t n, cap, bytes, max_bytes;
} fs_ts_memo;

typedef struct fs_ts_where {
    const char *src;
    int scratch;
    uint32_t sprefix, sbeg, send;
    int use_fixed;
    uint32_t use_off;
    int macro_body;
} fs_ts_where;

/* Defined in one of fe_ts.c, ts_scope.c, ts_macro.c, ts_convert.c and used in another;
 * each is described where it is defined. */
extern const char *const fs_field_names[F_COUNT];
fs_tk fts_kind_of(const fs_ts *t, TSNode n);
TSNode fts_field(const fs_ts *t, TSNode n, int f);
const char *fts_text_of(const fs_ts *t, TSNode n, uint32_t *len);
int fts_text_is(const fs_ts *t, TSNode n, const char *s);
char *fts_arena_strn(fs_ts *t, const char *p, size_t n);
char *fts_node_str(fs_ts *t, TSNode n);
int fts_kids_push(fs_ts *t, TSNode n, int named_only, int *count);
void fts_kids_pop(fs_ts *t, int base);
TSNode fts_first_named(fs_ts *t, TSNode n);
fs_loc fts_loc_at(fs_ts *t, uint32_t off);
uint32_t fts_file_off(const fs_ts *t, uint32_t o);
void fts_range_of(fs_ts *t, TSNode n, uint32_t end_byte, fs_range *r);
void fts_set_range(fs_ts *t, fs_ast *a, TSNode n);
fs_ast *fts_node_of(fs_ts *t, TSNode n, fs_ast_kind kind, const char *name);
fs_ast *fts_stmt_node_of(fs_ts *t, TSNode n, fs_ast_kind kind);
void fts_add(fs_ts *t, fs_ast *parent, fs_ast *kid);
void fts_end_at_last_kid(fs_ts *t, fs_ast *a);
void fts_sym_rehash(fs_ts *t);
fs_ts_sym *fts_sym_add(fs_ts *t, const char *name, uint32_t len, uint32_t offset, fs_sym_kind kind);
fs_ts_sym *fts_sym_find(fs_ts *t, const char *name, uint32_t len, uint32_t before, unsigned mask);
fs_ts_sym *fts_macro_find(fs_ts *t, const char *name, uint32_t len, uint32_t before);
void fts_base_type(fs_ts *t, TSNode decl, fs_base *b);
int fts_kid_declarator(fs_ts *t, int k, const fs_base *bt, int is_param, fs_decl_info *di, const char **p,
                       uint32_t *len);
void fts_decl_info(fs_ts *t, TSNode d, const fs_base *b, int is_param, fs_decl_info *di);
TSNode fts_func_declarator(fs_ts *t, TSNode d);
void fts_callee_info_of(fs_ts *t, TSNode fdecl, fs_callee_info *ci);
int fts_parse_int(const char *p, size_t n, long *v);
int fts_parse_char(const char *p, size_t n, long *v);
int fts_eval_const(fs_ts *t, TSNode n, long *v, int depth);
int fts_scope_find(const fs_ts *t, const char *name, uint32_t len);
int fts_new_var(fs_ts *t, TSNode name, fs_var_kind kind, const fs_decl_info *di);
int fts_global_var(fs_ts *t, fs_ts_sym *s);
uint32_t fts_use_at(const fs_ts *t, TSNode n);
extern fs_ts_memo fs_ts_header_memo;
size_t fs_ts_memo_hash(const char *key, size_t klen);
const fs_ts_memo_entry *fs_ts_memo_find(const fs_ts_memo *m, const char *key, size_t klen, size_t hash);
fs_ts_memo_entry *fs_ts_memo_add(fs_ts_memo *m, const char *key, size_t klen, size_t hash, size_t bytes);
void fts_keep_tree(fs_ts *t, TSTree *tree, char *text);
int fts_macro_body(fs_ts *t, const fs_ts_sym *s, uint32_t *b, uint32_t *e);
char *fts_fmacro_call_alias(fs_ts *t, const fs_ts_sym *m);
int fts_obj_macro_ready(fs_ts *t, fs_ts_sym *s);
void fts_where_save(const fs_ts *t, fs_ts_where *w);
void fts_where_restore(fs_ts *t, const fs_ts_where *w);
void fts_enter_macro(fs_ts *t, fs_ts_sym *m);
fs_ast *fts_expand_obj_macro(fs_ts *t, fs_ts_sym *s, TSNode n);
int fts_macro_alias(fs_ts *t, uint32_t at, const char **p, uint32_t *len);
int fts_macro_arg(fs_ts *t, const char *p, uint32_t len, fs_ast **out);
fs_ast *fts_expand_stmt_macro(fs_ts *t, TSNode call);
void fts_add_macro_function(fs_ts *t, fs_ts_sym *s);
fs_ast *fts_conv_field(fs_ts *t, TSNode n, int f, const char *placeholder);
fs_ast *fts_conv(fs_ts *t, TSNode n);
void fts_push_func(fs_ts *t, fs_func *fn, const fs_ast *body, int in_main, int is_macro);
void fts_begin_func(fs_ts *t, const char *name, size_t len, const char *path);
void fts_add_function(fs_ts *t, TSNode def);

#endif
