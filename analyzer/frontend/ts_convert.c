/* ts_convert.c - the tree-sitter front end (fe_ts.c): expressions, statements and functions
 * converted to ast.h's trees. */
#include "frontend/ts_private.h"

static void note_static(fs_ts *t, TSNode def, TSNode fdecl);

/* --- expressions ----------------------------------------------------------------------------- */

static fs_ast *conv_ident(fs_ts *t, TSNode n)
{
    uint32_t len;
    const char *p = fts_text_of(t, n, &len);
    uint32_t at = fts_use_at(t, n);
    int v = -1;
    if (t->macro_body) {
        /* a function-like macro's parameters come before any macro */
        v = fts_scope_find(t, p, len);
        if (v >= 0) {
            fs_ast *a = fts_node_of(t, n, FS_A_IDENT, NULL);
            a->name = fts_arena_strn(t, p, len);
            a->var = v;
            return a;
        }
    }
    if (t->frame) {
        fs_ast *x = NULL;
        if (fts_macro_arg(t, p, len, &x))
            return x ? x : fts_node_of(t, n, FS_A_OTHER, "?");
    }
    fs_ts_sym *m = fts_macro_find(t, p, len, at);
    if (m && m->kind == S_MACRO) {
        fs_ast *x = fts_expand_obj_macro(t, m, n);
        if (x)
            return x;
    }
    fs_ast *a = fts_node_of(t, n, FS_A_IDENT, NULL);
    a->name = fts_arena_strn(t, p, len);
    v = fts_scope_find(t, p, len);
    if (v >= 0) {
        a->var = v;
        return a;
    }
    fs_ts_sym *s = fts_sym_find(t, p, len, at, M_ORDINARY);
    if (s && s->kind == S_GLOBAL) {
        a->var = fts_global_var(t, s);
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
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_tk k = fts_kind_of(t, c);
        uint32_t len;
        const char *p = fts_text_of(t, c, &len);
        if (k == T_STRING && len >= 2 && p[len - 1] == '"') {
            const char *q = memchr(p, '"', len);
            if (!q)
                continue;
            size_t body = len - (size_t)(q - p) - 2;
            fs_buf_add(b, q + 1, body);
            continue;
        }
        if (k == T_IDENT && depth < FS_TS_MAX_EXPANSION) {
            uint32_t at = fts_use_at(t, c);
            fs_ts_sym *m = fts_macro_find(t, p, len, at);
            if (m && m->kind == S_MACRO && !m->busy && fts_obj_macro_ready(t, m)) {
                fs_tk mk = fts_kind_of(t, m->expr);
                if (mk == T_STRING || mk == T_CONCAT) {
                    fs_ts_where w;
                    fts_where_save(t, &w);
                    t->use_fixed = 1; /* names inside: at the use */
                    t->use_off = at;
                    fts_enter_macro(t, m);
                    int base2 = t->nkids;
                    if (mk == T_CONCAT) {
                        concat_into(t, m->expr, b, ok, depth + 1, NULL);
                    } else {
                        uint32_t l2;
                        const char *p2 = fts_text_of(t, m->expr, &l2);
                        const char *q = memchr(p2, '"', l2);
                        if (q && l2 >= 2)
                            fs_buf_add(b, q + 1, l2 - (size_t)(q - p2) - 2);
                    }
                    t->nkids = base2;
                    m->busy = 0;
                    fts_where_restore(t, &w);
                    if (first && i == 0)
                        *first = m;
                    continue;
                }
            }
        }
        *ok = 0;
        fs_buf_add(b, p, len);
    }
    fts_kids_pop(t, base);
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
    fs_ast *a = fts_node_of(t, n, FS_A_STRING, NULL);
    if (first && !t->nexp) { /* begins with a macro: libclang places it there */
        a->in_macro = 1;
        a->macro = fts_arena_strn(t, first->name, first->len);
    }
    if (ok) {
        a->name = fs_ast_strdup(t->arena, b.s);
    } else {
        a->name = fts_node_str(t, n); /* not a known literal: the text as written */
    }
    t->cbuf = b;
    return a;
}

