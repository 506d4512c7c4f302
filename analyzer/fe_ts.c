/*
 * fe_ts.c - the tree-sitter front end: a file's function definitions as
 * syntax trees (ast.h), from the text alone.
 *
 * Tree-sitter sees the file as written: no headers, no preprocessor.  What
 * the preprocessor would have done is approximated from the file itself:
 *   - an object-like macro of the file whose body is an expression is
 *     expanded at each use (the body is parsed once, converted at the use,
 *     and placed at the use, as libclang places expansions);
 *   - a function-like macro of the file is returned as an extra function
 *     (is_macro) when its body calls something, so that wrapper summaries
 *     treat it like a wrapper function: a call of it in code stays a call
 *     (with `macro` set).  One whose body is statements (`do { ... } while
 *     (0)`) is also expanded in place where it is used as a statement, so
 *     that its `return`s are the caller's;
 *   - #if branches inside a function are exclusive arms of an `if`;
 *   - prototypes, definitions and typedefs earlier in the file give callee
 *     and type facts; file-scope variables declared before a use are globals;
 *     enumerators of file-scope enums are numbers;
 *   - S_ISDIR() and other pure macros of the C library are expressions of
 *     their arguments, not calls.
 * Names the file does not define (F_OK, O_RDONLY, NULL, ...) stay
 * identifiers with no variable; lower.c knows the common ones by name.
 *
 * The syntax tree has the shapes fe_clang.c produces.  Conversion recursion
 * is bounded (FS_TS_MAX_DEPTH); every other walk is iterative or bounded.
 * Nodes and strings come from the result's arena; the trees they were made
 * from stay alive in r->priv.
 */
#include "calls.h"
#include "frontend.h"
#include "ixscan.h"
#include "util.h"

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

/* --- node kinds ------------------------------------------------------------ */

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

static const struct {
    const char *name;
    fs_tk kind;
} fs_tk_names[] = {
    { "comment", T_COMMENT }, { "translation_unit", T_TRANSLATION_UNIT },
    { "function_definition", T_FUNCTION_DEFINITION }, { "declaration", T_DECLARATION },
    { "type_definition", T_TYPE_DEFINITION }, { "compound_statement", T_COMPOUND },
    { "expression_statement", T_EXPR_STMT }, { "if_statement", T_IF }, { "else_clause", T_ELSE },
    { "while_statement", T_WHILE }, { "do_statement", T_DO }, { "for_statement", T_FOR },
    { "switch_statement", T_SWITCH }, { "case_statement", T_CASE }, { "break_statement", T_BREAK },
    { "continue_statement", T_CONTINUE }, { "return_statement", T_RETURN },
    { "goto_statement", T_GOTO }, { "labeled_statement", T_LABELED },
    { "attributed_statement", T_ATTRIBUTED }, { "identifier", T_IDENT },
    { "number_literal", T_NUMBER }, { "char_literal", T_CHAR }, { "string_literal", T_STRING },
    { "concatenated_string", T_CONCAT }, { "null", T_NULL }, { "true", T_TRUE },
    { "false", T_FALSE }, { "binary_expression", T_BINARY }, { "unary_expression", T_UNARY },
    { "pointer_expression", T_POINTER_EXPR }, { "update_expression", T_UPDATE },
    { "assignment_expression", T_ASSIGN }, { "conditional_expression", T_COND },
    { "comma_expression", T_COMMA }, { "field_expression", T_FIELD_EXPR },
    { "subscript_expression", T_SUBSCRIPT }, { "call_expression", T_CALL },
    { "cast_expression", T_CAST }, { "parenthesized_expression", T_PAREN },
    { "sizeof_expression", T_SIZEOF }, { "alignof_expression", T_ALIGNOF },
    { "offsetof_expression", T_OFFSETOF }, { "initializer_list", T_INIT_LIST },
    { "initializer_pair", T_INIT_PAIR }, { "compound_literal_expression", T_COMPOUND_LIT },
    { "extension_expression", T_EXTENSION }, { "generic_expression", T_GENERIC },
    { "gnu_asm_expression", T_GNU_ASM }, { "init_declarator", T_INIT_DECLARATOR },
    { "pointer_declarator", T_POINTER_DECL }, { "array_declarator", T_ARRAY_DECL },
    { "function_declarator", T_FUNC_DECL }, { "parenthesized_declarator", T_PAREN_DECL },
    { "attributed_declarator", T_ATTR_DECL }, { "abstract_pointer_declarator", T_ABS_POINTER_DECL },
    { "abstract_array_declarator", T_ABS_ARRAY_DECL },
    { "abstract_function_declarator", T_ABS_FUNC_DECL },
    { "abstract_parenthesized_declarator", T_ABS_PAREN_DECL }, { "parameter_list", T_PARAM_LIST },
    { "parameter_declaration", T_PARAM_DECL }, { "variadic_parameter", T_VARIADIC },
    { "type_qualifier", T_TYPE_QUALIFIER }, { "storage_class_specifier", T_STORAGE_CLASS },
    { "struct_specifier", T_STRUCT_SPEC }, { "union_specifier", T_UNION_SPEC },
    { "enum_specifier", T_ENUM_SPEC }, { "enumerator_list", T_ENUMERATOR_LIST },
    { "enumerator", T_ENUMERATOR }, { "primitive_type", T_PRIMITIVE_TYPE },
    { "type_identifier", T_TYPE_IDENT }, { "field_identifier", T_FIELD_IDENT },
    { "statement_identifier", T_STATEMENT_IDENT }, { "type_descriptor", T_TYPE_DESCRIPTOR },
    { "sized_type_specifier", T_SIZED_TYPE }, { "macro_type_specifier", T_MACRO_TYPE },
    { "preproc_def", T_PREPROC_DEF }, { "preproc_function_def", T_PREPROC_FUNC_DEF },
    { "preproc_params", T_PREPROC_PARAMS }, { "preproc_arg", T_PREPROC_ARG },
    { "preproc_call", T_PREPROC_CALL }, { "preproc_directive", T_PREPROC_DIRECTIVE },
    { "preproc_include", T_PREPROC_INCLUDE }, { "preproc_if", T_PREPROC_IF },
    { "preproc_ifdef", T_PREPROC_IFDEF }, { "preproc_else", T_PREPROC_ELSE },
    { "preproc_elif", T_PREPROC_ELIF }, { "preproc_elifdef", T_PREPROC_ELIFDEF },
    { "preproc_defined", T_PREPROC_DEFINED }, { "linkage_specification", T_LINKAGE_SPEC },
    { "declaration_list", T_DECLARATION_LIST }, { "argument_list", T_ARGUMENT_LIST },
    { "attribute_specifier", T_ATTRIBUTE_SPEC }, { "attribute_declaration", T_ATTRIBUTE_DECL },
};

/* Field ids, looked up once. */
enum {
    F_DECLARATOR, F_BODY, F_CONDITION, F_CONSEQUENCE, F_ALTERNATIVE, F_FUNCTION, F_ARGUMENTS,
    F_LEFT, F_RIGHT, F_OPERATOR, F_ARGUMENT, F_FIELD, F_INDEX, F_VALUE, F_INITIALIZER,
    F_UPDATE, F_PARAMETERS, F_TYPE, F_NAME, F_LABEL, F_DIRECTIVE, F_PATH, F_COUNT
};
static const char *const fs_field_names[F_COUNT] = {
    "declarator", "body", "condition", "consequence", "alternative", "function", "arguments",
    "left", "right", "operator", "argument", "field", "index", "value", "initializer",
    "update", "parameters", "type", "name", "label", "directive", "path",
};

/* --- file-level symbols ------------------------------------------------------ */

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

static fs_ast *conv(fs_ts *t, TSNode n);
static fs_ast *conv_field(fs_ts *t, TSNode n, int f, const char *placeholder);

/* --- small helpers ------------------------------------------------------------ */

static fs_tk kind_of(const fs_ts *t, TSNode n)
{
    if (ts_node_is_null(n))
        return T_NONE;
    TSSymbol s = ts_node_symbol(n);
    if (s == (TSSymbol)-1)
        return T_ERROR;
    return s < t->nkinds ? (fs_tk)t->kinds[s] : T_NONE;
}

static TSNode field(const fs_ts *t, TSNode n, int f)
{
    return ts_node_child_by_field_id(n, t->fid[f]);
}

static const char *text_of(const fs_ts *t, TSNode n, uint32_t *len)
{
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    *len = e > b ? e - b : 0;
    return t->src + b;
}

static int text_is(const fs_ts *t, TSNode n, const char *s)
{
    uint32_t len;
    const char *p = text_of(t, n, &len);
    return strlen(s) == len && memcmp(p, s, len) == 0;
}

/* A NUL-terminated copy of n bytes at p in the arena. */
static char *arena_strn(fs_ts *t, const char *p, size_t n)
{
    t->tmp.len = 0;
    fs_buf_add(&t->tmp, p, n);
    return fs_ast_strdup(t->arena, t->tmp.s ? t->tmp.s : "");
}

static char *node_str(fs_ts *t, TSNode n)
{
    uint32_t len;
    const char *p = text_of(t, n, &len);
    return arena_strn(t, p, len);
}

/* The children of n (comments left out; only named ones when named_only)
 * pushed on t->kids: returns the index of the first, *count their number.
 * Release with kids_pop(t, base). */
static int kids_push(fs_ts *t, TSNode n, int named_only, int *count)
{
    int base = t->nkids;
    if (!t->have_cursor) {
        t->cursor = ts_tree_cursor_new(n);
        t->have_cursor = 1;
    } else {
        ts_tree_cursor_reset(&t->cursor, n);
    }
    if (ts_tree_cursor_goto_first_child(&t->cursor)) {
        do {
            TSNode c = ts_tree_cursor_current_node(&t->cursor);
            if (named_only && !ts_node_is_named(c))
                continue;
            if (kind_of(t, c) == T_COMMENT)
                continue;
            fs_grow(&t->kids, &t->capkids, t->nkids + 1, sizeof *t->kids);
            t->kids[t->nkids].node = c;
            t->kids[t->nkids].field = ts_tree_cursor_current_field_id(&t->cursor);
            t->nkids++;
        } while (ts_tree_cursor_goto_next_sibling(&t->cursor));
    }
    *count = t->nkids - base;
    return base;
}

static void kids_pop(fs_ts *t, int base)
{
    t->nkids = base;
}

/* The first named child that is not a comment. */
static TSNode first_named(fs_ts *t, TSNode n)
{
    int cnt, base = kids_push(t, n, 1, &cnt);
    TSNode r = cnt ? t->kids[base].node : (TSNode){ 0 };
    kids_pop(t, base);
    return r;
}

/* --- locations ------------------------------------------------------------------ */

static void build_lines(fs_ts_file *f)
{
    if (f->lines)
        return;
    int cap = 0;
    fs_grow(&f->lines, &cap, 1, sizeof *f->lines);
    f->lines[f->nlines++] = 0;
    for (uint32_t i = 0; i < f->len; i++)
        if (fs_eol(f->text, f->len, i)) {
            fs_grow(&f->lines, &cap, f->nlines + 1, sizeof *f->lines);
            f->lines[f->nlines++] = (long)i + 1;
        }
}

/* Line and column of byte offset off of the current file (t->fi). */
static fs_loc loc_at(fs_ts *t, uint32_t off)
{
    fs_ts_file *f = &t->files[t->fi];
    build_lines(f);
    int lo = 0, hi = f->nlines - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (f->lines[mid] <= (long)off)
            lo = mid;
        else
            hi = mid - 1;
    }
    fs_loc l = { lo + 1, (int)((long)off - f->lines[lo]) + 1, off };
    return l;
}

/* The file offset of tree offset o (macro bodies: clamped to the body). */
static uint32_t file_off(const fs_ts *t, uint32_t o)
{
    if (!t->scratch)
        return o;
    if (o < t->sprefix)
        return t->sbeg;
    uint32_t f = t->sbeg + (o - t->sprefix);
    return f > t->send ? t->send : f;
}

static void range_of(fs_ts *t, TSNode n, uint32_t end_byte, fs_range *r)
{
    uint32_t b = ts_node_start_byte(n);
    if (!t->scratch) {
        /* not tree-sitter's points: their rows count LFs only */
        r->begin = loc_at(t, b);
        r->end = loc_at(t, end_byte);
    } else {
        r->begin = loc_at(t, file_off(t, b));
        r->end = loc_at(t, file_off(t, end_byte));
    }
}

static void set_range_end(fs_ts *t, fs_ast *a, TSNode n, uint32_t end_byte)
{
    a->file = (char *)t->file;
    if (t->nexp) {
        a->range = t->exp_range;
        a->in_macro = 1;
        a->macro = t->exp_name;
        return;
    }
    range_of(t, n, end_byte, &a->range);
}

static void set_range(fs_ts *t, fs_ast *a, TSNode n)
{
    set_range_end(t, a, n, ts_node_end_byte(n));
}

static fs_ast *node_of(fs_ts *t, TSNode n, fs_ast_kind kind, const char *name)
{
    fs_ast *a = fs_ast_new(t->arena, kind, name);
    set_range(t, a, n);
    return a;
}

/* A statement's range without its final ';' (as libclang gives it). */
static fs_ast *stmt_node_of(fs_ts *t, TSNode n, fs_ast_kind kind)
{
    fs_ast *a = fs_ast_new(t->arena, kind, NULL);
    uint32_t end = ts_node_end_byte(n);
    uint32_t cnt = ts_node_child_count(n);
    if (cnt > 0) {
        TSNode last = ts_node_child(n, cnt - 1);
        if (!ts_node_is_named(last) && text_is(t, last, ";") && !ts_node_is_missing(last))
            end = ts_node_start_byte(last);
        /* and blanks before it */
        while (end > ts_node_start_byte(n) && isspace((unsigned char)t->src[end - 1]))
            end--;
    }
    set_range_end(t, a, n, end);
    return a;
}

static void add(fs_ts *t, fs_ast *parent, fs_ast *kid)
{
    if (kid)
        fs_ast_add(t->arena, parent, kid);
}

/* A statement that ends with a sub-statement ends where that one does (its
 * `;` is not part of it for libclang). */
static void end_at_last_kid(fs_ts *t, fs_ast *a)
{
    if (t->nexp || !a || a->nkids == 0)
        return;
    const fs_ast *k = a->kids[a->nkids - 1];
    if (k && k->range.end.line > 0 && k->range.end.offset >= a->range.begin.offset)
        a->range.end = k->range.end;
}

/* --- file-level symbols ------------------------------------------------------------ */

static unsigned name_hash(const char *p, uint32_t n)
{
    return fs_fnv32(p, n);
}

static void sym_rehash(fs_ts *t)
{
    int cap = t->hcap ? t->hcap * 2 : 256;
    free(t->heads);
    t->heads = fs_xmalloc(sizeof(int) * (size_t)cap);
    for (int i = 0; i < cap; i++)
        t->heads[i] = -1;
    t->hcap = cap;
    for (int i = 0; i < t->nsyms; i++) {
        unsigned h = name_hash(t->syms[i].name, t->syms[i].len) & (unsigned)(cap - 1);
        t->syms[i].next = t->heads[h];
        t->heads[h] = i;
    }
}

static fs_ts_sym *sym_add(fs_ts *t, const char *name, uint32_t len, uint32_t offset, fs_sym_kind kind)
{
    fs_grow(&t->syms, &t->capsyms, t->nsyms + 1, sizeof *t->syms);
    fs_ts_sym *s = &t->syms[t->nsyms++];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->len = len;
    s->offset = t->hdr_depth ? t->hdr_at : offset; /* a header's: from its #include on */
    s->kind = kind;
    s->fi = t->fi;
    if (t->nsyms * 2 > t->hcap) {
        sym_rehash(t);
    } else {
        unsigned h = name_hash(name, len) & (unsigned)(t->hcap - 1);
        s->next = t->heads[h];
        t->heads[h] = t->nsyms - 1;
    }
    return s;
}

