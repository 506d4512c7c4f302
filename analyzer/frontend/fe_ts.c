/*
 * fe_ts.c - the tree-sitter front end: a file's function definitions as
 * syntax trees (ast.h), from the text alone.  This file: the file as a whole
 * (headers it includes, the symbols it defines) and the entry points; the
 * rest is in ts_scope.c, ts_macro.c and ts_convert.c.
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
#include "frontend/ts_private.h"

static void record_symbols(fs_ts *t, TSNode root);
static int parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        const long *holes, int nholes, const long *labels, int nlabels, fs_fe_result *r);

/* The grammar's node kinds by name. */
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

/* --- the file ---------------------------------------------------------------------------------- */

static void record_enums(fs_ts *t, TSNode type)
{
    if (fts_kind_of(t, type) != T_ENUM_SPEC)
        return;
    TSNode body = fts_field(t, type, F_BODY);
    if (ts_node_is_null(body))
        return;
    long next = 0;
    int cnt, base = fts_kids_push(t, body, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode en = t->kids[base + i].node;
        if (fts_kind_of(t, en) != T_ENUMERATOR)
            continue;
        TSNode nm = fts_field(t, en, F_NAME), val = fts_field(t, en, F_VALUE);
        long v = next;
        if (!ts_node_is_null(val)) {
            int b2 = t->nkids;
            if (!fts_eval_const(t, val, &v, 0))
                v = next; /* unknown: keep counting */
            t->nkids = b2;
        }
        if (!ts_node_is_null(nm)) {
            uint32_t len;
            const char *p = fts_text_of(t, nm, &len);
            fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_end_byte(en), S_ENUM);
            s->value = v;
        }
        next = v + 1;
    }
    fts_kids_pop(t, base);
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
    fs_tk k = fts_kind_of(t, n);
    record_enums(t, fts_field(t, n, F_TYPE));
    fs_base bt;
    fts_base_type(t, n, &bt);
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode d = t->kids[base + i].node;
        fs_decl_info di;
        const char *p;
        uint32_t len;
        if (!fts_kid_declarator(t, base + i, &bt, 0, &di, &p, &len))
            continue;
        if (k == T_TYPE_DEFINITION) {
            fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_end_byte(di.name), S_TYPEDEF);
            s->is_array = di.is_array;
            s->is_ptr = di.is_ptr;
            s->ptr_to_const = di.ptr_to_const;
            s->is_stat_buf = di.is_stat_buf;
        } else if (di.is_func) {
            TSNode fd = fts_func_declarator(t, fts_kind_of(t, d) == T_INIT_DECLARATOR ? fts_field(t, d, F_DECLARATOR) : d);
            fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_start_byte(di.name), S_FUNC);
            if (!ts_node_is_null(fd))
                fts_callee_info_of(t, fd, &s->ci);
            const fs_ts_sym *prev = fts_sym_find(t, p, len, ts_node_start_byte(di.name), M_ORDINARY);
            s->ci.noreturn = text_says_noreturn(t, ts_node_start_byte(n), ts_node_end_byte(n)) ||
                             (prev && prev->kind == S_FUNC && prev->ci.noreturn);
        } else {
            fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_end_byte(di.name), S_GLOBAL);
            s->is_array = di.is_array;
            s->ptr_to_const = di.is_ptr && di.ptr_to_const;
            s->is_stat_buf = di.is_stat_buf;
        }
    }
    fts_kids_pop(t, base);
}