static fs_ast *conv_number(fs_ts *t, TSNode n, int is_char)
{
    uint32_t len;
    const char *p = fts_text_of(t, n, &len);
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
    int ok = is_char ? fts_parse_char(p, len, &v) : fts_parse_int(p + skip, len - skip, &v);
    fs_ast *a;
    if (!ok && !is_char)
        a = fts_node_of(t, n, FS_A_OTHER, NULL); /* a floating literal */
    else {
        a = fts_node_of(t, n, FS_A_NUMBER, NULL);
        a->value = v;
    }
    if (!sign)
        return a;
    fs_ast *u = fts_node_of(t, n, FS_A_UNOP, sign == '-' ? "-" : "+");
    if (!t->nexp)
        a->range.begin = fts_loc_at(t, fts_file_off(t, ts_node_start_byte(n) + skip));
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
    if (fts_kind_of(t, id) != T_IDENT)
        return 0;
    uint32_t len;
    const char *p = fts_text_of(t, id, &len);
    uint32_t at = fts_use_at(t, id);
    if (fts_scope_find(t, p, len) >= 0 || fts_macro_find(t, p, len, at))
        return 0;
    const fs_ts_sym *s = fts_sym_find(t, p, len, at, M_ORDINARY | (1u << S_TYPEDEF));
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
    if (fts_kind_of(t, paren) != T_PAREN || ts_node_named_child_count(paren) != 1)
        return (TSNode){ 0 };
    TSNode id = fts_first_named(t, paren);
    return is_type_name(t, id) ? id : (TSNode){ 0 };
}

/* `(T)-x`, `(T)*p`, `(T)&x`, `(T)+x` read as a binary expression: a cast of
 * a unary expression. */