/* The latest symbol named name that took effect before offset `before`,
 * among the kinds in mask (bit per fs_sym_kind).  Symbols are added in file
 * order, so a bucket lists them newest first. */
static fs_ts_sym *sym_find(fs_ts *t, const char *name, uint32_t len, uint32_t before, unsigned mask)
{
    if (!t->hcap)
        return NULL;
    unsigned h = name_hash(name, len) & (unsigned)(t->hcap - 1);
    for (int i = t->heads[h]; i >= 0; i = t->syms[i].next) {
        fs_ts_sym *s = &t->syms[i];
        if (s->len != len || memcmp(s->name, name, len) != 0 || s->offset >= before)
            continue;
        if (mask & (1u << s->kind))
            return s;
    }
    return NULL;
}

#define M_MACROS ((1u << S_MACRO) | (1u << S_FMACRO) | (1u << S_UNDEF))
#define M_ORDINARY ((1u << S_GLOBAL) | (1u << S_FUNC) | (1u << S_ENUM))

/* The macro in effect for name at `before`, or NULL (also after #undef). */
static fs_ts_sym *macro_find(fs_ts *t, const char *name, uint32_t len, uint32_t before)
{
    fs_ts_sym *s = sym_find(t, name, len, before, M_MACROS);
    return s && s->kind != S_UNDEF ? s : NULL;
}

/* --- declarators ------------------------------------------------------------------- */

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

static uint32_t use_at(const fs_ts *t, TSNode n);

/* The standard library's arithmetic typedefs (a project's own are unknown
 * unless the file defines them). */
static int fs_is_scalar_typedef(const char *p, uint32_t len)
{
    static const char *const names[] = {
        "size_t", "ssize_t", "off_t", "off64_t", "mode_t", "pid_t", "uid_t", "gid_t", "time_t",
        "dev_t", "ino_t", "nlink_t", "bool", "ptrdiff_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "socklen_t", "wchar_t", "sig_atomic_t",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && memcmp(names[i], p, len) == 0)
            return 1;
    return 0;
}

/* Qualifiers and type of a declaration (or parameter). */
static void base_type(fs_ts *t, TSNode decl, fs_base *b)
{
    memset(b, 0, sizeof *b);
    int cnt, base = kids_push(t, decl, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_tk k = kind_of(t, c);
        if (k == T_TYPE_QUALIFIER && text_is(t, c, "const"))
            b->konst = 1;
        if (t->kids[base + i].field != t->fid[F_TYPE])
            continue;
        if (k == T_STRUCT_SPEC) {
            TSNode nm = field(t, c, F_NAME);
            if (!ts_node_is_null(nm) &&
                (text_is(t, nm, "stat") || text_is(t, nm, "stat64") || text_is(t, nm, "statx")))
                b->stat = 1;
        } else if (k == T_PRIMITIVE_TYPE || k == T_SIZED_TYPE || k == T_ENUM_SPEC) {
            b->scalar = !(k == T_PRIMITIVE_TYPE && text_is(t, c, "void"));
        } else if (k == T_TYPE_IDENT) {
            uint32_t len;
            const char *p = text_of(t, c, &len);
            const fs_ts_sym *td = sym_find(t, p, len, use_at(t, c), 1u << S_TYPEDEF);
            if (td) {
                b->td = 1;
                b->td_ptr = td->is_ptr;
                b->td_ptr_to_const = td->ptr_to_const;
                b->td_array = td->is_array;
                b->td_stat_buf = td->is_stat_buf;
                b->stat = td->is_stat_buf && !td->is_ptr && !td->is_array;
            } else {
                b->scalar = fs_is_scalar_typedef(p, len);
            }
        }
    }
    kids_pop(t, base);
}

/* Whether a (pointer) declarator node carries a `const` qualifier of its own. */
static int own_const(fs_ts *t, TSNode d)
{
    int cnt, base = kids_push(t, d, 1, &cnt), r = 0;
    for (int i = 0; i < cnt; i++)
        if (kind_of(t, t->kids[base + i].node) == T_TYPE_QUALIFIER && text_is(t, t->kids[base + i].node, "const"))
            r = 1;
    kids_pop(t, base);
    return r;
}

/* Walk declarator d (outermost first) down to its name.  Derivations are
 * applied in walk order: the last one is the declared entity's own type.
 * A parameter of array type is a pointer. */
static void decl_info(fs_ts *t, TSNode d, const fs_base *b, int is_param, fs_decl_info *di)
{
    int konst = b->konst, stat = b->stat;
    int kinds[FS_TS_MAX_DERIV], consts[FS_TS_MAX_DERIV], n = 0, overflow = 0;
    memset(di, 0, sizeof *di);
    for (int guard = 0; !ts_node_is_null(d) && guard < 256; guard++) {
        fs_tk k = kind_of(t, d);
        int dk = 0;
        if (k == T_IDENT || k == T_FIELD_IDENT || k == T_TYPE_IDENT) {
            di->name = d;
            break;
        }
        if (k == T_POINTER_DECL || k == T_ABS_POINTER_DECL)
            dk = D_PTR;
        else if (k == T_ARRAY_DECL || k == T_ABS_ARRAY_DECL)
            dk = D_ARRAY;
        else if (k == T_FUNC_DECL || k == T_ABS_FUNC_DECL)
            dk = D_FUNC;
        if (dk) {
            if (n < FS_TS_MAX_DERIV) {
                kinds[n] = dk;
                consts[n] = dk == D_PTR ? own_const(t, d) : (n ? consts[n - 1] : konst);
                n++;
            } else {
                overflow = 1;
            }
            d = field(t, d, F_DECLARATOR);
            continue;
        }
        if (k == T_PAREN_DECL || k == T_ABS_PAREN_DECL || k == T_ATTR_DECL || k == T_INIT_DECLARATOR) {
            d = k == T_INIT_DECLARATOR ? field(t, d, F_DECLARATOR) : first_named(t, d);
            continue;
        }
        break;
    }
    if (overflow)
        return;
    if (n == 0) {
        di->is_stat_buf = stat;
        di->is_scalar = b->scalar;
        if (b->td) { /* the typedef's own type */
            di->is_ptr = b->td_ptr;
            di->ptr_to_const = b->td_ptr_to_const;
            di->is_array = b->td_array && !is_param;
            di->is_ptr |= b->td_array && is_param;
            di->is_stat_buf = b->td_stat_buf;
        }
        return;
    }
    int top = n - 1;
    if (is_param && kinds[top] == D_ARRAY)
        kinds[top] = D_PTR; /* the pointee is the element: consts[top - 1] or the base */
    di->is_func = kinds[top] == D_FUNC;
    di->is_array = kinds[top] == D_ARRAY;
    di->is_ptr = kinds[top] == D_PTR;
    if (di->is_ptr)
        di->ptr_to_const = top > 0 ? consts[top - 1] : konst;
    int j = top;
    if (j >= 0 && kinds[j] == D_PTR)
        j--;
    if (j >= 0 && kinds[j] == D_ARRAY)
        j--;
    di->is_stat_buf = j < 0 && stat;
}

/* The function_declarator of a function definition's declarator. */
static TSNode func_declarator(fs_ts *t, TSNode d)
{
    for (int guard = 0; !ts_node_is_null(d) && guard < 64; guard++) {
        fs_tk k = kind_of(t, d);
        if (k == T_FUNC_DECL) {
            /* `int (*f(void))(int)`: the innermost function declarator names it */
            TSNode inner = field(t, d, F_DECLARATOR);
            fs_tk ik = kind_of(t, inner);
            if (ik == T_IDENT)
                return d;
            d = inner;
        } else if (k == T_POINTER_DECL || k == T_ARRAY_DECL) {
            d = field(t, d, F_DECLARATOR);
        } else if (k == T_PAREN_DECL || k == T_ATTR_DECL) {
            d = first_named(t, d);
        } else {
            break;
        }
    }
    return (TSNode){ 0 };
}

/* Callee facts from a function declarator's parameter list. */
static void callee_info_of(fs_ts *t, TSNode fdecl, fs_callee_info *ci)
{
    memset(ci, 0, sizeof *ci);
    TSNode pl = field(t, fdecl, F_PARAMETERS);
    if (ts_node_is_null(pl))
        return;
    int cnt, base = kids_push(t, pl, 1, &cnt);
    int np = 0, variadic = 0, any = 0;
    unsigned mask = 0;
    for (int i = 0; i < cnt; i++) {
        TSNode p = t->kids[base + i].node;
        fs_tk k = kind_of(t, p);
        if (k == T_VARIADIC) {
            variadic = 1;
            continue;
        }
        if (k != T_PARAM_DECL) {
            if (k == T_IDENT) /* K&R identifier list: no prototype */
                any = -1;
            continue;
        }
        TSNode d = field(t, p, F_DECLARATOR);
        TSNode ty = field(t, p, F_TYPE);
        if (ts_node_is_null(d) && cnt == 1 && kind_of(t, ty) == T_PRIMITIVE_TYPE && text_is(t, ty, "void"))
            break; /* (void) */
        fs_base bt;
        base_type(t, p, &bt);
        fs_decl_info di;
        decl_info(t, d, &bt, 1, &di);
        if (np < 32 && (!di.is_ptr || di.ptr_to_const))
            mask |= 1u << np;
        np++;
        any = 1;
    }
    kids_pop(t, base);
    if (any < 0)
        return;
    if (cnt == 0)
        return; /* `f()`: no prototype */
    ci->known = 1;
    ci->variadic = variadic;
    ci->nparams = np;
    ci->const_ptr_mask = mask;
}

/* --- literals ------------------------------------------------------------------------ */

/* A C integer literal; 0 when p is not one (floating, malformed). */
static int parse_int(const char *p, size_t n, long *v)
{
    unsigned long long x = 0;
    size_t i = 0;
    int base = 10;
    if (n == 0)
        return 0;
    if (n > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        i = 2;
    } else if (n > 1 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) {
        base = 2;
        i = 2;
    } else if (p[0] == '0') {
        base = 8;
    }
    int digits = 0;
    for (; i < n; i++) {
        char c = p[i];
        int d;
        if (c == '\'')
            continue; /* digit separator */
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            break;
        if (d >= base)
            return 0;
        x = x * (unsigned)base + (unsigned)d;
        digits++;
    }
    if (!digits && base != 8)
        return 0;
    for (; i < n; i++)
        if (!strchr("uUlLzZ", p[i]))
            return 0; /* '.', exponent, or junk */
    *v = (long)x;
    return 1;
}

/* The value of a character literal ('a', '\n', '\x41', '\101'). */
static int parse_char(const char *p, size_t n, long *v)
{
    size_t i = 0;
    while (i < n && p[i] != '\'')
        i++; /* L, u, U, u8 prefixes */
    if (i + 2 >= n)
        return 0;
    i++;
    unsigned char c = (unsigned char)p[i];
    if (c != '\\') {
        *v = c;
        return 1;
    }
    i++;
    if (i >= n)
        return 0;
    c = (unsigned char)p[i];
    switch (c) {
    case 'n': *v = '\n'; return 1;
    case 't': *v = '\t'; return 1;
    case 'r': *v = '\r'; return 1;
    case 'a': *v = '\a'; return 1;
    case 'b': *v = '\b'; return 1;
    case 'f': *v = '\f'; return 1;
    case 'v': *v = '\v'; return 1;
    case 'e': *v = 27; return 1;
    case 'x': {
        long x = 0;
        for (i++; i < n && isxdigit((unsigned char)p[i]); i++)
            x = x * 16 + (isdigit((unsigned char)p[i]) ? p[i] - '0' : (tolower((unsigned char)p[i]) - 'a' + 10));
        *v = x;
        return 1;
    }
    default:
        if (c >= '0' && c <= '7') {
            long x = 0;
            for (int k = 0; k < 3 && i < n && p[i] >= '0' && p[i] <= '7'; k++, i++)
                x = x * 8 + (p[i] - '0');
            *v = x;
            return 1;
        }
        *v = c;
        return 1;
    }
}

/* The value of a constant integer expression made of literals, enumerators
 * and the usual operators; 0 when it is not one. */
static int eval_const(fs_ts *t, TSNode n, long *v, int depth)
{
    if (depth > 64 || ts_node_is_null(n))
        return 0;
    uint32_t len;
    const char *p;
    switch (kind_of(t, n)) {
    case T_NUMBER:
        p = text_of(t, n, &len);
        return parse_int(p, len, v);
    case T_CHAR:
        p = text_of(t, n, &len);
        return parse_char(p, len, v);
    case T_TRUE:
        *v = 1;
        return 1;
    case T_FALSE:
        *v = 0;
        return 1;
    case T_PAREN: {
        TSNode c = first_named(t, n);
        return eval_const(t, c, v, depth + 1);
    }
    case T_IDENT: {
        p = text_of(t, n, &len);
        uint32_t at = t->use_fixed ? t->use_off : file_off(t, ts_node_start_byte(n));
        fs_ts_sym *s = sym_find(t, p, len, at, 1u << S_ENUM);
        if (s) {
            *v = s->value;
            return 1;
        }
        return 0;
    }
    case T_UNARY: {
        long x;
        TSNode op = field(t, n, F_OPERATOR);
        if (!eval_const(t, field(t, n, F_ARGUMENT), &x, depth + 1))
            return 0;
        if (text_is(t, op, "-")) *v = -x;
        else if (text_is(t, op, "+")) *v = x;
        else if (text_is(t, op, "~")) *v = ~x;
        else if (text_is(t, op, "!")) *v = !x;
        else return 0;
        return 1;
    }
    case T_BINARY: {
        long a, b;
        if (!eval_const(t, field(t, n, F_LEFT), &a, depth + 1) ||
            !eval_const(t, field(t, n, F_RIGHT), &b, depth + 1))
            return 0;
        TSNode op = field(t, n, F_OPERATOR);
        p = text_of(t, op, &len);
        char o[4] = { 0 };
        if (len > 3)
            return 0;
        memcpy(o, p, len);
        if (!strcmp(o, "+")) *v = a + b;
        else if (!strcmp(o, "-")) *v = a - b;
        else if (!strcmp(o, "*")) *v = a * b;
        else if (!strcmp(o, "/") && b) *v = a / b;
        else if (!strcmp(o, "%") && b) *v = a % b;
        else if (!strcmp(o, "<<") && b >= 0 && b < 63) *v = a << b;
        else if (!strcmp(o, ">>") && b >= 0 && b < 63) *v = a >> b;
        else if (!strcmp(o, "|")) *v = a | b;
        else if (!strcmp(o, "&")) *v = a & b;
        else if (!strcmp(o, "^")) *v = a ^ b;
        else return 0;
        return 1;
    }
    default:
        return 0;
    }
}

/* --- variables ------------------------------------------------------------------------ */

static void scope_push(fs_ts *t, const char *name, uint32_t len, int var)
{
    fs_grow(&t->scope, &t->capscope, t->nscope + 1, sizeof *t->scope);
    t->scope[t->nscope].name = name;
    t->scope[t->nscope].len = len;
    t->scope[t->nscope].var = var;
    t->nscope++;
}

static int scope_find(const fs_ts *t, const char *name, uint32_t len)
{
    for (int i = t->nscope - 1; i >= 0; i--)
        if (t->scope[i].len == len && memcmp(t->scope[i].name, name, len) == 0)
            return t->scope[i].var;
    return -1;
}

/* A new variable of the current function named by identifier node `name`. */
static int new_var(fs_ts *t, TSNode name, fs_var_kind kind, const fs_decl_info *di)
{
    uint32_t len = 0;
    const char *p = ts_node_is_null(name) ? "" : text_of(t, name, &len);
    int v = fs_func_add_var(t->fn, arena_strn(t, p, len), kind);
    fs_var *var = &t->fn->vars[v];
    var->is_array = di->is_array;
    var->ptr_to_const = di->is_ptr && di->ptr_to_const;
    var->is_stat_buf = di->is_stat_buf;
    var->is_scalar = di->is_scalar;
    if (len)
        scope_push(t, p, len, v);
    return v;
}

/* The variable of global symbol s in the current function (added on first use). */
static int global_var(fs_ts *t, fs_ts_sym *s)
{
    int idx = (int)(s - t->syms);
    for (int i = 0; i < t->ngvars; i++)
        if (t->gvars[i].sym == idx)
            return t->gvars[i].var;
    int v = fs_func_add_var(t->fn, arena_strn(t, s->name, s->len), FS_VAR_GLOBAL);
    fs_var *var = &t->fn->vars[v];
    var->is_array = s->is_array;
    var->ptr_to_const = s->ptr_to_const;
    var->is_stat_buf = s->is_stat_buf;
    fs_grow(&t->gvars, &t->capgvars, t->ngvars + 1, sizeof *t->gvars);
    t->gvars[t->ngvars].sym = idx;
    t->gvars[t->ngvars].var = v;
    t->ngvars++;
    return v;
}

/* Where names used at node n are looked up (a file offset). */
static uint32_t use_at(const fs_ts *t, TSNode n)
{
    return t->use_fixed ? t->use_off : file_off(t, ts_node_start_byte(n));
}

/* --- object-like macros ------------------------------------------------------------------- */

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

static fs_ts_memo fs_ts_macro_memo = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0, (size_t)32 << 20 };
static fs_ts_memo fs_ts_header_memo = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0, (size_t)64 << 20 };