static void record_macro(fs_ts *t, TSNode n, fs_tk k)
{
    if (k == T_PREPROC_CALL) {
        TSNode dir = fts_field(t, n, F_DIRECTIVE), arg = fts_field(t, n, F_ARGUMENT);
        if (ts_node_is_null(dir) || ts_node_is_null(arg) || !fts_text_is(t, dir, "#undef"))
            return;
        uint32_t len;
        const char *p = fts_text_of(t, arg, &len);
        while (len && isspace((unsigned char)*p)) {
            p++;
            len--;
        }
        uint32_t l = 0;
        while (l < len && (isalnum((unsigned char)p[l]) || p[l] == '_'))
            l++;
        if (l)
            fts_sym_add(t, p, l, ts_node_start_byte(n), S_UNDEF);
        return;
    }
    TSNode nm = fts_field(t, n, F_NAME);
    if (ts_node_is_null(nm))
        return;
    uint32_t len;
    const char *p = fts_text_of(t, nm, &len);
    fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_end_byte(nm), k == T_PREPROC_DEF ? S_MACRO : S_FMACRO);
    s->def = n;
}

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
    TSNode pn = fts_field(t, inc, F_PATH);
    if (fts_kind_of(t, pn) != T_STRING || t->hdr_depth >= FS_TS_MAX_HEADER_DEPTH || t->nfiles >= FS_TS_MAX_HEADERS)
        return;
    uint32_t len;
    const char *p = fts_text_of(t, pn, &len);
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
    fts_keep_tree(t, tree, shared ? NULL : (char *)text);
    fs_grow(&t->files, &t->capfiles, t->nfiles + 1, sizeof *t->files);
    fs_ts_file *f = &t->files[t->nfiles];
    memset(f, 0, sizeof *f);
    f->path = path.s;
    f->real = real;
    f->text = text;
    f->len = hlen;

    fs_ts_where w;
    fts_where_save(t, &w);
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
    fts_where_restore(t, &w);
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
        fs_tk k = fts_kind_of(t, x);
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
            TSNode fd = fts_func_declarator(t, fts_field(t, x, F_DECLARATOR));
            TSNode id = ts_node_is_null(fd) ? fd : fts_field(t, fd, F_DECLARATOR);
            if (fts_kind_of(t, id) == T_IDENT) {
                uint32_t len;
                const char *p = fts_text_of(t, id, &len);
                fs_ts_sym *s = fts_sym_add(t, p, len, ts_node_start_byte(id), S_FUNC);
                fts_callee_info_of(t, fd, &s->ci);
                TSNode body = fts_field(t, x, F_BODY);
                const fs_ts_sym *prev = fts_sym_find(t, p, len, ts_node_start_byte(id), M_ORDINARY);
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
        fs_tk k = fts_kind_of(t, x);
        int descend = k == T_TRANSLATION_UNIT || k == T_PREPROC_IF || k == T_PREPROC_IFDEF ||
                      k == T_PREPROC_ELSE || k == T_PREPROC_ELIF || k == T_PREPROC_ELIFDEF ||
                      k == T_ERROR || k == T_LINKAGE_SPEC || k == T_DECLARATION_LIST;
        if (k == T_FUNCTION_DEFINITION) {
            /* the cursor is shared by nothing else here: conversion uses t->cursor */
            fts_add_function(t, x);
        }
        if ((k == T_PREPROC_IF || k == T_PREPROC_ELIF) && depth > 0) {
            long v;
            TSNode cond = fts_field(t, x, F_CONDITION);
            if (fts_kind_of(t, cond) == T_NUMBER && fts_eval_const(t, cond, &v, 0) && v == 0)
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
    if (ts_node_child_count(err) == 1 && fts_kind_of(t, ts_node_child(err, 0)) == T_ATTRIBUTE_SPEC)
        return 1;
    if (parent != T_FUNCTION_DEFINITION && parent != T_DECLARATION && parent != T_PARAM_DECL &&
        parent != T_TYPE_DEFINITION)
        return 0;
    uint32_t n = ts_node_child_count(err);
    if (n == 0 || n > 4)
        return 0;
    for (uint32_t i = 0; i < n; i++)
        if (fts_kind_of(t, ts_node_child(err, i)) != T_IDENT)
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
        int err = fts_kind_of(t, x) == T_ERROR, missing = !err && ts_node_is_missing(x);
        if (err && depth == 0) {
            /* the whole file did not reduce: report the errors inside */
            descend = 1;
        } else if (err && is_unknown_specifier(t, x, (fs_tk)parents[depth - 1])) {
            /* not counted */
        } else if (err || missing) {
            t->r->nerrors++;
            if (!t->r->first_error) {
                fs_loc p = fts_loc_at(t, ts_node_start_byte(x));
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
            parents[depth] = (unsigned char)fts_kind_of(t, x);
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
    if (!t->r->nerrors && fts_kind_of(t, root) == T_ERROR) {
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
    long *all = NULL, *labels = NULL;
    int n = 0, cap = 0, nlabels = 0, caplabels = 0;
    fs_xs_attr_macro_holes(text, (long)len, &all, &n, &cap);
    /* label macros: blank, and where they were each statement after one is a
     * place a switch may jump to */
    fs_xs_label_macro_holes(text, (long)len, &labels, &nlabels, &caplabels);
    for (int k = 0; k < nlabels; k++) {
        fs_grow(&all, &cap, n + 1, sizeof *all);
        all[n++] = labels[k];
    }
    nlabels /= 2;
    for (int k = 0; k < nlabels; k++)
        labels[k] = labels[2 * k];
    if (!n) {
        free(labels);
        return parse_around(path, text, len, flags, only, nonly, holes, nholes, NULL, 0, r);
    }
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
    int rc = parse_around(path, text, len, flags, only, nonly, all, w / 2, labels, nlabels, r);
    FS_FREE(all, labels);
    return rc;
}

static int parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        const long *holes, int nholes, const long *labels, int nlabels, fs_fe_result *r)
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
    t.labels = labels;
    t.nlabels = nlabels;
    t.path = path;
    t.text = text;
    t.len = (uint32_t)len;
    t.src = text;
    t.r = r;
    t.priv = priv;
    t.arena = r->arena;
    t.lang = lang;
    fs_ts_init_kinds(&t);
    fts_sym_rehash(&t);
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
            fts_add_macro_function(&t, &t.syms[i]);
    find_functions(&t, root);

    if (t.have_cursor)
        ts_tree_cursor_delete(&t.cursor);
    free(t.kids);
    for (int i = 0; i < t.nfiles; i++)
        FS_FREE(t.files[i].path, t.files[i].real, t.files[i].lines);
    FS_FREE(t.files, t.syms, t.heads, t.scope, t.gvars);
    fs_buf_free(&t.tmp);
    fs_buf_free(&t.cbuf);
    return 0;
}