static fs_ast *conv_ambiguous_cast(fs_ts *t, TSNode n)
{
    TSNode op = fts_field(t, n, F_OPERATOR), left = fts_field(t, n, F_LEFT);
    if (ts_node_is_null(op) || ts_node_is_null(paren_type_name(t, left)))
        return NULL;
    if (!fts_text_is(t, op, "-") && !fts_text_is(t, op, "+") && !fts_text_is(t, op, "*") && !fts_text_is(t, op, "&"))
        return NULL;
    fs_ast *a = fts_node_of(t, n, FS_A_CAST, NULL);
    fs_ast *u = fs_ast_new(t->arena, FS_A_UNOP, NULL);
    u->name = fts_node_str(t, op);
    u->file = (char *)t->file;
    if (t->nexp) {
        u->range = t->exp_range;
        u->in_macro = 1;
        u->macro = t->exp_name;
    } else {
        fts_range_of(t, op, ts_node_end_byte(n), &u->range);
    }
    fs_ast_add(t->arena, u, fts_conv_field(t, n, F_RIGHT, "?"));
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
    TSNode f = fts_field(t, n, F_FUNCTION);
    TSNode args0 = fts_field(t, n, F_ARGUMENTS);
    if (!ts_node_is_null(paren_type_name(t, f)) && !ts_node_is_null(args0) &&
        ts_node_named_child_count(args0) == 1) {
        /* `(T)(x)`: a cast of a parenthesized expression */
        fs_ast *a = fts_node_of(t, n, FS_A_CAST, NULL);
        fs_ast *pe = fts_node_of(t, args0, FS_A_PAREN, NULL);
        fts_add(t, pe, fts_conv(t, fts_first_named(t, args0)));
        fs_ast_add(t->arena, a, pe);
        return a;
    }
    for (int guard = 0; fts_kind_of(t, f) == T_PAREN && guard < 16; guard++)
        f = fts_first_named(t, f);
    char *name = NULL;
    fs_callee_info ci = { 0 };
    fs_ts_sym *fmacro = NULL;
    const char *written = NULL; /* the name as written, before `#define a b` */
    uint32_t wlen = 0;
    int aliased = 0;
    if (fts_kind_of(t, f) == T_IDENT) {
        uint32_t len;
        const char *p = fts_text_of(t, f, &len);
        uint32_t at = fts_use_at(t, f);
        int param = t->macro_body && fts_scope_find(t, p, len) >= 0;
        if (!param) {
            fs_ts_sym *m = fts_macro_find(t, p, len, at);
            written = p;
            wlen = len;
            if (m && m->kind == S_MACRO && fts_macro_alias(t, at, &p, &len)) {
                aliased = 1;
                m = fts_macro_find(t, p, len, at); /* `#define my_exists EXISTS` */
            }
            if (m && m->kind == S_FMACRO)
                fmacro = m;
        }
        char *alias = fmacro ? fts_fmacro_call_alias(t, fmacro) : NULL;
        if (alias) {
            /* the library call it stands for, placed at the macro */
            name = alias;
            aliased = 1;
            fmacro = NULL;
        } else if (fmacro) {
            name = fts_arena_strn(t, p, len);
            ci = fmacro->ci;
        } else if (!param && fts_scope_find(t, p, len) < 0) {
            fs_ts_sym *s = fts_sym_find(t, p, len, at, M_ORDINARY);
            if (!s && is_pure_libc_macro(p, len)) {
                /* S_ISDIR(m) and the like: an expression of the arguments */
                fs_ast *a = fts_node_of(t, n, FS_A_OTHER, NULL);
                a->name = fts_arena_strn(t, p, len);
                a->in_macro = 1;
                a->macro = a->name;
                TSNode args = fts_field(t, n, F_ARGUMENTS);
                if (!ts_node_is_null(args)) {
                    int cnt, base = fts_kids_push(t, args, 1, &cnt);
                    for (int i = 0; i < cnt; i++)
                        fts_add(t, a, fts_conv(t, t->kids[base + i].node));
                    fts_kids_pop(t, base);
                }
                return a;
            }
            if (!s || s->kind != S_GLOBAL) {
                name = fts_arena_strn(t, p, len);
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
    fts_set_range(t, a, n);
    a->callee = ci;
    if (t->nexp) {
        /* spelled in an object-like macro's body: placed at its use */
        a->macro = t->exp_name;
        a->macro_range = t->exp_range;
    } else if (fmacro) {
        a->in_macro = 1;
        a->macro = written ? fts_arena_strn(t, written, wlen) : name;
        a->macro_range = a->range;
    } else if (aliased) {
        /* `#define my_stat stat`: libclang places the call at the macro */
        a->in_macro = 1;
        a->macro = fts_arena_strn(t, written, wlen);
        fts_range_of(t, f, ts_node_end_byte(f), &a->macro_range);
    }
    fs_ast_add(t->arena, a, fs_ast_new(t->arena, FS_A_OTHER, "callee"));
    TSNode args = fts_field(t, n, F_ARGUMENTS);
    if (!ts_node_is_null(args)) {
        int cnt, base = fts_kids_push(t, args, 1, &cnt);
        for (int i = 0; i < cnt; i++) {
            TSNode c = t->kids[base + i].node;
            fs_ast *x = fts_conv(t, c);
            fs_ast_add(t->arena, a, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        }
        fts_kids_pop(t, base);
    }
    return a;
}

fs_ast *fts_conv_field(fs_ts *t, TSNode n, int f, const char *placeholder)
{
    TSNode c = fts_field(t, n, f);
    fs_ast *x = ts_node_is_null(c) ? NULL : fts_conv(t, c);
    if (!x && placeholder)
        x = fs_ast_new(t->arena, FS_A_OTHER, placeholder);
    return x;
}

static char *op_text(fs_ts *t, TSNode n)
{
    TSNode op = fts_field(t, n, F_OPERATOR);
    if (ts_node_is_null(op))
        return fs_ast_strdup(t->arena, "?");
    return fts_node_str(t, op);
}

/* `a, b, c` (right-nested in tree-sitter) as libclang's left-nested commas. */
static fs_ast *conv_comma(fs_ts *t, TSNode n)
{
    int base = t->nkids;
    TSNode cur = n;
    for (int guard = 0; fts_kind_of(t, cur) == T_COMMA && guard < 100000; guard++) {
        fs_grow(&t->kids, &t->capkids, t->nkids + 1, sizeof *t->kids);
        t->kids[t->nkids].node = fts_field(t, cur, F_LEFT);
        t->kids[t->nkids].field = 0;
        t->nkids++;
        cur = fts_field(t, cur, F_RIGHT);
    }
    fs_grow(&t->kids, &t->capkids, t->nkids + 1, sizeof *t->kids);
    t->kids[t->nkids].node = cur;
    t->kids[t->nkids].field = 0;
    t->nkids++;
    int cnt = t->nkids - base;
    TSNode first = t->kids[base].node;
    fs_ast *acc = ts_node_is_null(first) ? NULL : fts_conv(t, first);
    for (int i = 1; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_ast *x = ts_node_is_null(c) ? NULL : fts_conv(t, c);
        fs_ast *cm = fs_ast_new(t->arena, FS_A_COMMA, ",");
        cm->file = (char *)t->file;
        if (t->nexp) {
            cm->range = t->exp_range;
            cm->in_macro = 1;
            cm->macro = t->exp_name;
        } else {
            fs_range r1, r2;
            fts_range_of(t, first, ts_node_end_byte(first), &r1);
            fts_range_of(t, c, ts_node_end_byte(c), &r2);
            cm->range.begin = r1.begin;
            cm->range.end = r2.end;
        }
        fts_add(t, cm, acc ? acc : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        fts_add(t, cm, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        acc = cm;
    }
    fts_kids_pop(t, base);
    return acc;
}

static fs_ast *conv_init_list(fs_ts *t, TSNode n)
{
    fs_ast *a = fts_node_of(t, n, FS_A_INIT_LIST, NULL);
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        if (fts_kind_of(t, c) == T_INIT_PAIR)
            c = fts_field(t, c, F_VALUE);
        if (!ts_node_is_null(c))
            fts_add(t, a, fts_conv(t, c));
    }
    fts_kids_pop(t, base);
    return a;
}

/* An unknown node: its named children, converted. */
static fs_ast *conv_other(fs_ts *t, TSNode n)
{
    fs_ast *a = fts_node_of(t, n, FS_A_OTHER, NULL);
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt; i++)
        fts_add(t, a, fts_conv(t, t->kids[base + i].node));
    fts_kids_pop(t, base);
    return a;
}

/* The expression inside a statement's `( ... )`. */
static fs_ast *conv_condition(fs_ts *t, TSNode n)
{
    TSNode c = fts_field(t, n, F_CONDITION);
    if (ts_node_is_null(c))
        return NULL;
    if (fts_kind_of(t, c) == T_PAREN) {
        TSNode inner = fts_first_named(t, c);
        if (!ts_node_is_null(inner))
            c = inner;
    }
    return fts_conv(t, c);
}

/* --- statements ------------------------------------------------------------------------ */

/* A declaration: FS_A_COMPOUND of FS_A_DECL, one per variable. */
static fs_ast *conv_decl(fs_ts *t, TSNode n)
{
    fs_ast *a = fts_node_of(t, n, FS_A_COMPOUND, NULL);
    fs_base bt;
    fts_base_type(t, n, &bt);
    int cnt, base = fts_kids_push(t, n, 1, &cnt), first = 1;
    for (int i = 0; i < cnt; i++) {
        if (t->kids[base + i].field != t->fid[F_DECLARATOR])
            continue;
        TSNode d = t->kids[base + i].node;
        TSNode init = { 0 };
        int is_first = first;
        first = 0;
        if (fts_kind_of(t, d) == T_INIT_DECLARATOR)
            init = fts_field(t, d, F_VALUE);
        fs_decl_info di;
        fts_decl_info(t, d, &bt, 0, &di);
        if (di.is_func || ts_node_is_null(di.name))
            continue;
        TSNode from = is_first ? n : di.name; /* libclang: the type, then each name */
        fs_ast *x = fs_ast_new(t->arena, FS_A_DECL, NULL);
        if (t->nexp) {
            fts_set_range(t, x, n);
        } else {
            x->file = (char *)t->file;
            fts_range_of(t, from, ts_node_end_byte(d), &x->range);
        }
        x->var = fts_new_var(t, di.name, FS_VAR_LOCAL, &di);
        if (!ts_node_is_null(init)) {
            fs_ast *ie = fts_conv(t, init);
            if (ie) {
                x->has_init = 1;
                fs_ast_add(t->arena, x, ie);
            }
        }
        fs_ast_add(t->arena, a, x);
    }
    fts_kids_pop(t, base);
    return a;
}

/* A label macro blank in [from, to) of the main file's text: a place a
 * switch may jump to (a `case`), made before the statement that follows. */
static void label_between(fs_ts *t, fs_ast *block, uint32_t from, uint32_t to)
{
    if (t->use_fixed || t->text != t->src)
        return; /* a macro's or a header's text */
    for (int k = 0; k < t->nlabels; k++) {
        if (t->labels[k] < (long)from || t->labels[k] >= (long)to)
            continue;
        fs_ast *c = fs_ast_new(t->arena, FS_A_CASE, NULL);
        c->range.begin = c->range.end = fts_loc_at(t, (uint32_t)t->labels[k]);
        c->file = (char *)t->path;
        fs_ast_add(t->arena, c, fs_ast_new(t->arena, FS_A_OTHER, "?")); /* its value: unknown */
        fs_ast_add(t->arena, block, c);
        return;
    }
}

static fs_ast *conv_compound(fs_ts *t, TSNode n, int new_scope)
{
    fs_ast *a = fts_node_of(t, n, FS_A_COMPOUND, NULL);
    int saved = t->nscope;
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    uint32_t after = ts_node_start_byte(n);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        TSNode k = t->kids[base + i].node;
        if (t->nlabels)
            label_between(t, a, after, ts_node_start_byte(k));
        after = ts_node_end_byte(k);
        fts_add(t, a, fts_conv(t, k));
    }
    fts_kids_pop(t, base);
    if (new_scope)
        t->nscope = saved;
    return a;
}

static fs_ast *conv_for(fs_ts *t, TSNode n)
{
    fs_ast *a = fts_stmt_node_of(t, n, FS_A_FOR);
    int saved = t->nscope;
    fs_ast *parts[4] = { NULL, NULL, NULL, NULL };
    TSNode init = fts_field(t, n, F_INITIALIZER);
    if (!ts_node_is_null(init))
        parts[0] = fts_kind_of(t, init) == T_DECLARATION ? conv_decl(t, init) : fts_conv(t, init);
    TSNode c = fts_field(t, n, F_CONDITION);
    if (!ts_node_is_null(c))
        parts[1] = fts_conv(t, c);
    TSNode u = fts_field(t, n, F_UPDATE);
    if (!ts_node_is_null(u))
        parts[2] = fts_conv(t, u);
    TSNode b = fts_field(t, n, F_BODY);
    if (!ts_node_is_null(b))
        parts[3] = fts_conv(t, b);
    for (int i = 0; i < 4; i++)
        fs_ast_add(t->arena, a, parts[i] ? parts[i] : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
    fts_end_at_last_kid(t, a);
    t->nscope = saved;
    return a;
}

static fs_ast *conv_case(fs_ts *t, TSNode n)
{
    TSNode v = fts_field(t, n, F_VALUE);
    fs_ast *a = fts_node_of(t, n, ts_node_is_null(v) ? FS_A_DEFAULT : FS_A_CASE, NULL);
    if (!ts_node_is_null(v)) {
        fs_ast *x = fts_conv(t, v);
        fs_ast_add(t->arena, a, x ? x : fs_ast_new(t->arena, FS_A_OTHER, "?"));
    }
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        if (t->kids[base + i].field == t->fid[F_VALUE])
            continue;
        fts_add(t, a, fts_conv(t, t->kids[base + i].node));
    }
    fts_kids_pop(t, base);
    fts_end_at_last_kid(t, a);
    return a;
}

/* The statements of one #if/#ifdef/#else branch, in a compound (no scope:
 * the directives do not open one). */
static fs_ast *conv_pp_branch(fs_ts *t, TSNode n)
{
    fs_ast *a = fts_node_of(t, n, FS_A_COMPOUND, NULL);
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        TSFieldId f = t->kids[base + i].field;
        if (f && (f == t->fid[F_CONDITION] || f == t->fid[F_NAME] || f == t->fid[F_ALTERNATIVE]))
            continue;
        fts_add(t, a, fts_conv(t, t->kids[base + i].node));
    }
    fts_kids_pop(t, base);
    return a;
}

/* #if / #ifdef inside a function: only one branch is compiled, and which
 * one is not known here, so the branches are exclusive arms of an `if` on
 * an unknown condition.  `#if 0` and `#if 1` are decided. */
static fs_ast *conv_pp_if(fs_ts *t, TSNode n)
{
    fs_tk k = fts_kind_of(t, n);
    if (k == T_PREPROC_ELSE)
        return conv_pp_branch(t, n);
    TSNode alt = fts_field(t, n, F_ALTERNATIVE);
    if (k == T_PREPROC_IF || k == T_PREPROC_ELIF) {
        long v;
        TSNode c = fts_field(t, n, F_CONDITION);
        if (fts_kind_of(t, c) == T_NUMBER && fts_eval_const(t, c, &v, 0)) {
            if (v || ts_node_is_null(alt))
                return v ? conv_pp_branch(t, n) : NULL;
            if (!fs_depth_enter(&t->depth, &t->too_deep, FS_TS_MAX_DEPTH))
                return NULL;
            fs_ast *e = conv_pp_if(t, alt);
            t->depth--;
            return e;
        }
    }
    fs_ast *a = fts_node_of(t, n, FS_A_IF, NULL);
    fs_ast_add(t->arena, a, fts_node_of(t, n, FS_A_OTHER, "#if"));
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
    TSNode c = fts_field(t, n, f);
    return ts_node_is_null(c) ? NULL : fts_conv(t, c);
}

fs_ast *fts_conv(fs_ts *t, TSNode n)
{
    if (t->too_deep || ts_node_is_null(n))
        return NULL;
    if (!fs_depth_enter(&t->depth, &t->too_deep, FS_TS_MAX_DEPTH))
        return NULL;
    fs_ast *a = NULL;
    fs_tk k = fts_kind_of(t, n);
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
        a = fts_node_of(t, n, FS_A_COMPOUND, NULL);
        break;
    case T_EXPR_STMT: {
        TSNode e = fts_first_named(t, n);
        if (fts_kind_of(t, e) == T_CALL && (a = fts_expand_stmt_macro(t, e)) != NULL)
            break;
        a = ts_node_is_null(e) ? fts_node_of(t, n, FS_A_NULL_STMT, NULL) : fts_conv(t, e);
        break;
    }
    case T_IF: {
        a = fts_stmt_node_of(t, n, FS_A_IF);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        fs_ast *th = conv_kid_stmt(t, n, F_CONSEQUENCE);
        fs_ast_add(t->arena, a, th ? th : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
        TSNode el = fts_field(t, n, F_ALTERNATIVE);
        if (!ts_node_is_null(el)) {
            TSNode s = fts_kind_of(t, el) == T_ELSE ? fts_first_named(t, el) : el;
            fs_ast *e = ts_node_is_null(s) ? NULL : fts_conv(t, s);
            fs_ast_add(t->arena, a, e ? e : fs_ast_new(t->arena, FS_A_NULL_STMT, NULL));
        }
        fts_end_at_last_kid(t, a);
        break;
    }
    case T_WHILE: {
        a = fts_stmt_node_of(t, n, FS_A_WHILE);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        fts_add(t, a, conv_kid_stmt(t, n, F_BODY));
        fts_end_at_last_kid(t, a);
        break;
    }
    case T_DO: {
        a = fts_stmt_node_of(t, n, FS_A_DO);
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
        a = fts_stmt_node_of(t, n, FS_A_SWITCH);
        fs_ast *c = conv_condition(t, n);
        fs_ast_add(t->arena, a, c ? c : fs_ast_new(t->arena, FS_A_OTHER, "?"));
        fts_add(t, a, conv_kid_stmt(t, n, F_BODY));
        fts_end_at_last_kid(t, a);
        break;
    }
    case T_CASE:
        a = conv_case(t, n);
        break;
    case T_BREAK:
        a = fts_stmt_node_of(t, n, FS_A_BREAK);
        break;
    case T_CONTINUE:
        a = fts_stmt_node_of(t, n, FS_A_CONTINUE);
        break;
    case T_RETURN: {
        a = fts_stmt_node_of(t, n, FS_A_RETURN);
        TSNode e = fts_first_named(t, n);
        if (!ts_node_is_null(e))
            fts_add(t, a, fts_conv(t, e));
        break;
    }
    case T_GOTO: {
        a = fts_stmt_node_of(t, n, FS_A_GOTO);
        TSNode l = fts_field(t, n, F_LABEL);
        if (!ts_node_is_null(l))
            a->name = fts_node_str(t, l);
        break;
    }
    case T_LABELED: {
        a = fts_node_of(t, n, FS_A_LABEL, NULL);
        TSNode l = fts_field(t, n, F_LABEL);
        if (!ts_node_is_null(l))
            a->name = fts_node_str(t, l);
        int cnt, base = fts_kids_push(t, n, 1, &cnt);
        for (int i = 0; i < cnt; i++)
            if (t->kids[base + i].field != t->fid[F_LABEL])
                fts_add(t, a, fts_conv(t, t->kids[base + i].node));
        fts_kids_pop(t, base);
        fts_end_at_last_kid(t, a);
        break;
    }
    case T_ATTRIBUTED: {
        int cnt, base = fts_kids_push(t, n, 1, &cnt);
        TSNode s = cnt ? t->kids[base + cnt - 1].node : (TSNode){ 0 };
        fts_kids_pop(t, base);
        a = fts_conv(t, s);
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
        a = fts_node_of(t, n, FS_A_IDENT, "NULL");
        break;
    case T_TRUE:
    case T_FALSE:
        a = fts_node_of(t, n, FS_A_NUMBER, NULL);
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
        a = fts_node_of(t, n, FS_A_STRING, NULL);
        a->name = fts_node_str(t, n);
        break;
    case T_CONCAT:
        a = conv_concat(t, n);
        break;
    case T_BINARY:
        if ((a = conv_ambiguous_cast(t, n)) != NULL)
            break;
        a = fts_node_of(t, n, FS_A_BINOP, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_LEFT, "?"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_RIGHT, "?"));
        break;
    case T_UNARY:
    case T_POINTER_EXPR:
        a = fts_node_of(t, n, FS_A_UNOP, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_ARGUMENT, "?"));
        break;
    case T_UPDATE: {
        a = fts_node_of(t, n, FS_A_UNOP, NULL);
        TSNode op = fts_field(t, n, F_OPERATOR), arg = fts_field(t, n, F_ARGUMENT);
        int post = !ts_node_is_null(op) && !ts_node_is_null(arg) &&
                   ts_node_start_byte(arg) < ts_node_start_byte(op);
        int inc = !ts_node_is_null(op) && fts_text_is(t, op, "++");
        a->name = fs_ast_strdup(t->arena, post ? (inc ? "post++" : "post--") : (inc ? "++" : "--"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_ARGUMENT, "?"));
        break;
    }
    case T_ASSIGN:
        a = fts_node_of(t, n, FS_A_ASSIGN, NULL);
        a->name = op_text(t, n);
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_LEFT, "?"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_RIGHT, "?"));
        break;
    case T_COND: {
        TSNode th = fts_field(t, n, F_CONSEQUENCE);
        if (ts_node_is_null(th)) { /* GNU `a ?: b` */
            a = conv_other(t, n);
            break;
        }
        a = fts_node_of(t, n, FS_A_COND, NULL);
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_CONDITION, "?"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_CONSEQUENCE, "?"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_ALTERNATIVE, "?"));
        break;
    }
    case T_COMMA:
        a = conv_comma(t, n);
        break;
    case T_FIELD_EXPR: {
        a = fts_node_of(t, n, FS_A_MEMBER, NULL);
        TSNode f = fts_field(t, n, F_FIELD), op = fts_field(t, n, F_OPERATOR);
        a->name = ts_node_is_null(f) ? NULL : fts_node_str(t, f);
        a->arrow = !ts_node_is_null(op) && fts_text_is(t, op, "->");
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_ARGUMENT, "?"));
        break;
    }
    case T_SUBSCRIPT:
        a = fts_node_of(t, n, FS_A_INDEX, NULL);
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_ARGUMENT, "?"));
        fs_ast_add(t->arena, a, fts_conv_field(t, n, F_INDEX, "?"));
        break;
    case T_CALL:
        a = conv_call(t, n);
        break;
    case T_CAST:
        a = fts_node_of(t, n, FS_A_CAST, NULL);
        fts_add(t, a, fts_conv_field(t, n, F_VALUE, NULL));
        break;
    case T_PAREN: {
        TSNode c = fts_first_named(t, n);
        a = fts_node_of(t, n, FS_A_PAREN, NULL);
        if (fts_kind_of(t, c) == T_COMPOUND) { /* GNU statement expression */
            a->kind = FS_A_OTHER;
            fts_add(t, a, fts_conv(t, c));
        } else {
            fts_add(t, a, fts_conv(t, c));
        }
        break;
    }
    case T_SIZEOF:
    case T_ALIGNOF:
    case T_OFFSETOF:
        a = fts_node_of(t, n, FS_A_SIZEOF, NULL);
        break;
    case T_INIT_LIST:
        a = conv_init_list(t, n);
        break;
    case T_COMPOUND_LIT:
        a = fts_node_of(t, n, FS_A_OTHER, NULL);
        fts_add(t, a, fts_conv_field(t, n, F_VALUE, NULL));
        break;
    case T_EXTENSION:
        a = fts_conv(t, fts_first_named(t, n));
        break;
    case T_GNU_ASM:
        a = fts_node_of(t, n, FS_A_OTHER, NULL);
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