static size_t fs_ts_memo_hash(const char *key, size_t klen)
{
    size_t h = 1469598103934665603u;
    for (size_t i = 0; i < klen; i++)
        h = (h ^ (unsigned char)key[i]) * 1099511628211u;
    return h;
}

/* Where key is, or would go (m->cap > 0; the lock held). */
static fs_ts_memo_entry *fs_ts_memo_slot(const fs_ts_memo *m, const char *key, size_t klen, size_t hash)
{
    size_t k = hash & (m->cap - 1);
    while (m->v[k].key && (m->v[k].hash != hash || m->v[k].klen != klen || memcmp(m->v[k].key, key, klen) != 0))
        k = (k + 1) & (m->cap - 1);
    return &m->v[k];
}

/* The entry of key, or NULL (the lock held). */
static const fs_ts_memo_entry *fs_ts_memo_find(const fs_ts_memo *m, const char *key, size_t klen, size_t hash)
{
    if (!m->cap)
        return NULL;
    const fs_ts_memo_entry *e = fs_ts_memo_slot(m, key, klen, hash);
    return e->key ? e : NULL;
}

/* A new entry for key, with room for `bytes` more of text, or NULL when the
 * memo is full or has key already (the lock held). */
static fs_ts_memo_entry *fs_ts_memo_add(fs_ts_memo *m, const char *key, size_t klen, size_t hash, size_t bytes)
{
    if (m->bytes + bytes > m->max_bytes)
        return NULL;
    if (2 * (m->n + 1) > m->cap) {
        fs_ts_memo_entry *old = m->v;
        size_t oldcap = m->cap;
        m->cap = oldcap ? 2 * oldcap : 256;
        m->v = fs_xcalloc(m->cap, sizeof *m->v);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key)
                *fs_ts_memo_slot(m, old[i].key, old[i].klen, old[i].hash) = old[i];
        free(old);
    }
    fs_ts_memo_entry *e = fs_ts_memo_slot(m, key, klen, hash);
    if (e->key)
        return NULL;
    e->key = fs_xmalloc(klen + 1);
    memcpy(e->key, key, klen);
    e->key[klen] = '\0';
    e->klen = klen;
    e->hash = hash;
    m->n++;
    m->bytes += bytes;
    return e;
}

/* A macro body's scratch text, parsed once a process: the same text always
 * parses to the same tree. */
static TSTree *parse_scratch(fs_ts *t, const char *prefix, const char *body, uint32_t blen,
                             const char *suffix, char **out_text)
{
    size_t pl = strlen(prefix), sl = strlen(suffix), len = pl + blen + sl;
    char *s = fs_xmalloc(len + 1);
    memcpy(s, prefix, pl);
    memcpy(s + pl, body, blen);
    memcpy(s + pl + blen, suffix, sl + 1);
    fs_ts_memo *m = &fs_ts_macro_memo;
    size_t hash = fs_ts_memo_hash(s, len);
    pthread_mutex_lock(&m->lock);
    const fs_ts_memo_entry *found = fs_ts_memo_find(m, s, len, hash);
    TSTree *tree = found ? ts_tree_copy(found->tree) : NULL;
    pthread_mutex_unlock(&m->lock);
    if (!tree) {
        tree = ts_parser_parse_string(t->priv->parser, NULL, s, (uint32_t)len);
        if (!tree) {
            free(s);
            return NULL;
        }
        pthread_mutex_lock(&m->lock);
        fs_ts_memo_entry *e = fs_ts_memo_add(m, s, len, hash, len);
        if (e)
            e->tree = ts_tree_copy(tree);
        pthread_mutex_unlock(&m->lock);
    }
    *out_text = s;
    return tree;
}

static void keep_tree(fs_ts *t, TSTree *tree, char *text)
{
    fs_ts_priv *p = t->priv;
    FS_PUSH(p->trees, p->ntrees, p->captrees, tree);
    FS_PUSH(p->texts, p->ntexts, p->captexts, text);
}

/* The body (preproc_arg) of macro s: offsets in its file, trimmed. */
static int macro_body(fs_ts *t, const fs_ts_sym *s, uint32_t *b, uint32_t *e)
{
    const char *text = t->files[s->fi].text;
    TSNode v = field(t, s->def, F_VALUE);
    if (ts_node_is_null(v))
        return 0;
    *b = ts_node_start_byte(v);
    *e = ts_node_end_byte(v);
    while (*b < *e && isspace((unsigned char)text[*b]))
        (*b)++;
    while (*e > *b && isspace((unsigned char)text[*e - 1]))
        (*e)--;
    return *e > *b;
}

/* `#define p_access(p, m) access(p, m)`: a function-like macro whose body
 * is one call of a library path call with the macro's parameters as its
 * arguments, in order (each may be in brackets).  Its uses are that call,
 * as libclang sees the expansion, so that a constant argument (a mode, a
 * flag) is the call's.  The library call's name, or NULL. */
static char *fmacro_call_alias(fs_ts *t, const fs_ts_sym *m)
{
    uint32_t b, e;
    if (!macro_body(t, m, &b, &e))
        return NULL;
    const char *s = t->files[m->fi].text;
    TSNode params = field(t, m->def, F_PARAMETERS);
    if (ts_node_is_null(params))
        return NULL;
    const char *pn[FS_TS_MAX_MACRO_ARGS];
    uint32_t pl[FS_TS_MAX_MACRO_ARGS];
    int np = 0, cnt, base = kids_push(t, params, 1, &cnt), ok = 1;
    for (int i = 0; i < cnt; i++) {
        TSNode x = t->kids[base + i].node;
        if (kind_of(t, x) != T_IDENT || np >= FS_TS_MAX_MACRO_ARGS) {
            ok = 0; /* `...`, or too many */
            continue;
        }
        pn[np] = s + ts_node_start_byte(x);
        pl[np] = ts_node_end_byte(x) - ts_node_start_byte(x);
        np++;
    }
    kids_pop(t, base);
    if (!ok || np == 0)
        return NULL;
    uint32_t i = b, nb;
#define SKIP() while (i < e && (s[i] == ' ' || s[i] == '\t' || (s[i] == '\\' && i + 1 < e && s[i + 1] == '\n') || s[i] == '\n')) i++
    SKIP();
    nb = i;
    while (i < e && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        i++;
    if (i == nb || i - nb > 63)
        return NULL;
    char name[64];
    memcpy(name, s + nb, i - nb);
    name[i - nb] = 0;
    if (!fs_call_lookup(name))
        return NULL;
    SKIP();
    if (i >= e || s[i++] != '(')
        return NULL;
    for (int k = 0; k < np; k++) {
        SKIP();
        int paren = i < e && s[i] == '(';
        if (paren)
            i++;
        SKIP();
        if (e - i < pl[k] || memcmp(s + i, pn[k], pl[k]) != 0)
            return NULL;
        i += pl[k];
        if (i < e && (isalnum((unsigned char)s[i]) || s[i] == '_'))
            return NULL;
        SKIP();
        if (paren && (i >= e || s[i++] != ')'))
            return NULL;
        SKIP();
        if (i >= e || s[i++] != (k + 1 < np ? ',' : ')'))
            return NULL;
    }
    SKIP();
#undef SKIP
    return i == e ? arena_strn(t, name, strlen(name)) : NULL;
}

/* Parse an object-like macro's body as an expression, once. */
static int obj_macro_ready(fs_ts *t, fs_ts_sym *s)
{
    if (s->state)
        return s->state > 0;
    s->state = -1;
    uint32_t b, e;
    if (!macro_body(t, s, &b, &e))
        return 0;
    char *text;
    TSTree *tree = parse_scratch(t, FS_TS_OBJ_PREFIX, t->files[s->fi].text + b, e - b, FS_TS_OBJ_SUFFIX, &text);
    if (!tree)
        return 0;
    TSNode root = ts_tree_root_node(tree);
    TSNode expr = { 0 };
    if (!ts_node_has_error(root) && ts_node_named_child_count(root) == 1) {
        TSNode d = ts_node_named_child(root, 0);
        if (kind_of(t, d) == T_DECLARATION) {
            int ndecl = 0;
            TSNode only = { 0 };
            int cnt, base = kids_push(t, d, 1, &cnt);
            for (int i = 0; i < cnt; i++)
                if (t->kids[base + i].field == t->fid[F_DECLARATOR]) {
                    ndecl++;
                    only = t->kids[base + i].node;
                }
            kids_pop(t, base);
            if (ndecl == 1 && kind_of(t, only) == T_INIT_DECLARATOR)
                expr = field(t, only, F_VALUE);
        }
    }
    if (ts_node_is_null(expr) || kind_of(t, expr) == T_INIT_LIST) {
        ts_tree_delete(tree);
        free(text);
        return 0;
    }
    keep_tree(t, tree, text);
    s->expr = expr;
    s->msrc = text;
    s->mprefix = (uint32_t)strlen(FS_TS_OBJ_PREFIX);
    s->mbeg = b;
    s->mend = e;
    if (s->fi) /* a header's: lookups inside happen where it is included */
        s->mbeg = s->mend = s->offset;
    s->state = 1;
    return 1;
}

typedef struct fs_ts_where {
    const char *src;
    int scratch;
    uint32_t sprefix, sbeg, send;
    int use_fixed;
    uint32_t use_off;
    int macro_body;
} fs_ts_where;

static void where_save(const fs_ts *t, fs_ts_where *w)
{
    w->src = t->src;
    w->scratch = t->scratch;
    w->sprefix = t->sprefix;
    w->sbeg = t->sbeg;
    w->send = t->send;
    w->use_fixed = t->use_fixed;
    w->use_off = t->use_off;
    w->macro_body = t->macro_body;
}

static void where_restore(fs_ts *t, const fs_ts_where *w)
{
    t->src = w->src;
    t->scratch = w->scratch;
    t->sprefix = w->sprefix;
    t->sbeg = w->sbeg;
    t->send = w->send;
    t->use_fixed = w->use_fixed;
    t->use_off = w->use_off;
    t->macro_body = w->macro_body;
}

/* The expansion of object-like macro s used at node n, or NULL. */
static fs_ast *expand_obj_macro(fs_ts *t, fs_ts_sym *s, TSNode n)
{
    if (s->busy || t->nexp >= FS_TS_MAX_EXPANSION || !obj_macro_ready(t, s))
        return NULL;
    fs_ts_where w;
    where_save(t, &w);
    if (t->nexp == 0) {
        range_of(t, n, ts_node_end_byte(n), &t->exp_range);
        t->exp_name = arena_strn(t, s->name, s->len);
        t->use_off = use_at(t, n);
        t->use_fixed = 1;
    }
    t->nexp++;
    s->busy = 1;
    t->src = s->msrc;
    t->scratch = 1;
    t->sprefix = s->mprefix;
    t->sbeg = s->mbeg;
    t->send = s->mend;
    t->macro_body = 0; /* names in the body are the use site's names */
    fs_ast *a = conv(t, s->expr);
    s->busy = 0;
    t->nexp--;
    where_restore(t, &w);
    return a;
}

/* The identifier an object-like macro named like node n expands to (`#define
 * my_stat stat`), followed through further such macros; returns 1 and sets
 * *p and *len when there is one. */
static int macro_alias(fs_ts *t, uint32_t at, const char **p, uint32_t *len)
{
    int changed = 0;
    for (int guard = 0; guard < 8; guard++) {
        fs_ts_sym *s = macro_find(t, *p, *len, at);
        if (!s || s->kind != S_MACRO || !obj_macro_ready(t, s) || kind_of(t, s->expr) != T_IDENT)
            break;
        uint32_t b = ts_node_start_byte(s->expr), e = ts_node_end_byte(s->expr);
        *p = s->msrc + b;
        *len = e - b;
        changed = 1;
    }
    return changed;
}

/* --- statement macros --------------------------------------------------------------------------- */

/* In a statement macro's body, a parameter is its argument: converted where
 * the argument is written.  Returns 1 when name is a parameter. */
static int macro_arg(fs_ts *t, const char *p, uint32_t len, fs_ast **out)
{
    fs_ts_frame *fr = t->frame;
    int i;
    for (i = 0; i < fr->nargs; i++)
        if (fr->plen[i] == len && memcmp(fr->pname[i], p, len) == 0)
            break;
    if (i == fr->nargs)
        return 0;
    fs_ts_where here;
    where_save(t, &here);
    int nexp = t->nexp;
    fs_range er = t->exp_range;
    char *en = t->exp_name;
    where_restore(t, (const fs_ts_where *)fr->use);
    t->nexp = fr->use_nexp;
    t->exp_range = fr->use_exp_range;
    t->exp_name = fr->use_exp_name;
    t->frame = fr->outer;
    *out = conv(t, fr->args[i]);
    t->frame = fr;
    t->nexp = nexp;
    t->exp_range = er;
    t->exp_name = en;
    where_restore(t, &here);
    return 1;
}

/* `NAME(args);` where NAME is a statement macro of the file (`do { ... }
 * while (0)`, `if (...) return ...`): its body in place, as the
 * preprocessor would have it, so that its control flow is the caller's.
 * NULL when it is not one. */
static fs_ast *expand_stmt_macro(fs_ts *t, TSNode call)
{
    TSNode f = field(t, call, F_FUNCTION), args = field(t, call, F_ARGUMENTS);
    if (kind_of(t, f) != T_IDENT || ts_node_is_null(args) || (t->nexp && !t->frame))
        return NULL;
    uint32_t len;
    const char *name = text_of(t, f, &len);
    if (t->frame)
        for (int i = 0; i < t->frame->nargs; i++)
            if (t->frame->plen[i] == len && memcmp(t->frame->pname[i], name, len) == 0)
                return NULL; /* a parameter called */
    if (t->macro_body && scope_find(t, name, len) >= 0)
        return NULL;
    fs_ts_sym *m = macro_find(t, name, len, use_at(t, f));
    if (!m || m->kind != S_FMACRO || m->state != 1 || ts_node_is_null(m->sbody) || m->busy ||
        m->ci.variadic || t->depth > FS_TS_MAX_DEPTH - 8)
        return NULL;
    fs_ts_frame fr;
    memset(&fr, 0, sizeof fr);
    fr.m = m;
    TSNode params = field(t, m->def, F_PARAMETERS);
    if (!ts_node_is_null(params)) {
        int cnt, base = kids_push(t, params, 1, &cnt);
        for (int i = 0; i < cnt && fr.nargs < FS_TS_MAX_MACRO_ARGS; i++) {
            TSNode pn = t->kids[base + i].node;
            if (kind_of(t, pn) != T_IDENT)
                continue;
            uint32_t b = ts_node_start_byte(pn), e = ts_node_end_byte(pn);
            fr.pname[fr.nargs] = t->files[m->fi].text + b;
            fr.plen[fr.nargs] = e - b;
            fr.nargs++;
        }
        kids_pop(t, base);
    }
    if (fr.nargs != m->ci.nparams)
        return NULL;
    int nargs = 0;
    {
        int cnt, base = kids_push(t, args, 1, &cnt);
        for (int i = 0; i < cnt; i++)
            if (nargs < FS_TS_MAX_MACRO_ARGS)
                fr.args[nargs++] = t->kids[base + i].node;
            else
                nargs++;
        kids_pop(t, base);
    }
    if (nargs != fr.nargs)
        return NULL; /* `F()` of a one-parameter macro, or a mismatch */

    fs_ts_where use;
    where_save(t, &use);
    fr.use = &use;
    fr.use_nexp = t->nexp;
    fr.use_exp_range = t->exp_range;
    fr.use_exp_name = t->exp_name;
    fr.outer = t->frame;
    if (t->nexp == 0) {
        range_of(t, call, ts_node_end_byte(call), &t->exp_range);
        t->exp_name = arena_strn(t, name, len);
        t->use_off = use_at(t, call);
        t->use_fixed = 1;
    }
    t->nexp++;
    t->frame = &fr;
    m->busy = 1;
    t->src = m->msrc;
    t->scratch = 1;
    t->sprefix = m->mprefix;
    t->sbeg = m->mbeg;
    t->send = m->mend;
    t->macro_body = 0;

    fs_ast *out = NULL, *block = NULL;
    int nstmt = 0;
    int cnt, base = kids_push(t, m->sbody, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        TSNode c = t->kids[base + i].node;
        if (kind_of(t, c) == T_EXPR_STMT && ts_node_named_child_count(c) == 0 &&
            ts_node_start_byte(c) >= t->sprefix + (m->mend - m->mbeg))
            continue; /* the `;` the wrapper added */
        fs_ast *x = conv(t, c);
        if (!x)
            continue;
        if (nstmt == 0) {
            out = x;
        } else {
            if (!block) {
                block = node_of(t, c, FS_A_COMPOUND, NULL);
                fs_ast_add(t->arena, block, out);
                out = block;
            }
            fs_ast_add(t->arena, block, x);
        }
        nstmt++;
    }
    kids_pop(t, base);

    m->busy = 0;
    t->frame = fr.outer;
    t->nexp = fr.use_nexp;
    t->exp_range = fr.use_exp_range;
    t->exp_name = fr.use_exp_name;
    where_restore(t, &use);
    if (!out) {
        out = fs_ast_new(t->arena, FS_A_NULL_STMT, NULL);
        set_range(t, out, call);
    }
    return out;
}

/* --- expressions ----------------------------------------------------------------------------- */

static fs_ast *conv_ident(fs_ts *t, TSNode n)
{
    uint32_t len;
    const char *p = text_of(t, n, &len);
    uint32_t at = use_at(t, n);
    int v = -1;
    if (t->macro_body) {
        /* a function-like macro's parameters come before any macro */
        v = scope_find(t, p, len);
        if (v >= 0) {
            fs_ast *a = node_of(t, n, FS_A_IDENT, NULL);
            a->name = arena_strn(t, p, len);
            a->var = v;
            return a;
        }
    }
    if (t->frame) {
        fs_ast *x = NULL;
        if (macro_arg(t, p, len, &x))
            return x ? x : node_of(t, n, FS_A_OTHER, "?");
    }
    fs_ts_sym *m = macro_find(t, p, len, at);
    if (m && m->kind == S_MACRO) {
        fs_ast *x = expand_obj_macro(t, m, n);
        if (x)
            return x;
    }
    fs_ast *a = node_of(t, n, FS_A_IDENT, NULL);
    a->name = arena_strn(t, p, len);
    v = scope_find(t, p, len);
    if (v >= 0) {
        a->var = v;
        return a;
    }
    fs_ts_sym *s = sym_find(t, p, len, at, M_ORDINARY);
    if (s && s->kind == S_GLOBAL) {
        a->var = global_var(t, s);
    } else if (s && s->kind == S_ENUM) {
        a->kind = FS_A_NUMBER;
        a->value = s->value;
    }
    return a;
}

/* The literal text of adjacent string literals joined ("a" "b" -> "ab"); an
 * identifier among them (a macro) is expanded when it is a string macro,
 * otherwise its name is kept so that the text stays distinct. */
static void concat_into(fs_ts *t, TSNode n, fs_buf *b, int *ok, int depth, fs_ts_sym **first)
{
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_tk k = kind_of(t, c);
        uint32_t len;
        const char *p = text_of(t, c, &len);
        if (k == T_STRING && len >= 2 && p[len - 1] == '"') {
            const char *q = memchr(p, '"', len);
            if (!q)
                continue;
            size_t body = len - (size_t)(q - p) - 2;
            fs_buf_add(b, q + 1, body);
            continue;
        }
        if (k == T_IDENT && depth < FS_TS_MAX_EXPANSION) {
            uint32_t at = use_at(t, c);
            fs_ts_sym *m = macro_find(t, p, len, at);
            if (m && m->kind == S_MACRO && !m->busy && obj_macro_ready(t, m)) {
                fs_tk mk = kind_of(t, m->expr);
                if (mk == T_STRING || mk == T_CONCAT) {
                    fs_ts_where w;
                    where_save(t, &w);
                    t->use_fixed = 1; /* names inside: at the use */
                    t->use_off = at;
                    t->src = m->msrc;
                    t->scratch = 1;
                    t->sprefix = m->mprefix;
                    t->sbeg = m->mbeg;
                    t->send = m->mend;
                    m->busy = 1;
                    int base2 = t->nkids;
                    if (mk == T_CONCAT) {
                        concat_into(t, m->expr, b, ok, depth + 1, NULL);
                    } else {
                        uint32_t l2;
                        const char *p2 = text_of(t, m->expr, &l2);
                        const char *q = memchr(p2, '"', l2);
                        if (q && l2 >= 2)
                            fs_buf_add(b, q + 1, l2 - (size_t)(q - p2) - 2);
                    }
                    t->nkids = base2;
                    m->busy = 0;
                    where_restore(t, &w);
                    if (first && i == 0)
                        *first = m;
                    continue;
                }
            }
        }
        *ok = 0;
        fs_buf_add(b, p, len);
    }
    kids_pop(t, base);
}

static fs_ast *conv_concat(fs_ts *t, TSNode n)
{
    fs_buf b = t->cbuf; /* reused: no allocation per literal */
    b.len = 0;
    int ok = 1;
    fs_buf_add(&b, "\"", 1);
    fs_ts_sym *first = NULL;
    concat_into(t, n, &b, &ok, 0, &first);
    fs_buf_add(&b, "\"", 1);
    fs_ast *a = node_of(t, n, FS_A_STRING, NULL);
    if (first && !t->nexp) { /* begins with a macro: libclang places it there */
        a->in_macro = 1;
        a->macro = arena_strn(t, first->name, first->len);
    }
    if (ok) {
        a->name = fs_ast_strdup(t->arena, b.s);
    } else {
        a->name = node_str(t, n); /* not a known literal: the text as written */
    }
    t->cbuf = b;
    return a;
}

static fs_ast *conv_number(fs_ts *t, TSNode n, int is_char)
{
    uint32_t len;
    const char *p = text_of(t, n, &len);
    long v = 0;
    uint32_t skip = 0;
    char sign = 0;
    if (!is_char && len > 1 && (p[0] == '-' || p[0] == '+')) {
        /* `-1` is one token here, an operator and a literal for libclang */
        sign = p[0];
        skip = 1;
        while (skip < len && isspace((unsigned char)p[skip]))
            skip++;
    }
    int ok = is_char ? parse_char(p, len, &v) : parse_int(p + skip, len - skip, &v);
    fs_ast *a;
    if (!ok && !is_char)
        a = node_of(t, n, FS_A_OTHER, NULL); /* a floating literal */
    else {
        a = node_of(t, n, FS_A_NUMBER, NULL);
        a->value = v;
    }
    if (!sign)
        return a;
    fs_ast *u = node_of(t, n, FS_A_UNOP, sign == '-' ? "-" : "+");
    if (!t->nexp)
        a->range.begin = loc_at(t, file_off(t, ts_node_start_byte(n) + skip));
    fs_ast_add(t->arena, u, a);
    return u;
}

/* Is identifier node id a type name, in `(id)-1` or `(id)(x)` (which
 * tree-sitter, not knowing typedefs from headers, reads as arithmetic or a
 * call)?  Typedefs of the file, and `*_t` and a few common library types
 * when the name is nothing else. */
static int is_type_name(fs_ts *t, TSNode id)
{
    static const char *const names[] = { "FILE", "DIR", "va_list", "jmp_buf", "sigjmp_buf", "fd_set", "glob_t" };
    if (kind_of(t, id) != T_IDENT)
        return 0;
    uint32_t len;
    const char *p = text_of(t, id, &len);
    uint32_t at = use_at(t, id);
    if (scope_find(t, p, len) >= 0 || macro_find(t, p, len, at))
        return 0;
    const fs_ts_sym *s = sym_find(t, p, len, at, M_ORDINARY | (1u << S_TYPEDEF));
    if (s)
        return s->kind == S_TYPEDEF;
    if (len > 2 && p[len - 2] == '_' && p[len - 1] == 't')
        return 1;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && memcmp(names[i], p, len) == 0)
            return 1;
    return 0;
}

/* The type name in `( NAME )`, or a null node. */
static TSNode paren_type_name(fs_ts *t, TSNode paren)
{
    if (kind_of(t, paren) != T_PAREN || ts_node_named_child_count(paren) != 1)
        return (TSNode){ 0 };
    TSNode id = first_named(t, paren);
    return is_type_name(t, id) ? id : (TSNode){ 0 };
}

/* `(T)-x`, `(T)*p`, `(T)&x`, `(T)+x` read as a binary expression: a cast of
 * a unary expression. */
static fs_ast *conv_ambiguous_cast(fs_ts *t, TSNode n)
{
    TSNode op = field(t, n, F_OPERATOR), left = field(t, n, F_LEFT);
    if (ts_node_is_null(op) || ts_node_is_null(paren_type_name(t, left)))
        return NULL;
    if (!text_is(t, op, "-") && !text_is(t, op, "+") && !text_is(t, op, "*") && !text_is(t, op, "&"))
        return NULL;
    fs_ast *a = node_of(t, n, FS_A_CAST, NULL);
    fs_ast *u = fs_ast_new(t->arena, FS_A_UNOP, NULL);
    u->name = node_str(t, op);
    u->file = (char *)t->file;
    if (t->nexp) {
        u->range = t->exp_range;
        u->in_macro = 1;
        u->macro = t->exp_name;
    } else {
        range_of(t, op, ts_node_end_byte(n), &u->range);
    }
    fs_ast_add(t->arena, u, conv_field(t, n, F_RIGHT, "?"));
    fs_ast_add(t->arena, a, u);
    return a;
}

/* Function-like macros of the C library that only compute a value from
 * their arguments (libclang sees their expansion: an expression, no call). */
static int is_pure_libc_macro(const char *p, uint32_t len)
{
    static const char *const names[] = {
        "S_ISDIR", "S_ISREG", "S_ISLNK", "S_ISCHR", "S_ISBLK", "S_ISFIFO", "S_ISSOCK",
        "S_TYPEISMQ", "S_TYPEISSEM", "S_TYPEISSHM", "WIFEXITED", "WEXITSTATUS", "WIFSIGNALED",
        "WTERMSIG", "WIFSTOPPED", "WSTOPSIG", "WIFCONTINUED", "WCOREDUMP", "major", "minor",
        "makedev", "FD_ISSET", "CPU_ISSET", "htons", "htonl", "ntohs", "ntohl",
        "isascii", "toascii", "MIN", "MAX", "howmany", "roundup", "powerof2", "UINT64_C", "INT64_C",
        "UINT32_C", "INT32_C", "UINTMAX_C", "INTMAX_C", "static_assert", "_Static_assert",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i]) == len && memcmp(names[i], p, len) == 0)
            return 1;
    return 0;
}