void fts_push_func(fs_ts *t, fs_func *fn, const fs_ast *body, int in_main, int is_macro)
{
    fs_fe_func *ff = fs_fe_result_add(t->r, fn, body);
    ff->in_main_file = in_main;
    ff->in_system = 0;
    ff->is_macro = is_macro;
}

void fts_begin_func(fs_ts *t, const char *name, size_t len, const char *path)
{
    t->fn = fs_func_new(fts_arena_strn(t, name, len), path, "tree-sitter");
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
        if (fts_kind_of(t, x) == T_ERROR)
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
    TSNode pl = fts_field(t, fdecl, F_PARAMETERS);
    if (ts_node_is_null(pl))
        return;
    int cnt, base = fts_kids_push(t, pl, 1, &cnt);
    int np = 0;
    for (int i = 0; i < cnt; i++) {
        TSNode p = t->kids[base + i].node;
        fs_tk k = fts_kind_of(t, p);
        fs_decl_info di;
        memset(&di, 0, sizeof di);
        if (k == T_IDENT) { /* K&R: types come later; unknown here */
            di.name = p;
        } else if (k == T_PARAM_DECL) {
            TSNode d = fts_field(t, p, F_DECLARATOR);
            TSNode ty = fts_field(t, p, F_TYPE);
            if (ts_node_is_null(d) && cnt == 1 && fts_kind_of(t, ty) == T_PRIMITIVE_TYPE && fts_text_is(t, ty, "void"))
                break;
            fs_base bt;
            fts_base_type(t, p, &bt);
            fts_decl_info(t, d, &bt, 1, &di);
        } else {
            continue;
        }
        int v = fts_new_var(t, di.name, FS_VAR_PARAM, &di);
        t->fn->vars[v].param_index = np++;
    }
    fts_kids_pop(t, base);
    t->fn->nparams = np;
}