static fs_ast *conv_call(fs_ts *t, TSNode n)
{
    TSNode f = field(t, n, F_FUNCTION);
    TSNode args0 = field(t, n, F_ARGUMENTS);
    if (!ts_node_is_null(paren_type_name(t, f)) && !ts_node_is_null(args0) &&
        ts_node_named_child_count(args0) == 1) {
        /* `(T)(x)`: a cast of a parenthesized expression */
        fs_ast *a = node_of(t, n, FS_A_CAST, NULL);
        fs_ast *pe = node_of(t, args0, FS_A_PAREN, NULL);
        add(t, pe, conv(t, first_named(t, args0)));
        fs_ast_add(t->arena, a, pe);
        return a;
    }
    for (int guard = 0; kind_of(t, f) == T_PAREN && guard < 16; guard++)
        f = first_named(t, f);
    char *name = NULL;
    fs_callee_info ci = { 0 };
    fs_ts_sym *fmacro = NULL;
    const char *written = NULL; /* the name as written, before `#define a b` */
    uint32_t wlen = 0;
    int aliased = 0;
    if (kind_of(t, f) == T_IDENT) {
        uint32_t len;
        const char *p = text_of(t, f, &len);
        uint32_t at = use_at(t, f);
        int param = t->macro_body && scope_find(t, p, len) >= 0;
        if (!param) {
            fs_ts_sym *m = macro_find(t, p, len, at);
            written = p;
            wlen = len;
            if (m && m->kind == S_MACRO && macro_alias(t, at, &p, &len)) {
                aliased = 1;
                m = macro_find(t, p, len, at); /* `#define my_exists EXISTS` */
            }
            if (m && m->kind == S_FMACRO)
                fmacro = m;
        }
        char *alias = fmacro ? fmacro_call_alias(t, fmacro) : NULL;
        if (alias) {
            /* the library call it stands for, placed at the macro */
            name = alias;
            aliased = 1;
            fmacro = NULL;
        } else if (fmacro) {
            name = arena_strn(t, p, len);
            ci = fmacro->ci;
        } else if (!param && scope_find(t, p, len) < 0) {
            fs_ts_sym *s = sym_find(t, p, len, at, M_ORDINARY);
            if (!s && is_pure_libc_macro(p, len)) {
                /* S_ISDIR(m) and the like: an expression of the arguments */
                fs_ast *a = node_of(t, n, FS_A_OTHER, NULL);
                a->name = arena_strn(t, p, len);
                a->in_macro = 1;
                a->macro = a->name;
                TSNode args = field(t, n, F_ARGUMENTS);
                if (!ts_node_is_null(args)) {
                    int cnt, base = kids_push(t, args, 1, &cnt);
                    for (int i = 0; i < cnt; i++)
                        add(t, a, conv(t, t->kids[base + i].node));
                    kids_pop(t, base);
                }
                return a;
            }
            if (!s || s->kind != S_GLOBAL) {
                name = arena_strn(t, p, len);
                if (s && s->kind == S_FUNC)
                    ci = s->ci;
            }
        }
    }
    if (name && fs_is_setuid_call(name))
        t->r->uses_setuid = 1;
    if (name && strncmp(name, "__builtin_", 10) == 0 && fs_call_lookup(name + 10))
        name += 10;
    fs_ast *a = fs_ast_new(t->arena, FS_A_CALL, NULL);
    a->name = name;
    set_range(t, a, n);
    a->callee = ci;
    if (t->nexp) {
        /* spelled in an object-like macro's body: placed at its use */
        a->macro = t->exp_name;
        a->macro_range = t->exp_range;
    } else if (fmacro) {
        a->in_macro = 1;
        a->macro = written ? arena_strn(t, written, wlen) : name;
        a->macro_range = a->range;
    } else if (aliased) {
        /* `#define my_stat stat`: libclang places the call at the macro */
        a->in_macro = 1;
        a->macro = arena_strn(t, written, wlen);
        range_of(t, f, ts_node_end_byte(f), &a->macro_range);
    }
    fs_ast_add(t->arena, a, fs_ast_new(t->arena, FS_A_OTHER, "callee"));
    TSNode args = field(t, n, F_ARGUMENTS);
    if (!ts_node_is_null(args)) {
        int cnt, base = kids_push(t, args, 1, &cnt);
        for (int i = 0; i < cnt; i++) {
            TSNode c = t->kids[base + i].node;
            fs_ast *x = conv(t, c);
            fs_ast_add(t->arena, a, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        }
        kids_pop(t, base);
    }
    return a;
}

static fs_ast *conv_field(fs_ts *t, TSNode n, int f, const char *placeholder)
{
    TSNode c = field(t, n, f);
    fs_ast *x = ts_node_is_null(c) ? NULL : conv(t, c);
    if (!x && placeholder)
        x = fs_ast_new(t->arena, FS_A_OTHER, placeholder);
    return x;
}

static char *op_text(fs_ts *t, TSNode n)
{
    TSNode op = field(t, n, F_OPERATOR);
    if (ts_node_is_null(op))
        return fs_ast_strdup(t->arena, "?");
    return node_str(t, op);
}

/* `a, b, c` (right-nested in tree-sitter) as libclang's left-nested commas. */
static fs_ast *conv_comma(fs_ts *t, TSNode n)
{
    int base = t->nkids;
    TSNode cur = n;
    for (int guard = 0; kind_of(t, cur) == T_COMMA && guard < 100000; guard++) {
        fs_grow(&t->kids, &t->capkids, t->nkids + 1, sizeof *t->kids);
        t->kids[t->nkids].node = field(t, cur, F_LEFT);
        t->kids[t->nkids].field = 0;
        t->nkids++;
        cur = field(t, cur, F_RIGHT);
    }
    fs_grow(&t->kids, &t->capkids, t->nkids + 1, sizeof *t->kids);
    t->kids[t->nkids].node = cur;
    t->kids[t->nkids].field = 0;
    t->nkids++;
    int cnt = t->nkids - base;
    TSNode first = t->kids[base].node;
    fs_ast *acc = ts_node_is_null(first) ? NULL : conv(t, first);
    for (int i = 1; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_ast *x = ts_node_is_null(c) ? NULL : conv(t, c);
        fs_ast *cm = fs_ast_new(t->arena, FS_A_COMMA, ",");
        cm->file = (char *)t->file;
        if (t->nexp) {
            cm->range = t->exp_range;
            cm->in_macro = 1;
            cm->macro = t->exp_name;
        } else {
            fs_range r1, r2;
            range_of(t, first, ts_node_end_byte(first), &r1);
            range_of(t, c, ts_node_end_byte(c), &r2);
            cm->range.begin = r1.begin;
            cm->range.end = r2.end;
        }
        add(t, cm, acc ? acc : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        add(t, cm, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        acc = cm;
    }
    kids_pop(t, base);
    return acc;
}

static fs_ast *conv_init_list(fs_ts *t, TSNode n)
{
    fs_ast *a = node_of(t, n, FS_A_INIT_LIST, NULL);
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        if (kind_of(t, c) == T_INIT_PAIR)
            c = field(t, c, F_VALUE);
        if (!ts_node_is_null(c))
            add(t, a, conv(t, c));
    }
    kids_pop(t, base);
    return a;
}

/* An unknown node: its named children, converted. */
static fs_ast *conv_other(fs_ts *t, TSNode n)
{
    fs_ast *a = node_of(t, n, FS_A_OTHER, NULL);
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++)
        add(t, a, conv(t, t->kids[base + i].node));
    kids_pop(t, base);
    return a;
}

/* The expression inside a statement's `( ... )`. */
static fs_ast *conv_condition(fs_ts *t, TSNode n)
{
    TSNode c = field(t, n, F_CONDITION);
    if (ts_node_is_null(c))
        return NULL;
    if (kind_of(t, c) == T_PAREN) {
        TSNode inner = first_named(t, c);
        if (!ts_node_is_null(inner))
            c = inner;
    }
    return conv(t, c);
}

/* --- statements ------------------------------------------------------------------------ */

/* A declaration: FS_A_COMPOUND of FS_A_DECL, one per variable. */
static fs_ast *conv_decl(fs_ts *t, TSNode n)
{
    fs_ast *a = node_of(t, n, FS_A_COMPOUND, NULL);
    fs_base bt;
    base_type(t, n, &bt);
    int cnt, base = kids_push(t, n, 1, &cnt), first = 1;
    for (int i = 0; i < cnt; i++) {
        if (t->kids[base + i].field != t->fid[F_DECLARATOR])
            continue;
        TSNode d = t->kids[base + i].node;
        TSNode init = { 0 };
        int is_first = first;
        first = 0;
        if (kind_of(t, d) == T_INIT_DECLARATOR)
            init = field(t, d, F_VALUE);
        fs_decl_info di;
        decl_info(t, d, &bt, 0, &di);
        if (di.is_func || ts_node_is_null(di.name))
            continue;
        TSNode from = is_first ? n : di.name; /* libclang: the type, then each name */
        fs_ast *x = fs_ast_new(t->arena, FS_A_DECL, NULL);
        if (t->nexp) {
            set_range(t, x, n);
        } else {
            x->file = (char *)t->file;
            range_of(t, from, ts_node_end_byte(d), &x->range);
        }
        x->var = new_var(t, di.name, FS_VAR_LOCAL, &di);
        if (!ts_node_is_null(init)) {
            fs_ast *ie = conv(t, init);
            if (ie) {
                x->has_init = 1;
                fs_ast_add(t->arena, x, ie);
            }
        }
        fs_ast_add(t->arena, a, x);
    }
    kids_pop(t, base);
    return a;
}

static fs_ast *conv_compound(fs_ts *t, TSNode n, int new_scope)
{
    fs_ast *a = node_of(t, n, FS_A_COMPOUND, NULL);
    int saved = t->nscope;
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++)
        add(t, a, conv(t, t->kids[base + i].node));
    kids_pop(t, base);
    if (new_scope)
        t->nscope = saved;
    return a;
}

static fs_ast *conv_for(fs_ts *t, TSNode n)
{
    fs_ast *a = stmt_node_of(t, n, FS_A_FOR);
    int saved = t->nscope;
    fs_ast *parts[4] = { NULL, NULL, NULL, NULL };
    TSNode init = field(t, n, F_INITIALIZER);
    if (!ts_node_is_null(init))
        parts[0] = kind_of(t, init) == T_DECLARATION ? conv_decl(t, init) : conv(t, init);
    TSNode c = field(t, n, F_CONDITION);
    if (!ts_node_is_null(c))
        parts[1] = conv(t, c);
    TSNode u = field(t, n, F_UPDATE);
    if (!ts_node_is_null(u))
        parts[2] = conv(t, u);
    TSNode b = field(t, n, F_BODY);
    if (!ts_node_is_null(b))
        parts[3] = conv(t, b);
    for (int i = 0; i < 4; i++)
        fs_ast_add(t->arena, a, parts[i] ? parts[i] : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
    end_at_last_kid(t, a);
    t->nscope = saved;
    return a;
}

static fs_ast *conv_case(fs_ts *t, TSNode n)
{
    TSNode v = field(t, n, F_VALUE);
    fs_ast *a = node_of(t, n, ts_node_is_null(v) ? FS_A_DEFAULT : FS_A_CASE, NULL);
    if (!ts_node_is_null(v)) {
        fs_ast *x = conv(t, v);
        fs_ast_add(t->arena, a, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
    }
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        if (t->kids[base + i].field == t->fid[F_VALUE])
            continue;
        add(t, a, conv(t, t->kids[base + i].node));
    }
    kids_pop(t, base);
    end_at_last_kid(t, a);
    return a;
}

/* The statements of one #if/#ifdef/#else branch, in a compound (no scope:
 * the directives do not open one). */
static fs_ast *conv_pp_branch(fs_ts *t, TSNode n)
{
    fs_ast *a = node_of(t, n, FS_A_COMPOUND, NULL);
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        TSFieldId f = t->kids[base + i].field;
        if (f && (f == t->fid[F_CONDITION] || f == t->fid[F_NAME] || f == t->fid[F_ALTERNATIVE]))
            continue;
        add(t, a, conv(t, t->kids[base + i].node));
    }
    kids_pop(t, base);
    return a;
}

/* #if / #ifdef inside a function: only one branch is compiled, and which
 * one is not known here, so the branches are exclusive arms of an `if` on
 * an unknown condition.  `#if 0` and `#if 1` are decided. */
static fs_ast *conv_pp_if(fs_ts *t, TSNode n)
{
    fs_tk k = kind_of(t, n);
    if (k == T_PREPROC_ELSE)
        return conv_pp_branch(t, n);
    TSNode alt = field(t, n, F_ALTERNATIVE);
    if (k == T_PREPROC_IF || k == T_PREPROC_ELIF) {
        long v;
        TSNode c = field(t, n, F_CONDITION);
        if (kind_of(t, c) == T_NUMBER && eval_const(t, c, &v, 0)) {
            if (v || ts_node_is_null(alt))
                return v ? conv_pp_branch(t, n) : NULL;
            if (++t->depth > FS_TS_MAX_DEPTH) {
                t->too_deep = 1;
                t->depth--;
                return NULL;
            }
            fs_ast *e = conv_pp_if(t, alt);
            t->depth--;
            return e;
        }
    }
    fs_ast *a = node_of(t, n, FS_A_IF, NULL);
    fs_ast_add(t->arena, a, node_of(t, n, FS_A_OTHER, "#if"));
    fs_ast_add(t->arena, a, conv_pp_branch(t, n));
    if (!ts_node_is_null(alt)) {
        /* #elif chains nest: count them against the depth limit */
        fs_ast *e = NULL;
        if (++t->depth > FS_TS_MAX_DEPTH)
            t->too_deep = 1;
        else
            e = conv_pp_if(t, alt);
        t->depth--;
        if (e)
            fs_ast_add(t->arena, a, e);
    }
    return a;
}

static fs_ast *conv_kid_stmt(fs_ts *t, TSNode n, int f)
{
    TSNode c = field(t, n, f);
    return ts_node_is_null(c) ? NULL : conv(t, c);
}

static fs_ast *conv(fs_ts *t, TSNode n)
{
    if (t->too_deep || ts_node_is_null(n))
        return NULL;
    if (++t->depth > FS_TS_MAX_DEPTH) {
        t->too_deep = 1;
        t->depth--;
        return NULL;
    }
    fs_ast *a = NULL;
    fs_tk k = kind_of(t, n);
    switch (k) {
    case T_COMMENT:
    case T_PREPROC_DEF:
    case T_PREPROC_FUNC_DEF:
    case T_PREPROC_CALL:
    case T_PREPROC_INCLUDE:
    case T_TYPE_DESCRIPTOR:
    case T_PRIMITIVE_TYPE:
    case T_TYPE_IDENT:
    case T_SIZED_TYPE:
    case T_STRUCT_SPEC:
    case T_UNION_SPEC:
    case T_ENUM_SPEC:
    case T_STORAGE_CLASS:
    case T_TYPE_QUALIFIER:
    case T_FUNCTION_DEFINITION:
    case T_ATTRIBUTE_SPEC:
    case T_ATTRIBUTE_DECL:
        break;
    case T_COMPOUND:
        a = conv_compound(t, n, 1);
        break;
    case T_DECLARATION:
        a = conv_decl(t, n);
        break;
    case T_TYPE_DEFINITION:
        a = node_of(t, n, FS_A_COMPOUND, NULL);
        break;
    case T_EXPR_STMT: {
        TSNode e = first_named(t, n);
        if (kind_of(t, e) == T_CALL && (a = expand_stmt_macro(t, e)) != NULL)
            break;
        a = ts_node_is_null(e) ? node_of(t, n, FS_A_NULL_STMT, NULL) : conv(t, e);
        break;
    }
    case T_IF: {
        a = stmt_node_of(t, n, FS_A_IF);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        fs_ast *th = conv_kid_stmt(t, n, F_CONSEQUENCE);
        fs_ast_add(t->arena, a, th ? th : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
        TSNode el = field(t, n, F_ALTERNATIVE);
        if (!ts_node_is_null(el)) {
            TSNode s = kind_of(t, el) == T_ELSE ? first_named(t, el) : el;
            fs_ast *e = ts_node_is_null(s) ? NULL : conv(t, s);
            fs_ast_add(t->arena, a, e ? e : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
        }
        end_at_last_kid(t, a);
        break;
    }
    case T_WHILE: {
        a = stmt_node_of(t, n, FS_A_WHILE);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        add(t, a, conv_kid_stmt(t, n, F_BODY));
        end_at_last_kid(t, a);
        break;
    }
    case T_DO: {
        a = stmt_node_of(t, n, FS_A_DO);
        fs_ast *b = conv_kid_stmt(t, n, F_BODY);
        fs_ast_add(t->arena, a, b ? b : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        break;
    }
    case T_FOR:
        a = conv_for(t, n);
        break;
    case T_SWITCH: {
        a = stmt_node_of(t, n, FS_A_SWITCH);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        add(t, a, conv_kid_stmt(t, n, F_BODY));
        end_at_last_kid(t, a);
        break;
    }
    case T_CASE:
        a = conv_case(t, n);
        break;
    case T_BREAK:
        a = stmt_node_of(t, n, FS_A_BREAK);
        break;
    case T_CONTINUE:
        a = stmt_node_of(t, n, FS_A_CONTINUE);
        break;
    case T_RETURN: {
        a = stmt_node_of(t, n, FS_A_RETURN);
        TSNode e = first_named(t, n);
        if (!ts_node_is_null(e))
            add(t, a, conv(t, e));
        break;
    }
    case T_GOTO: {
        a = stmt_node_of(t, n, FS_A_GOTO);
        TSNode l = field(t, n, F_LABEL);
        if (!ts_node_is_null(l))
            a->name = node_str(t, l);
        break;
    }
    case T_LABELED: {
        a = node_of(t, n, FS_A_LABEL, NULL);
        TSNode l = field(t, n, F_LABEL);
        if (!ts_node_is_null(l))
            a->name = node_str(t, l);
        int cnt, base = kids_push(t, n, 1, &cnt);
        for (int i = 0; i < cnt; i++)
            if (t->kids[base + i].field != t->fid[F_LABEL])
                add(t, a, conv(t, t->kids[base + i].node));
        kids_pop(t, base);
        end_at_last_kid(t, a);
        break;
    }
    case T_ATTRIBUTED: {
        int cnt, base = kids_push(t, n, 1, &cnt);
        TSNode s = cnt ? t->kids[base + cnt - 1].node : (TSNode){ 0 };
        kids_pop(t, base);
        a = conv(t, s);
        break;
    }
    case T_PREPROC_IF:
    case T_PREPROC_IFDEF:
    case T_PREPROC_ELSE:
    case T_PREPROC_ELIF:
    case T_PREPROC_ELIFDEF:
        a = conv_pp_if(t, n);
        break;
    case T_IDENT:
        a = conv_ident(t, n);
        break;
    case T_NULL:
        a = node_of(t, n, FS_A_IDENT, "NULL");
        break;
    case T_TRUE:
    case T_FALSE:
        a = node_of(t, n, FS_A_NUMBER, NULL);
        a->value = k == T_TRUE;
        a->in_macro = 1;
        break;
    case T_NUMBER:
        a = conv_number(t, n, 0);
        break;
    case T_CHAR:
        a = conv_number(t, n, 1);
        break;
    case T_STRING:
        a = node_of(t, n, FS_A_STRING, NULL);
        a->name = node_str(t, n);
        break;
    case T_CONCAT:
        a = conv_concat(t, n);
        break;
    case T_BINARY:
        if ((a = conv_ambiguous_cast(t, n)) != NULL)
            break;
        a = node_of(t, n, FS_A_BINOP, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, conv_field(t, n, F_LEFT, "?"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_RIGHT, "?"));
        break;
    case T_UNARY:
    case T_POINTER_EXPR:
        a = node_of(t, n, FS_A_UNOP, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, conv_field(t, n, F_ARGUMENT, "?"));
        break;
    case T_UPDATE: {
        a = node_of(t, n, FS_A_UNOP, NULL);
        TSNode op = field(t, n, F_OPERATOR), arg = field(t, n, F_ARGUMENT);
        int post = !ts_node_is_null(op) && !ts_node_is_null(arg) &&
                   ts_node_start_byte(arg) < ts_node_start_byte(op);
        int inc = !ts_node_is_null(op) && text_is(t, op, "++");
        a->name = fs_ast_strdup(t->arena, post ? (inc ? "post++" : "post--") : (inc ? "++" : "--"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_ARGUMENT, "?"));
        break;
    }
    case T_ASSIGN:
        a = node_of(t, n, FS_A_ASSIGN, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, conv_field(t, n, F_LEFT, "?"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_RIGHT, "?"));
        break;
    case T_COND: {
        TSNode th = field(t, n, F_CONSEQUENCE);
        if (ts_node_is_null(th)) { /* GNU `a ?: b` */
            a = conv_other(t, n);
            break;
        }
        a = node_of(t, n, FS_A_COND, NULL);
        fs_ast_add(t->arena, a, conv_field(t, n, F_CONDITION, "?"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_CONSEQUENCE, "?"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_ALTERNATIVE, "?"));
        break;
    }
    case T_COMMA:
        a = conv_comma(t, n);
        break;
    case T_FIELD_EXPR: {
        a = node_of(t, n, FS_A_MEMBER, NULL);
        TSNode f = field(t, n, F_FIELD), op = field(t, n, F_OPERATOR);
        a->name = ts_node_is_null(f) ? NULL : node_str(t, f);
        a->arrow = !ts_node_is_null(op) && text_is(t, op, "->");
        fs_ast_add(t->arena, a, conv_field(t, n, F_ARGUMENT, "?"));
        break;
    }
    case T_SUBSCRIPT:
        a = node_of(t, n, FS_A_INDEX, NULL);
        fs_ast_add(t->arena, a, conv_field(t, n, F_ARGUMENT, "?"));
        fs_ast_add(t->arena, a, conv_field(t, n, F_INDEX, "?"));
        break;
    case T_CALL:
        a = conv_call(t, n);
        break;
    case T_CAST:
        a = node_of(t, n, FS_A_CAST, NULL);
        add(t, a, conv_field(t, n, F_VALUE, NULL));
        break;
    case T_PAREN: {
        TSNode c = first_named(t, n);
        a = node_of(t, n, FS_A_PAREN, NULL);
        if (kind_of(t, c) == T_COMPOUND) { /* GNU statement expression */
            a->kind = FS_A_OTHER;
            add(t, a, conv(t, c));
        } else {
            add(t, a, conv(t, c));
        }
        break;
    }
    case T_SIZEOF:
    case T_ALIGNOF:
    case T_OFFSETOF:
        a = node_of(t, n, FS_A_SIZEOF, NULL);
        break;
    case T_INIT_LIST:
        a = conv_init_list(t, n);
        break;
    case T_COMPOUND_LIT:
        a = node_of(t, n, FS_A_OTHER, NULL);
        add(t, a, conv_field(t, n, F_VALUE, NULL));
        break;
    case T_EXTENSION:
        a = conv(t, first_named(t, n));
        break;
    case T_GNU_ASM:
        a = node_of(t, n, FS_A_OTHER, NULL);
        break;
    case T_ERROR:
    case T_GENERIC:
    default:
        a = conv_other(t, n);
        break;
    }
    t->depth--;
    return a;
}

/* --- functions ----------------------------------------------------------------------------- */

static void push_func(fs_ts *t, fs_func *fn, const fs_ast *body, int in_main, int is_macro)
{
    fs_fe_result *r = t->r;
    fs_grow(&r->funcs, &r->capfuncs, r->nfuncs + 1, sizeof *r->funcs);
    fs_fe_func *ff = &r->funcs[r->nfuncs++];
    memset(ff, 0, sizeof *ff);
    ff->fn = fn;
    ff->body = body;
    ff->in_main_file = in_main;
    ff->in_system = 0;
    ff->is_macro = is_macro;
}

static void begin_func(fs_ts *t, const char *name, size_t len, const char *path)
{
    t->fn = fs_func_new(arena_strn(t, name, len), path, "tree-sitter");
    t->file = fs_func_intern_file(t->fn, path);
    t->nscope = 0;
    t->ngvars = 0;
    t->depth = 0;
    t->too_deep = 0;
    t->nexp = 0;
}

/* Bytes of the syntax errors inside n (outermost ERROR nodes, missing tokens count 1). */
static uint32_t error_bytes(fs_ts *t, TSNode n)
{
    if (!ts_node_has_error(n))
        return 0;
    uint32_t total = 0;
    TSTreeCursor c = ts_tree_cursor_new(n);
    int depth = 0;
    for (;;) {
        TSNode x = ts_tree_cursor_current_node(&c);
        int descend = 0;
        if (kind_of(t, x) == T_ERROR)
            total += ts_node_end_byte(x) - ts_node_start_byte(x);
        else if (ts_node_is_missing(x))
            total += 1;
        else
            descend = ts_node_has_error(x);
        if (descend && ts_tree_cursor_goto_first_child(&c)) {
            depth++;
            continue;
        }
        while (depth > 0 && !ts_tree_cursor_goto_next_sibling(&c)) {
            ts_tree_cursor_goto_parent(&c);
            depth--;
        }
        if (depth == 0)
            break;
    }
    ts_tree_cursor_delete(&c);
    return total;
}

static void add_params(fs_ts *t, TSNode fdecl)
{
    TSNode pl = field(t, fdecl, F_PARAMETERS);
    if (ts_node_is_null(pl))
        return;
    int cnt, base = kids_push(t, pl, 1, &cnt);
    int np = 0;
    for (int i = 0; i < cnt; i++) {
        TSNode p = t->kids[base + i].node;
        fs_tk k = kind_of(t, p);
        fs_decl_info di;
        memset(&di, 0, sizeof di);
        if (k == T_IDENT) { /* K&R: types come later; unknown here */
            di.name = p;
        } else if (k == T_PARAM_DECL) {
            TSNode d = field(t, p, F_DECLARATOR);
            TSNode ty = field(t, p, F_TYPE);
            if (ts_node_is_null(d) && cnt == 1 && kind_of(t, ty) == T_PRIMITIVE_TYPE && text_is(t, ty, "void"))
                break;
            fs_base bt;
            base_type(t, p, &bt);
            decl_info(t, d, &bt, 1, &di);
        } else {
            continue;
        }
        int v = new_var(t, di.name, FS_VAR_PARAM, &di);
        t->fn->vars[v].param_index = np++;
    }
    kids_pop(t, base);
    t->fn->nparams = np;
}

/* K&R parameter declarations (`int f(p) char *p; { ... }`): their types. */
static void knr_params(fs_ts *t, TSNode def)
{
    int cnt, base = kids_push(t, def, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode d = t->kids[base + i].node;
        if (kind_of(t, d) != T_DECLARATION)
            continue;
        fs_base bt;
        base_type(t, d, &bt);
        int c2, b2 = kids_push(t, d, 1, &c2);
        for (int j = 0; j < c2; j++) {
            if (t->kids[b2 + j].field != t->fid[F_DECLARATOR])
                continue;
            fs_decl_info di;
            decl_info(t, t->kids[b2 + j].node, &bt, 1, &di);
            if (ts_node_is_null(di.name))
                continue;
            uint32_t len;
            const char *p = text_of(t, di.name, &len);
            int v = scope_find(t, p, len);
            if (v >= 0 && t->fn->vars[v].kind == FS_VAR_PARAM) {
                t->fn->vars[v].is_array = 0;
                t->fn->vars[v].ptr_to_const = di.is_ptr && di.ptr_to_const;
                t->fn->vars[v].is_stat_buf = di.is_stat_buf;
            }
        }
        kids_pop(t, b2);
    }
    kids_pop(t, base);
}

static void note_static(fs_ts *t, TSNode def, TSNode fdecl);

static void add_function(fs_ts *t, TSNode def)
{
    TSNode body = field(t, def, F_BODY);
    TSNode fdecl = func_declarator(t, field(t, def, F_DECLARATOR));
    if (ts_node_is_null(body) || ts_node_is_null(fdecl))
        return;
    TSNode id = field(t, fdecl, F_DECLARATOR);
    if (kind_of(t, id) != T_IDENT)
        return;
    uint32_t bb = ts_node_start_byte(body), be = ts_node_end_byte(body);
    uint32_t bad = error_bytes(t, body);
    if (bad && (uint64_t)bad * 2 > (uint64_t)(be - bb))
        return; /* mostly broken: nothing sound to say about it */
    uint32_t len;
    const char *name = text_of(t, id, &len);
    if (t->only) {
        int lo = 0, hi = t->nonly, found = 0;
        while (lo < hi && !found) {
            int mid = (lo + hi) / 2;
            int c = strncmp(t->only[mid], name, len);
            if (c == 0 && t->only[mid][len] != '\0')
                c = 1;
            if (c == 0)
                found = 1;
            else if (c < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (found == !(t->flags & FS_TS_EXCLUDE))
            ; /* converted */
        else if (!found)
            return;
        else {
            /* left out: defined, with its parameters, and no body */
            begin_func(t, name, len, t->path);
            add_params(t, fdecl);
            knr_params(t, def);
            fs_func *fn = t->fn;
            range_of(t, def, ts_node_end_byte(def), &fn->range);
            range_of(t, body, be, &fn->body);
            push_func(t, fn, NULL, 1, 0);
            note_static(t, def, fdecl);
            t->fn = NULL;
            return;
        }
    }
    begin_func(t, name, len, t->path);
    add_params(t, fdecl);
    knr_params(t, def);
    fs_ast *b = conv_compound(t, body, 1);
    fs_func *fn = t->fn;
    range_of(t, def, ts_node_end_byte(def), &fn->range);
    if (b)
        fn->body = b->range;
    if (t->too_deep)
        fn->incomplete = 1;
    push_func(t, fn, b, 1, 0);
    note_static(t, def, fdecl);
    t->fn = NULL;
}

/* `static` among the specifiers before the declarator: the function last added is static. */
static void note_static(fs_ts *t, TSNode def, TSNode fdecl)
{
    uint32_t s0 = ts_node_start_byte(def), s1 = ts_node_start_byte(fdecl);
    for (uint32_t p = s0; p + 6 <= s1 && p + 6 <= t->len; p++)
        if (memcmp(t->text + p, "static", 6) == 0 && (p == s0 || !(isalnum((unsigned char)t->text[p - 1]) || t->text[p - 1] == '_')) &&
            !(isalnum((unsigned char)t->text[p + 6]) || t->text[p + 6] == '_')) {
            t->r->funcs[t->r->nfuncs - 1].is_static = 1;
            break;
        }
}

/* --- function-like macros ---------------------------------------------------------------------- */

/* The parameter of the macro that lvalue e is rooted at, or -1. */
static int param_root(const fs_func *fn, const fs_ast *e)
{
    for (int guard = 0; e && guard < 64; guard++) {
        switch (e->kind) {
        case FS_A_PAREN:
        case FS_A_CAST:
        case FS_A_MEMBER:
        case FS_A_INDEX:
            e = e->nkids ? e->kids[0] : NULL;
            break;
        case FS_A_UNOP:
            if (e->name && strcmp(e->name, "*") == 0 && e->nkids) {
                e = e->kids[0];
                break;
            }
            return -1;
        case FS_A_IDENT:
            return e->var >= 0 && fn->vars[e->var].kind == FS_VAR_PARAM ? fn->vars[e->var].param_index : -1;
        default:
            return -1;
        }
    }
    return -1;
}

/* Does a call of callee `name` (facts ci) write through its argument idx? */
static int call_writes_arg(const char *name, const fs_callee_info *ci, int idx)
{
    const fs_call_spec *sp = fs_call_lookup(name);
    if (sp)
        return fs_call_writes_arg(sp, idx);
    unsigned m;
    if (fs_libc_writes(name, &m))
        return (idx < 31 && (m & (1u << idx))) || ((m & 0x80000000u) && idx >= 1);
    if (ci->known && idx < ci->nparams && idx < 32)
        return !(ci->const_ptr_mask & (1u << idx));
    return 1;
}

/* Which macro parameters the body may write (bit per parameter). */
static void macro_writes(const fs_func *fn, const fs_ast *e, unsigned *w, int depth)
{
    if (!e || depth > FS_TS_MAX_DEPTH)
        return;
    int p;
    switch (e->kind) {
    case FS_A_ASSIGN:
        if (e->nkids && (p = param_root(fn, e->kids[0])) >= 0 && p < 32)
            *w |= 1u << p;
        break;
    case FS_A_UNOP:
        if (e->name && e->nkids && (strstr(e->name, "++") || strstr(e->name, "--") || strcmp(e->name, "&") == 0) &&
            (p = param_root(fn, e->kids[0])) >= 0 && p < 32)
            *w |= 1u << p;
        break;
    case FS_A_CALL:
        for (int i = 1; i < e->nkids; i++)
            if ((p = param_root(fn, e->kids[i])) >= 0 && p < 32 && call_writes_arg(e->name, &e->callee, i - 1))
                *w |= 1u << p;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->nkids; i++)
        macro_writes(fn, e->kids[i], w, depth + 1);
}

static int has_call(const fs_ast *e, int depth)
{
    if (!e || depth > FS_TS_MAX_DEPTH)
        return 0;
    if (e->kind == FS_A_CALL)
        return 1;
    for (int i = 0; i < e->nkids; i++)
        if (has_call(e->kids[i], depth + 1))
            return 1;
    return 0;
}

/* The function a function-like macro stands for: its parameters, and its
 * body parsed alone as `return BODY;` or, failing that, as statements.
 * Reads the macro's own file (t->src, t->fi). */
static void add_macro_function_in(fs_ts *t, fs_ts_sym *s)
{
    TSNode def = s->def;
    uint32_t b, e;
    s->state = -1;

    /* its parameters; until its body says otherwise, it leaves them alone */
    TSNode params = field(t, def, F_PARAMETERS);
    int np = 0, variadic = 0;
    if (!ts_node_is_null(params)) {
        int cnt, base = kids_push(t, params, 0, &cnt);
        for (int i = 0; i < cnt; i++) {
            TSNode p = t->kids[base + i].node;
            if (kind_of(t, p) == T_IDENT)
                np++;
            else if (text_is(t, p, "..."))
                variadic = 1;
        }
        kids_pop(t, base);
    }
    s->ci.known = 1;
    s->ci.variadic = variadic;
    s->ci.nparams = np;
    s->ci.const_ptr_mask = np >= 32 ? ~0u : ((1u << np) - 1);
    if (!macro_body(t, s, &b, &e))
        return;

    char *text = NULL;
    int stmt = 0;
    TSTree *tree = parse_scratch(t, FS_TS_MACRO_PREFIX_EXPR, t->src + b, e - b, FS_TS_MACRO_SUFFIX, &text);
    TSNode body = { 0 }, ret = { 0 };
    if (tree) {
        TSNode root = ts_tree_root_node(tree);
        TSNode fd = ts_node_named_child(root, 0);
        if (!ts_node_has_error(root) && ts_node_named_child_count(root) == 1 &&
            kind_of(t, fd) == T_FUNCTION_DEFINITION) {
            body = field(t, fd, F_BODY);
            int cnt, base = kids_push(t, body, 1, &cnt);
            if (cnt == 1 && kind_of(t, t->kids[base].node) == T_RETURN)
                ret = t->kids[base].node;
            kids_pop(t, base);
        }
        if (ts_node_is_null(ret)) {
            ts_tree_delete(tree);
            free(text);
            tree = NULL;
        }
    }
    if (!tree) {
        stmt = 1;
        tree = parse_scratch(t, FS_TS_MACRO_PREFIX_STMT, t->src + b, e - b, FS_TS_MACRO_SUFFIX, &text);
        if (!tree)
            return;
        TSNode root = ts_tree_root_node(tree);
        TSNode fd = ts_node_named_child(root, 0);
        if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1 ||
            kind_of(t, fd) != T_FUNCTION_DEFINITION) {
            ts_tree_delete(tree);
            free(text);
            return;
        }
        body = field(t, fd, F_BODY);
    }
    keep_tree(t, tree, text);
    if (stmt) {
        s->sbody = body;
        s->msrc = text;
        s->mprefix = (uint32_t)strlen(FS_TS_MACRO_PREFIX_STMT);
        s->mbeg = s->fi ? s->offset : b; /* a header's: looked at where it is included */
        s->mend = s->fi ? s->offset : e;
    }

    TSNode nm = field(t, def, F_NAME);
    uint32_t len;
    const char *name = text_of(t, nm, &len);
    begin_func(t, name, len, t->files[s->fi].path);
    fs_func *fn = t->fn;
    if (!ts_node_is_null(params)) {
        int cnt, base = kids_push(t, params, 0, &cnt), k = 0;
        for (int i = 0; i < cnt; i++) {
            TSNode p = t->kids[base + i].node;
            if (kind_of(t, p) != T_IDENT)
                continue;
            fs_decl_info di;
            memset(&di, 0, sizeof di);
            di.name = p;
            int v = new_var(t, p, FS_VAR_PARAM, &di);
            fn->vars[v].param_index = k++;
        }
        kids_pop(t, base);
    }
    fn->nparams = np;

    fs_ts_where w;
    where_save(t, &w);
    t->src = text;
    t->scratch = 1;
    t->sprefix = (uint32_t)strlen(stmt ? FS_TS_MACRO_PREFIX_STMT : FS_TS_MACRO_PREFIX_EXPR);
    t->sbeg = b;
    t->send = e;
    t->macro_body = 1;
    t->use_fixed = 1;
    t->use_off = s->offset;
    fs_ast *cb = fs_ast_new(t->arena, FS_A_COMPOUND, NULL);
    cb->file = (char *)t->file;
    cb->range.begin = loc_at(t, b);
    cb->range.end = loc_at(t, e);
    if (!stmt) {
        add(t, cb, conv(t, ret));
    } else {
        int cnt, base = kids_push(t, body, 1, &cnt);
        for (int i = 0; i < cnt && !t->too_deep; i++) {
            TSNode c = t->kids[base + i].node;
            /* the `;` the wrapper added */
            if (kind_of(t, c) == T_EXPR_STMT && ts_node_named_child_count(c) == 0 &&
                ts_node_start_byte(c) >= t->sprefix + (e - b))
                continue;
            add(t, cb, conv(t, c));
        }
        kids_pop(t, base);
    }
    where_restore(t, &w);

    fs_range dr;
    range_of(t, def, ts_node_end_byte(def), &dr);
    fn->range = dr;
    fn->body = cb->range;
    if (t->too_deep) {
        fs_func_delete(fn);
        t->fn = NULL;
        s->ci.known = 0;
        return;
    }
    unsigned written = 0;
    macro_writes(fn, cb, &written, 0);
    s->ci.const_ptr_mask &= ~written;
    s->state = 1;
    if (!has_call(cb, 0)) {
        fs_func_delete(fn); /* nothing a summary could say */
        t->fn = NULL;
        return;
    }
    push_func(t, fn, cb, 0, 1);
    t->fn = NULL;
}

static void add_macro_function(fs_ts *t, fs_ts_sym *s)
{
    int fi = t->fi;
    const char *src = t->src;
    t->fi = s->fi;
    t->src = t->files[s->fi].text;
    add_macro_function_in(t, s);
    t->fi = fi;
    t->src = src;
}

/* --- the file ---------------------------------------------------------------------------------- */

static void record_enums(fs_ts *t, TSNode type)
{
    if (kind_of(t, type) != T_ENUM_SPEC)
        return;
    TSNode body = field(t, type, F_BODY);
    if (ts_node_is_null(body))
        return;
    long next = 0;
    int cnt, base = kids_push(t, body, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode en = t->kids[base + i].node;
        if (kind_of(t, en) != T_ENUMERATOR)
            continue;
        TSNode nm = field(t, en, F_NAME), val = field(t, en, F_VALUE);
        long v = next;
        if (!ts_node_is_null(val)) {
            int b2 = t->nkids;
            if (!eval_const(t, val, &v, 0))
                v = next; /* unknown: keep counting */
            t->nkids = b2;
        }
        if (!ts_node_is_null(nm)) {
            uint32_t len;
            const char *p = text_of(t, nm, &len);
            fs_ts_sym *s = sym_add(t, p, len, ts_node_end_byte(en), S_ENUM);
            s->value = v;
        }
        next = v + 1;
    }
    kids_pop(t, base);
}

/* A file-scope declaration: globals, prototypes, enumerators. */
/* Does a word of the text from byte b to e say noreturn (fs_word_says_noreturn)? */
static int text_says_noreturn(const fs_ts *t, uint32_t b, uint32_t e)
{
    for (uint32_t i = b; i < e;) {
        unsigned char c = (unsigned char)t->src[i];
        if (isalpha(c) || c == '_') {
            uint32_t j = i;
            while (j < e && (isalnum((unsigned char)t->src[j]) || t->src[j] == '_'))
                j++;
            if (fs_word_says_noreturn(t->src + i, j - i))
                return 1;
            i = j;
        } else {
            i++;
        }
    }
    return 0;
}

static void record_decl(fs_ts *t, TSNode n)
{
    fs_tk k = kind_of(t, n);
    record_enums(t, field(t, n, F_TYPE));
    fs_base bt;
    base_type(t, n, &bt);
    int cnt, base = kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        if (t->kids[base + i].field != t->fid[F_DECLARATOR])
            continue;
        TSNode d = t->kids[base + i].node;
        fs_decl_info di;
        decl_info(t, d, &bt, 0, &di);
        if (ts_node_is_null(di.name))
            continue;
        uint32_t len;
        const char *p = text_of(t, di.name, &len);
        if (k == T_TYPE_DEFINITION) {
            fs_ts_sym *s = sym_add(t, p, len, ts_node_end_byte(di.name), S_TYPEDEF);
            s->is_array = di.is_array;
            s->is_ptr = di.is_ptr;
            s->ptr_to_const = di.ptr_to_const;
            s->is_stat_buf = di.is_stat_buf;
        } else if (di.is_func) {
            TSNode fd = func_declarator(t, kind_of(t, d) == T_INIT_DECLARATOR ? field(t, d, F_DECLARATOR) : d);
            fs_ts_sym *s = sym_add(t, p, len, ts_node_start_byte(di.name), S_FUNC);
            if (!ts_node_is_null(fd))
                callee_info_of(t, fd, &s->ci);
            const fs_ts_sym *prev = sym_find(t, p, len, ts_node_start_byte(di.name), M_ORDINARY);
            s->ci.noreturn = text_says_noreturn(t, ts_node_start_byte(n), ts_node_end_byte(n)) ||
                             (prev && prev->kind == S_FUNC && prev->ci.noreturn);
        } else {
            fs_ts_sym *s = sym_add(t, p, len, ts_node_end_byte(di.name), S_GLOBAL);
            s->is_array = di.is_array;
            s->ptr_to_const = di.is_ptr && di.ptr_to_const;
            s->is_stat_buf = di.is_stat_buf;
        }
    }
    kids_pop(t, base);
}

static void record_macro(fs_ts *t, TSNode n, fs_tk k)
{
    if (k == T_PREPROC_CALL) {
        TSNode dir = field(t, n, F_DIRECTIVE), arg = field(t, n, F_ARGUMENT);
        if (ts_node_is_null(dir) || ts_node_is_null(arg) || !text_is(t, dir, "#undef"))
            return;
        uint32_t len;
        const char *p = text_of(t, arg, &len);
        while (len && isspace((unsigned char)*p)) {
            p++;
            len--;
        }
        uint32_t l = 0;
        while (l < len && (isalnum((unsigned char)p[l]) || p[l] == '_'))
            l++;
        if (l)
            sym_add(t, p, l, ts_node_start_byte(n), S_UNDEF);
        return;
    }
    TSNode nm = field(t, n, F_NAME);
    if (ts_node_is_null(nm))
        return;
    uint32_t len;
    const char *p = text_of(t, nm, &len);
    fs_ts_sym *s = sym_add(t, p, len, ts_node_end_byte(nm), k == T_PREPROC_DEF ? S_MACRO : S_FMACRO);
    s->def = n;
}

static void record_symbols(fs_ts *t, TSNode root);

/* A whole regular file of at most FS_TS_MAX_HEADER_BYTES, or NULL; *st:
 * what fstat said of it when it was opened.  Never opens FIFOs or devices
 * (the fstat is for a file swapped in meanwhile). */
static char *read_small_file(const char *path, uint32_t *len, struct stat *st)
{
    if (stat(path, st) != 0 || !S_ISREG(st->st_mode))
        return NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return NULL;
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) || st->st_size > FS_TS_MAX_HEADER_BYTES) {
        close(fd);
        return NULL;
    }
    size_t cap = (size_t)st->st_size + 1, n = 0;
    char *buf = fs_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > (size_t)FS_TS_MAX_HEADER_BYTES)
                break;
            cap *= 2;
            buf = fs_xrealloc(buf, cap);
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (n > (size_t)FS_TS_MAX_HEADER_BYTES || memchr(buf, '\0', n)) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = (uint32_t)n;
    return buf;
}