/* K&R parameter declarations (`int f(p) char *p; { ... }`): their types. */
static void knr_params(fs_ts *t, TSNode def)
{
    int cnt, base = fts_kids_push(t, def, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode d = t->kids[base + i].node;
        if (fts_kind_of(t, d) != T_DECLARATION)
            continue;
        fs_base bt;
        fts_base_type(t, d, &bt);
        int c2, b2 = fts_kids_push(t, d, 1, &c2);
        for (int j = 0; j < c2; j++) {
            fs_decl_info di;
            const char *p;
            uint32_t len;
            if (!fts_kid_declarator(t, b2 + j, &bt, 1, &di, &p, &len))
                continue;
            int v = fts_scope_find(t, p, len);
            if (v >= 0 && t->fn->vars[v].kind == FS_VAR_PARAM) {
                t->fn->vars[v].is_array = 0;
                t->fn->vars[v].ptr_to_const = di.is_ptr && di.ptr_to_const;
                t->fn->vars[v].is_stat_buf = di.is_stat_buf;
            }
        }
        fts_kids_pop(t, b2);
    }
    fts_kids_pop(t, base);
}

void fts_add_function(fs_ts *t, TSNode def)
{
    TSNode body = fts_field(t, def, F_BODY);
    TSNode decl = fts_field(t, def, F_DECLARATOR);
    TSNode fdecl = fts_func_declarator(t, decl);
    if (ts_node_is_null(body))
        return;
    TSNode id;
    if (!ts_node_is_null(fdecl)) {
        id = fts_field(t, fdecl, F_DECLARATOR);
    } else if (fts_kind_of(t, decl) == T_PAREN_DECL && fts_kind_of(t, fts_field(t, def, F_TYPE)) == T_TYPE_IDENT) {
        /* a definition a macro makes, `START_TEST(name) { ... }`: read as
         * type START_TEST, declarator (name); the function is name's (not
         * `enum ATTR name { A, B };`, read as a definition of name) */
        id = decl;
        while (fts_kind_of(t, id) == T_PAREN_DECL)
            id = fts_first_named(t, id);
        fdecl = decl;
    } else {
        return;
    }
    uint32_t bb = ts_node_start_byte(body), be = ts_node_end_byte(body);
    uint32_t bad = error_bytes(t, body);
    if (fts_kind_of(t, id) != T_IDENT || (bad && (uint64_t)bad * 2 > (uint64_t)(be - bb))) {
        /* no name to give it, or mostly broken: nothing sound to say about it */
        return;
    }
    uint32_t len;
    const char *name = fts_text_of(t, id, &len);
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
            fts_begin_func(t, name, len, t->path);
            add_params(t, fdecl);
            knr_params(t, def);
            fs_func *fn = t->fn;
            fts_range_of(t, def, ts_node_end_byte(def), &fn->range);
            fts_range_of(t, body, be, &fn->body);
            fts_push_func(t, fn, NULL, 1, 0);
            note_static(t, def, fdecl);
            t->fn = NULL;
            return;
        }
    }
    fts_begin_func(t, name, len, t->path);
    add_params(t, fdecl);
    knr_params(t, def);
    fs_ast *b = conv_compound(t, body, 1);
    fs_func *fn = t->fn;
    fts_range_of(t, def, ts_node_end_byte(def), &fn->range);
    if (b)
        fn->body = b->range;
    if (t->too_deep)
        fn->incomplete = 1;
    fts_push_func(t, fn, b, 1, 0);
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