/* Headers parsed once a process (fs_ts_header_memo), taken while stat
 * shows the file as it was read (beyond the memo's room, each unit parses
 * its own, as before there was one). */
static int fs_ts_same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
           a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

/* The text and a tree of header `path` (realpath `real`): from the memo
 * (*shared set: the text is the memo's), else read and parsed with the
 * unit's parser (and kept in the memo when there is room).  NULL tree: not
 * a header to read. */
static TSTree *fs_ts_hdr_get(fs_ts *t, const char *path, const char *real, const char **text, uint32_t *len,
                             int *shared)
{
    fs_ts_memo *m = &fs_ts_header_memo;
    size_t klen = strlen(real), hash = fs_ts_memo_hash(real, klen);
    TSTree *tree = NULL;
    struct stat was, now;
    pthread_mutex_lock(&m->lock);
    const fs_ts_memo_entry *found = fs_ts_memo_find(m, real, klen, hash);
    if (found) {
        tree = ts_tree_copy(found->tree);
        *text = found->text;
        *len = found->len;
        was = found->st;
    }
    pthread_mutex_unlock(&m->lock);
    if (tree && stat(real, &now) == 0 && fs_ts_same_file(&was, &now)) {
        *shared = 1;
        return tree;
    }
    if (tree)
        ts_tree_delete(tree); /* changed since it was read: this unit reads it again */
    *shared = 0;
    char *own = read_small_file(path, len, &now);
    tree = own ? ts_parser_parse_string(t->priv->parser, NULL, own, *len) : NULL;
    if (!tree) {
        free(own);
        return NULL;
    }
    *text = own;
    if (now.st_size != (off_t)*len)
        return tree; /* changed while read: this unit's own */
    pthread_mutex_lock(&m->lock);
    fs_ts_memo_entry *e = fs_ts_memo_add(m, real, klen, hash, *len);
    if (e) {
        /* the memo keeps this text and tree; the unit takes a copy */
        e->text = own;
        e->len = *len;
        e->tree = tree;
        e->st = now;
        tree = ts_tree_copy(tree);
        *shared = 1;
    }
    pthread_mutex_unlock(&m->lock);
    return tree;
}

/* `#include "name"`: the header's symbols (prototypes, typedefs, globals,
 * enumerators, macros), as if written at the #include.  Only quoted names,
 * found next to the including file; each header once. */
static void read_header(fs_ts *t, TSNode inc)
{
    TSNode pn = field(t, inc, F_PATH);
    if (kind_of(t, pn) != T_STRING || t->hdr_depth >= FS_TS_MAX_HEADER_DEPTH || t->nfiles >= FS_TS_MAX_HEADERS)
        return;
    uint32_t len;
    const char *p = text_of(t, pn, &len);
    if (len < 3 || p[0] != '"' || p[len - 1] != '"' || memchr(p, '\0', len))
        return;
    fs_buf path = { 0 };
    if (p[1] != '/') {
        const char *dir = t->files[t->fi].path;
        const char *slash = strrchr(dir, '/');
        if (slash)
            fs_buf_add(&path, dir, (size_t)(slash - dir) + 1);
    }
    fs_buf_add(&path, p + 1, len - 2);
    char *real = realpath(path.s, NULL);
    /* not beside the includer: along the unit's include folders */
    for (int k = 0; !real && p[1] != '/' && k < t->nincdirs; k++) {
        path.len = 0;
        fs_buf_printf(&path, "%s/%.*s", t->incdirs[k], (int)(len - 2), p + 1);
        real = realpath(path.s, NULL);
    }
    int seen = !real;
    for (int i = 0; i < t->nfiles && !seen; i++)
        seen = t->files[i].real && strcmp(t->files[i].real, real) == 0;
    uint32_t hlen = 0;
    const char *text = NULL;
    int shared = 0;
    TSTree *tree = seen ? NULL : fs_ts_hdr_get(t, path.s, real, &text, &hlen, &shared);
    if (!tree) {
        free(real);
        fs_buf_free(&path);
        return;
    }
    keep_tree(t, tree, shared ? NULL : (char *)text);
    fs_grow(&t->files, &t->capfiles, t->nfiles + 1, sizeof *t->files);
    fs_ts_file *f = &t->files[t->nfiles];
    memset(f, 0, sizeof *f);
    f->path = path.s;
    f->real = real;
    f->text = text;
    f->len = hlen;

    fs_ts_where w;
    where_save(t, &w);
    int fi = t->fi;
    uint32_t at = t->hdr_at;
    if (t->hdr_depth == 0)
        t->hdr_at = ts_node_start_byte(inc);
    t->hdr_depth++;
    t->fi = t->nfiles++;
    t->src = text;
    t->use_fixed = 1;
    t->use_off = t->hdr_at + 1;
    record_symbols(t, ts_tree_root_node(tree));
    t->hdr_depth--;
    t->hdr_at = at;
    t->fi = fi;
    where_restore(t, &w);
}

/* File-scope symbols, in file order: declarations and definitions at file
 * scope (also inside #if branches), and every #define / #undef. */
static void record_symbols(fs_ts *t, TSNode root)
{
    TSTreeCursor c = ts_tree_cursor_new(root);
    int depth = 0;
    /* a stack of "inside a function body" flags would be needed for a
     * general walk; declarations are recorded only where the parent is a
     * file-scope container, tracked by the depth of the first body entered */
    int body_depth = -1;
    for (;;) {
        TSNode x = ts_tree_cursor_current_node(&c);
        fs_tk k = kind_of(t, x);
        int descend = 1;
        if (k == T_PREPROC_DEF || k == T_PREPROC_FUNC_DEF || k == T_PREPROC_CALL) {
            record_macro(t, x, k);
            descend = 0;
        } else if (k == T_PREPROC_INCLUDE) {
            if (!(t->flags & FS_TS_OWN_TEXT))
                read_header(t, x);
            descend = 0;
        } else if (body_depth < 0 && (k == T_DECLARATION || k == T_TYPE_DEFINITION)) {
            record_decl(t, x);
            descend = 0;
        } else if (body_depth < 0 && k == T_ENUM_SPEC) {
            record_enums(t, x); /* `enum { A, B };` */
            descend = 0;
        } else if (body_depth < 0 && k == T_FUNCTION_DEFINITION) {
            TSNode fd = func_declarator(t, field(t, x, F_DECLARATOR));
            TSNode id = ts_node_is_null(fd) ? fd : field(t, fd, F_DECLARATOR);
            if (kind_of(t, id) == T_IDENT) {
                uint32_t len;
                const char *p = text_of(t, id, &len);
                fs_ts_sym *s = sym_add(t, p, len, ts_node_start_byte(id), S_FUNC);
                callee_info_of(t, fd, &s->ci);
                TSNode body = field(t, x, F_BODY);
                const fs_ts_sym *prev = sym_find(t, p, len, ts_node_start_byte(id), M_ORDINARY);
                s->ci.noreturn =
                    text_says_noreturn(t, ts_node_start_byte(x),
                                       ts_node_is_null(body) ? ts_node_end_byte(x) : ts_node_start_byte(body)) ||
                    (prev && prev->kind == S_FUNC && prev->ci.noreturn);
            }
            body_depth = depth; /* macros inside the body still count */
        } else if (k == T_COMMENT || k == T_STRING || k == T_CONCAT || k == T_IDENT || k == T_NUMBER) {
            descend = 0;
        }
        if (descend && ts_tree_cursor_goto_first_child(&c)) {
            depth++;
            continue;
        }
        for (;;) {
            if (depth == 0)
                goto done;
            if (ts_tree_cursor_goto_next_sibling(&c))
                break;
            ts_tree_cursor_goto_parent(&c);
            depth--;
            if (depth == body_depth)
                body_depth = -1;
        }
        if (depth == body_depth)
            body_depth = -1;
    }
done:
    ts_tree_cursor_delete(&c);
}

/* Function definitions at file scope, also inside #if branches and inside
 * ERROR nodes (what a syntax error left intact). */
static void find_functions(fs_ts *t, TSNode root)
{
    TSTreeCursor c = ts_tree_cursor_new(root);
    int depth = 0;
    for (;;) {
        TSNode x = ts_tree_cursor_current_node(&c);
        fs_tk k = kind_of(t, x);
        int descend = k == T_TRANSLATION_UNIT || k == T_PREPROC_IF || k == T_PREPROC_IFDEF ||
                      k == T_PREPROC_ELSE || k == T_PREPROC_ELIF || k == T_PREPROC_ELIFDEF ||
                      k == T_ERROR || k == T_LINKAGE_SPEC || k == T_DECLARATION_LIST;
        if (k == T_FUNCTION_DEFINITION) {
            /* the cursor is shared by nothing else here: conversion uses t->cursor */
            add_function(t, x);
        }
        if ((k == T_PREPROC_IF || k == T_PREPROC_ELIF) && depth > 0) {
            long v;
            TSNode cond = field(t, x, F_CONDITION);
            if (kind_of(t, cond) == T_NUMBER && eval_const(t, cond, &v, 0) && v == 0)
                descend = 0; /* #if 0 */
        }
        if (descend && ts_tree_cursor_goto_first_child(&c)) {
            depth++;
            continue;
        }
        for (;;) {
            if (depth == 0)
                goto done;
            if (ts_tree_cursor_goto_next_sibling(&c))
                break;
            ts_tree_cursor_goto_parent(&c);
            depth--;
        }
    }
done:
    ts_tree_cursor_delete(&c);
}

/* An ERROR node made of identifiers only, among a declaration's specifiers:
 * an attribute macro the file does not define (`EXPORT int f(void)`), which
 * the preprocessor would have removed; not a syntax error of the file. */
static int is_unknown_specifier(fs_ts *t, TSNode err, fs_tk parent)
{
    /* `__attribute__((fallthrough));` as a statement */
    if (ts_node_child_count(err) == 1 && kind_of(t, ts_node_child(err, 0)) == T_ATTRIBUTE_SPEC)
        return 1;
    if (parent != T_FUNCTION_DEFINITION && parent != T_DECLARATION && parent != T_PARAM_DECL &&
        parent != T_TYPE_DEFINITION)
        return 0;
    uint32_t n = ts_node_child_count(err);
    if (n == 0 || n > 4)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        if (kind_of(t, ts_node_child(err, i)) != T_IDENT)
            return 0;
    return 1;
}

/* Syntax errors: count ERROR and MISSING nodes, note the first. */
static void count_errors(fs_ts *t, TSNode root)
{
    if (!ts_node_has_error(root))
        return;
    TSTreeCursor c = ts_tree_cursor_new(root);
    unsigned char *parents = NULL; /* kind of each ancestor */
    int depth = 0, cap = 0;
    for (;;) {
        TSNode x = ts_tree_cursor_current_node(&c);
        int descend = 0;
        int err = kind_of(t, x) == T_ERROR, missing = !err && ts_node_is_missing(x);
        if (err && depth == 0) {
            /* the whole file did not reduce: report the errors inside */
            descend = 1;
        } else if (err && is_unknown_specifier(t, x, (fs_tk)parents[depth - 1])) {
            /* not counted */
        } else if (err || missing) {
            t->r->nerrors++;
            if (!t->r->first_error) {
                fs_loc p = loc_at(t, ts_node_start_byte(x));
                if (missing)
                    t->r->first_error = fs_xasprintf("%s:%d:%d: syntax error: missing '%s'", t->path, p.line,
                                                     p.col, ts_node_type(x));
                else
                    t->r->first_error = fs_xasprintf("%s:%d:%d: syntax error", t->path, p.line, p.col);
            }
        } else {
            descend = ts_node_has_error(x);
        }
        if (descend) {
            fs_grow(&parents, &cap, depth + 1, 1);
            parents[depth] = (unsigned char)kind_of(t, x);
        }
        if (descend && ts_tree_cursor_goto_first_child(&c)) {
            depth++;
            continue;
        }
        for (;;) {
            if (depth == 0)
                goto done;
            if (ts_tree_cursor_goto_next_sibling(&c))
                break;
            ts_tree_cursor_goto_parent(&c);
            depth--;
        }
    }
done:
    free(parents);
    ts_tree_cursor_delete(&c);
    if (!t->r->nerrors && kind_of(t, root) == T_ERROR) {
        t->r->nerrors = 1;
        t->r->first_error = fs_xasprintf("%s:1:1: syntax error", t->path);
    }
}

static void fs_ts_priv_free(void *p)
{
    fs_ts_priv *tp = p;
    for (int i = 0; i < tp->ntrees; i++)
        ts_tree_delete(tp->trees[i]);
    for (int i = 0; i < tp->ntexts; i++)
        free(tp->texts[i]);
    free(tp->trees);
    free(tp->texts);
    if (tp->parser)
        ts_parser_delete(tp->parser);
    free(tp);
}

/* The grammar's symbols and fields as ours: worked out once per process
 * (the project index parses thousands of files). */
static unsigned char *fs_ts_kinds;
static uint32_t fs_ts_nkinds;
static TSFieldId fs_ts_fid[F_COUNT];
static pthread_once_t fs_ts_kinds_once = PTHREAD_ONCE_INIT;

static void fs_ts_kinds_init(void)
{
    const TSLanguage *lang = tree_sitter_c();
    fs_ts_nkinds = ts_language_symbol_count(lang);
    fs_ts_kinds = fs_xcalloc(fs_ts_nkinds ? fs_ts_nkinds : 1, 1);
    for (uint32_t s = 0; s < fs_ts_nkinds; s++) {
        if (ts_language_symbol_type(lang, (TSSymbol)s) != TSSymbolTypeRegular)
            continue;
        const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
        if (!name)
            continue;
        for (size_t i = 0; i < sizeof fs_tk_names / sizeof fs_tk_names[0]; i++)
            if (strcmp(fs_tk_names[i].name, name) == 0) {
                fs_ts_kinds[s] = (unsigned char)fs_tk_names[i].kind;
                break;
            }
    }
    for (int f = 0; f < F_COUNT; f++)
        fs_ts_fid[f] = ts_language_field_id_for_name(lang, fs_field_names[f], (uint32_t)strlen(fs_field_names[f]));
}

static void fs_ts_init_kinds(fs_ts *t)
{
    pthread_once(&fs_ts_kinds_once, fs_ts_kinds_init);
    t->nkinds = fs_ts_nkinds;
    t->kinds = fs_ts_kinds;
    memcpy(t->fid, fs_ts_fid, sizeof t->fid);
}

int fs_fe_ts_parse(const char *path, const char *text, size_t len, fs_fe_result *r)
{
    return fs_fe_ts_parse_with(path, text, len, 0, r);
}

int fs_fe_ts_parse_with(const char *path, const char *text, size_t len, int flags, fs_fe_result *r)
{
    return fs_fe_ts_parse_only(path, text, len, flags, NULL, 0, r);
}

int fs_fe_ts_parse_only(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        fs_fe_result *r)
{
    return fs_fe_ts_parse_around(path, text, len, flags, only, nonly, NULL, 0, r);
}

/* Tree-sitter's point (LF-counted rows, byte columns) of offset `to`,
 * counting on from `*at` (row and column so far in *row, *col). */
static TSPoint point_at(const char *text, uint32_t *at, uint32_t to, uint32_t *row, uint32_t *col)
{
    for (; *at < to; (*at)++) {
        if (text[*at] == '\n')
            (*row)++, *col = 0;
        else
            (*col)++;
    }
    return (TSPoint){ *row, *col };
}

static int cmp_hole(const void *x, const void *y)
{
    long a = *(const long *)x, b = *(const long *)y;
    return a < b ? -1 : a > b;
}

static int parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        const long *holes, int nholes, fs_fe_result *r);

/* fs_fe_ts_parse_unit's include folders, for the parse it makes on this thread */
static __thread const char *const *fs_ts_unit_incdirs;
static __thread int fs_ts_unit_nincdirs;

int fs_fe_ts_parse_unit(const char *path, const char *text, size_t len, const long *holes, int nholes,
                        const char *const *incdirs, int nincdirs, fs_fe_result *r)
{
    fs_ts_unit_incdirs = incdirs;
    fs_ts_unit_nincdirs = nincdirs;
    int rc = fs_fe_ts_parse_around(path, text, len, 0, NULL, 0, holes, nholes, r);
    fs_ts_unit_incdirs = NULL;
    fs_ts_unit_nincdirs = 0;
    return rc;
}

int fs_fe_ts_parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only,
                          int nonly, const long *holes, int nholes, fs_fe_result *r)
{
    long *all = NULL;
    int n = 0, cap = 0;
    fs_xs_attr_macro_holes(text, (long)len, &all, &n, &cap);
    if (!n)
        return parse_around(path, text, len, flags, only, nonly, holes, nholes, r);
    for (int h = 0; h < nholes; h++) {
        fs_grow(&all, &cap, n + 2, sizeof *all);
        all[n++] = holes[2 * h];
        all[n++] = holes[2 * h + 1];
    }
    /* sorted by begin; a hole inside another goes */
    qsort(all, (size_t)n / 2, 2 * sizeof *all, cmp_hole);
    int w = 0;
    for (int k = 0; k < n; k += 2) {
        if (w > 0 && all[k] < all[w - 1]) {
            if (all[k + 1] > all[w - 1])
                all[w - 1] = all[k + 1];
            continue;
        }
        all[w++] = all[k];
        all[w++] = all[k + 1];
    }
    int rc = parse_around(path, text, len, flags, only, nonly, all, w / 2, r);
    free(all);
    return rc;
}

static int parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        const long *holes, int nholes, fs_fe_result *r)
{
    memset(r, 0, sizeof *r);
    if (len > UINT32_MAX / 2) {
        r->fatal = fs_xstrdup("file too large for the tree-sitter engine");
        return -1;
    }
    r->arena = fs_ast_arena_new();
    fs_ts_priv *priv = fs_xcalloc(1, sizeof *priv);
    r->priv = priv;
    r->priv_free = fs_ts_priv_free;
    priv->parser = ts_parser_new();
    const TSLanguage *lang = tree_sitter_c();
    if (!priv->parser || !ts_parser_set_language(priv->parser, lang)) {
        r->fatal = fs_xstrdup("the tree-sitter C grammar does not match the tree-sitter runtime");
        return -1;
    }
    TSTree *tree = NULL;
    if (nholes > 0) {
        /* parse around the holes: tree-sitter never sees their bytes, and
         * every other byte keeps its offset */
        TSRange *rg = fs_xmalloc(sizeof *rg * ((size_t)nholes + 1));
        uint32_t n = 0, at = 0, row = 0, col = 0;
        uint32_t prev_end = 0;
        for (int h = 0; h <= nholes; h++) {
            uint32_t hb = h < nholes ? (uint32_t)holes[2 * h] : (uint32_t)len;
            uint32_t he = h < nholes ? (uint32_t)holes[2 * h + 1] : (uint32_t)len;
            if (hb < prev_end || he < hb || he > len)
                continue; /* out of order or overlapping: not a hole */
            rg[n].start_byte = prev_end;
            rg[n].start_point = point_at(text, &at, prev_end, &row, &col);
            rg[n].end_byte = hb;
            rg[n].end_point = point_at(text, &at, hb, &row, &col);
            if (rg[n].end_byte > rg[n].start_byte)
                n++;
            prev_end = he;
        }
        if (n > 0 && ts_parser_set_included_ranges(priv->parser, rg, n))
            tree = ts_parser_parse_string(priv->parser, NULL, text, (uint32_t)len);
        free(rg);
        ts_parser_set_included_ranges(priv->parser, NULL, 0);
    }
    if (!tree)
        tree = ts_parser_parse_string(priv->parser, NULL, text, (uint32_t)len);
    if (!tree) {
        r->fatal = fs_xstrdup("tree-sitter could not parse the file");
        return -1;
    }
    FS_PUSH(priv->trees, priv->ntrees, priv->captrees, tree);
    FS_PUSH(priv->texts, priv->ntexts, priv->captexts, NULL);

    fs_ts t;
    memset(&t, 0, sizeof t);
    t.flags = flags;
    t.incdirs = fs_ts_unit_incdirs;
    t.nincdirs = fs_ts_unit_nincdirs;
    t.only = only;
    t.nonly = nonly;
    t.path = path;
    t.text = text;
    t.len = (uint32_t)len;
    t.src = text;
    t.r = r;
    t.priv = priv;
    t.arena = r->arena;
    t.lang = lang;
    fs_ts_init_kinds(&t);
    sym_rehash(&t);
    fs_grow(&t.files, &t.capfiles, 1, sizeof *t.files);
    t.files[0].path = fs_xstrdup(path);
    t.files[0].real = realpath(path, NULL);
    t.files[0].text = text;
    t.files[0].len = (uint32_t)len;
    t.nfiles = 1;

    TSNode root = ts_tree_root_node(tree);
    count_errors(&t, root);
    record_symbols(&t, root);
    /* function-like macros first: calls to them need their facts */
    for (int i = 0; i < t.nsyms; i++)
        if (t.syms[i].kind == S_FMACRO)
            add_macro_function(&t, &t.syms[i]);
    find_functions(&t, root);

    if (t.have_cursor)
        ts_tree_cursor_delete(&t.cursor);
    free(t.kids);
    for (int i = 0; i < t.nfiles; i++) {
        free(t.files[i].path);
        free(t.files[i].real);
        free(t.files[i].lines);
    }
    free(t.files);
    free(t.syms);
    free(t.heads);
    free(t.scope);
    free(t.gvars);
    fs_buf_free(&t.tmp);
    fs_buf_free(&t.cbuf);
    return 0;
}
