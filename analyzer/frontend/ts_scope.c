/* ts_scope.c - the tree-sitter front end (fe_ts.c): node kinds, file-level symbols, locations,
 * declarators, literals and variables. */
#include "frontend/ts_private.h"

/* --- node kinds ------------------------------------------------------------ */


const char *const fs_field_names[F_COUNT] = {
    "declarator", "body", "condition", "consequence", "alternative", "function", "arguments",
    "left", "right", "operator", "argument", "field", "index", "value", "initializer",
    "update", "parameters", "type", "name", "label", "directive", "path",
};

/* --- file-level symbols ------------------------------------------------------ */

/* --- small helpers ------------------------------------------------------------ */

fs_tk fts_kind_of(const fs_ts *t, TSNode n)
{
    if (ts_node_is_null(n))
        return T_NONE;
    TSSymbol s = ts_node_symbol(n);
    if (s == (TSSymbol)-1)
        return T_ERROR;
    return s < t->nkinds ? (fs_tk)t->kinds[s] : T_NONE;
}

TSNode fts_field(const fs_ts *t, TSNode n, int f)
{
    return ts_node_child_by_field_id(n, t->fid[f]);
}

const char *fts_text_of(const fs_ts *t, TSNode n, uint32_t *len)
{
    uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
    *len = e > b ? e - b : 0;
    return t->src + b;
}

int fts_text_is(const fs_ts *t, TSNode n, const char *s)
{
    uint32_t len;
    const char *p = fts_text_of(t, n, &len);
    return strlen(s) == len && memcmp(p, s, len) == 0;
}

/* A NUL-terminated copy of n bytes at p in the arena. */
char *fts_arena_strn(fs_ts *t, const char *p, size_t n)
{
    t->tmp.len = 0;
    fs_buf_add(&t->tmp, p, n);
    return fs_ast_strdup(t->arena, t->tmp.s ? t->tmp.s : "");
}

char *fts_node_str(fs_ts *t, TSNode n)
{
    uint32_t len;
    const char *p = fts_text_of(t, n, &len);
    return fts_arena_strn(t, p, len);
}

/* The children of n (comments left out; only named ones when named_only)
 * pushed on t->kids: returns the index of the first, *count their number.
 * Release with fts_kids_pop(t, base). */
int fts_kids_push(fs_ts *t, TSNode n, int named_only, int *count)
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
            if (fts_kind_of(t, c) == T_COMMENT)
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

void fts_kids_pop(fs_ts *t, int base)
{
    t->nkids = base;
}

/* The first named child that is not a comment. */
TSNode fts_first_named(fs_ts *t, TSNode n)
{
    int cnt, base = fts_kids_push(t, n, 1, &cnt);
    TSNode r = cnt ? t->kids[base].node : (TSNode){ 0 };
    fts_kids_pop(t, base);
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
fs_loc fts_loc_at(fs_ts *t, uint32_t off)
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
uint32_t fts_file_off(const fs_ts *t, uint32_t o)
{
    if (!t->scratch)
        return o;
    if (o < t->sprefix)
        return t->sbeg;
    uint32_t f = t->sbeg + (o - t->sprefix);
    return f > t->send ? t->send : f;
}

void fts_range_of(fs_ts *t, TSNode n, uint32_t end_byte, fs_range *r)
{
    uint32_t b = ts_node_start_byte(n);
    if (!t->scratch) {
        /* not tree-sitter's points: their rows count LFs only */
        r->begin = fts_loc_at(t, b);
        r->end = fts_loc_at(t, end_byte);
    } else {
        r->begin = fts_loc_at(t, fts_file_off(t, b));
        r->end = fts_loc_at(t, fts_file_off(t, end_byte));
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
    fts_range_of(t, n, end_byte, &a->range);
}

void fts_set_range(fs_ts *t, fs_ast *a, TSNode n)
{
    set_range_end(t, a, n, ts_node_end_byte(n));
}

fs_ast *fts_node_of(fs_ts *t, TSNode n, fs_ast_kind kind, const char *name)
{
    fs_ast *a = fs_ast_new(t->arena, kind, name);
    fts_set_range(t, a, n);
    return a;
}

/* A statement's range without its final ';' (as libclang gives it). */
fs_ast *fts_stmt_node_of(fs_ts *t, TSNode n, fs_ast_kind kind)
{
    fs_ast *a = fs_ast_new(t->arena, kind, NULL);
    uint32_t end = ts_node_end_byte(n);
    uint32_t cnt = ts_node_child_count(n);
    if (cnt > 0) {
        TSNode last = ts_node_child(n, cnt - 1);
        if (!ts_node_is_named(last) && fts_text_is(t, last, ";") && !ts_node_is_missing(last))
            end = ts_node_start_byte(last);
        /* and blanks before it */
        while (end > ts_node_start_byte(n) && isspace((unsigned char)t->src[end - 1]))
            end--;
    }
    set_range_end(t, a, n, end);
    return a;
}

void fts_add(fs_ts *t, fs_ast *parent, fs_ast *kid)
{
    if (kid)
        fs_ast_add(t->arena, parent, kid);
}

/* A statement that ends with a sub-statement ends where that one does (its
 * `;` is not part of it for libclang). */
void fts_end_at_last_kid(fs_ts *t, fs_ast *a)
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

void fts_sym_rehash(fs_ts *t)
{
    int cap = t->hcap ? t->hcap * 2 : 256;
    free(t->heads);
    t->heads = fs_xmalloc(sizeof(int) * (size_t)cap);
    memset(t->heads, 0xff, sizeof(int) * (size_t)cap); /* each -1: an empty chain */
    t->hcap = cap;
    for (int i = 0; i < t->nsyms; i++) {
        unsigned h = name_hash(t->syms[i].name, t->syms[i].len) & (unsigned)(cap - 1);
        t->syms[i].next = t->heads[h];
        t->heads[h] = i;
    }
}

fs_ts_sym *fts_sym_add(fs_ts *t, const char *name, uint32_t len, uint32_t offset, fs_sym_kind kind)
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
        fts_sym_rehash(t);
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
fs_ts_sym *fts_sym_find(fs_ts *t, const char *name, uint32_t len, uint32_t before, unsigned mask)
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

/* The macro in effect for name at `before`, or NULL (also after #undef). */
fs_ts_sym *fts_macro_find(fs_ts *t, const char *name, uint32_t len, uint32_t before)
{
    fs_ts_sym *s = fts_sym_find(t, name, len, before, M_MACROS);
    return s && s->kind != S_UNDEF ? s : NULL;
}

/* --- declarators ------------------------------------------------------------------- */

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
void fts_base_type(fs_ts *t, TSNode decl, fs_base *b)
{
    memset(b, 0, sizeof *b);
    int cnt, base = fts_kids_push(t, decl, 1, &cnt);
    for (int i = 0; i < cnt; i++) {
        TSNode c = t->kids[base + i].node;
        fs_tk k = fts_kind_of(t, c);
        if (k == T_TYPE_QUALIFIER && fts_text_is(t, c, "const"))
            b->konst = 1;
        if (t->kids[base + i].field != t->fid[F_TYPE])
            continue;
        if (k == T_STRUCT_SPEC) {
            TSNode nm = fts_field(t, c, F_NAME);
            if (!ts_node_is_null(nm) &&
                (fts_text_is(t, nm, "stat") || fts_text_is(t, nm, "stat64") || fts_text_is(t, nm, "statx")))
                b->stat = 1;
        } else if (k == T_PRIMITIVE_TYPE || k == T_SIZED_TYPE || k == T_ENUM_SPEC) {
            b->scalar = !(k == T_PRIMITIVE_TYPE && fts_text_is(t, c, "void"));
        } else if (k == T_TYPE_IDENT) {
            uint32_t len;
            const char *p = fts_text_of(t, c, &len);
            const fs_ts_sym *td = fts_sym_find(t, p, len, fts_use_at(t, c), 1u << S_TYPEDEF);
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
    fts_kids_pop(t, base);
}

/* Whether a (pointer) declarator node carries a `const` qualifier of its own. */
static int own_const(fs_ts *t, TSNode d)
{
    int cnt, base = fts_kids_push(t, d, 1, &cnt), r = 0;
    for (int i = 0; i < cnt; i++)
        if (fts_kind_of(t, t->kids[base + i].node) == T_TYPE_QUALIFIER && fts_text_is(t, t->kids[base + i].node, "const"))
            r = 1;
    fts_kids_pop(t, base);
    return r;
}

/* Walk declarator d (outermost first) down to its name.  Derivations are
 * applied in walk order: the last one is the declared entity's own type.
 * A parameter of array type is a pointer. */
void fts_decl_info(fs_ts *t, TSNode d, const fs_base *b, int is_param, fs_decl_info *di)
{
    int konst = b->konst, stat = b->stat;
    int kinds[FS_TS_MAX_DERIV], consts[FS_TS_MAX_DERIV], n = 0, overflow = 0;
    memset(di, 0, sizeof *di);
    for (int guard = 0; !ts_node_is_null(d) && guard < 256; guard++) {
        fs_tk k = fts_kind_of(t, d);
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
            d = fts_field(t, d, F_DECLARATOR);
            continue;
        }
        if (k == T_PAREN_DECL || k == T_ABS_PAREN_DECL || k == T_ATTR_DECL || k == T_INIT_DECLARATOR) {
            d = k == T_INIT_DECLARATOR ? fts_field(t, d, F_DECLARATOR) : fts_first_named(t, d);
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

/* Kid k (of those fts_kids_push pushed) when it is a declarator that
 * declares a name: 1, with its facts in *di (bt: the declaration's base
 * type) and the name's text in *p, *len; else 0. */
int fts_kid_declarator(fs_ts *t, int k, const fs_base *bt, int is_param, fs_decl_info *di, const char **p,
                       uint32_t *len)
{
    if (t->kids[k].field != t->fid[F_DECLARATOR])
        return 0;
    fts_decl_info(t, t->kids[k].node, bt, is_param, di);
    if (ts_node_is_null(di->name))
        return 0;
    *p = fts_text_of(t, di->name, len);
    return 1;
}

/* The function_declarator of a function definition's declarator. */
TSNode fts_func_declarator(fs_ts *t, TSNode d)
{
    for (int guard = 0; !ts_node_is_null(d) && guard < 64; guard++) {
        fs_tk k = fts_kind_of(t, d);
        if (k == T_FUNC_DECL) {
            /* `int (*f(void))(int)`: the innermost function declarator names it */
            TSNode inner = fts_field(t, d, F_DECLARATOR);
            fs_tk ik = fts_kind_of(t, inner);
            if (ik == T_IDENT)
                return d;
            d = inner;
        } else if (k == T_POINTER_DECL || k == T_ARRAY_DECL) {
            d = fts_field(t, d, F_DECLARATOR);
        } else if (k == T_PAREN_DECL || k == T_ATTR_DECL) {
            d = fts_first_named(t, d);
        } else {
            break;
        }
    }
    return (TSNode){ 0 };
}

/* Callee facts from a function declarator's parameter list. */
void fts_callee_info_of(fs_ts *t, TSNode fdecl, fs_callee_info *ci)
{
    memset(ci, 0, sizeof *ci);
    TSNode pl = fts_field(t, fdecl, F_PARAMETERS);
    if (ts_node_is_null(pl))
        return;
    int cnt, base = fts_kids_push(t, pl, 1, &cnt);
    int np = 0, variadic = 0, any = 0;
    unsigned mask = 0;
    for (int i = 0; i < cnt; i++) {
        TSNode p = t->kids[base + i].node;
        fs_tk k = fts_kind_of(t, p);
        if (k == T_VARIADIC) {
            variadic = 1;
            continue;
        }
        if (k != T_PARAM_DECL) {
            if (k == T_IDENT) /* K&R identifier list: no prototype */
                any = -1;
            continue;
        }
        TSNode d = fts_field(t, p, F_DECLARATOR);
        TSNode ty = fts_field(t, p, F_TYPE);
        if (ts_node_is_null(d) && cnt == 1 && fts_kind_of(t, ty) == T_PRIMITIVE_TYPE && fts_text_is(t, ty, "void"))
            break; /* (void) */
        fs_base bt;
        fts_base_type(t, p, &bt);
        fs_decl_info di;
        fts_decl_info(t, d, &bt, 1, &di);
        if (np < 32 && (!di.is_ptr || di.ptr_to_const))
            mask |= 1u << np;
        np++;
        any = 1;
    }
    fts_kids_pop(t, base);
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
int fts_parse_int(const char *p, size_t n, long *v)
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
int fts_parse_char(const char *p, size_t n, long *v)
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
int fts_eval_const(fs_ts *t, TSNode n, long *v, int depth)
{
    if (depth > 64 || ts_node_is_null(n))
        return 0;
    uint32_t len;
    const char *p;
    switch (fts_kind_of(t, n)) {
    case T_NUMBER:
        p = fts_text_of(t, n, &len);
        return fts_parse_int(p, len, v);
    case T_CHAR:
        p = fts_text_of(t, n, &len);
        return fts_parse_char(p, len, v);
    case T_TRUE:
        *v = 1;
        return 1;
    case T_FALSE:
        *v = 0;
        return 1;
    case T_PAREN: {
        TSNode c = fts_first_named(t, n);
        return fts_eval_const(t, c, v, depth + 1);
    }
    case T_IDENT: {
        p = fts_text_of(t, n, &len);
        uint32_t at = t->use_fixed ? t->use_off : fts_file_off(t, ts_node_start_byte(n));
        fs_ts_sym *s = fts_sym_find(t, p, len, at, 1u << S_ENUM);
        if (s) {
            *v = s->value;
            return 1;
        }
        return 0;
    }
    case T_UNARY: {
        long x;
        TSNode op = fts_field(t, n, F_OPERATOR);
        if (!fts_eval_const(t, fts_field(t, n, F_ARGUMENT), &x, depth + 1))
            return 0;
        if (fts_text_is(t, op, "-")) *v = -x;
        else if (fts_text_is(t, op, "+")) *v = x;
        else if (fts_text_is(t, op, "~")) *v = ~x;
        else if (fts_text_is(t, op, "!")) *v = !x;
        else return 0;
        return 1;
    }
    case T_BINARY: {
        long a, b;
        if (!fts_eval_const(t, fts_field(t, n, F_LEFT), &a, depth + 1) ||
            !fts_eval_const(t, fts_field(t, n, F_RIGHT), &b, depth + 1))
            return 0;
        TSNode op = fts_field(t, n, F_OPERATOR);
        p = fts_text_of(t, op, &len);
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

int fts_scope_find(const fs_ts *t, const char *name, uint32_t len)
{
    for (int i = t->nscope - 1; i >= 0; i--)
        if (t->scope[i].len == len && memcmp(t->scope[i].name, name, len) == 0)
            return t->scope[i].var;
    return -1;
}

/* A new variable of the current function named by identifier node `name`. */
int fts_new_var(fs_ts *t, TSNode name, fs_var_kind kind, const fs_decl_info *di)
{
    uint32_t len = 0;
    const char *p = ts_node_is_null(name) ? "" : fts_text_of(t, name, &len);
    int v = fs_func_add_var(t->fn, fts_arena_strn(t, p, len), kind);
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
int fts_global_var(fs_ts *t, fs_ts_sym *s)
{
    int idx = (int)(s - t->syms);
    for (int i = 0; i < t->ngvars; i++)
        if (t->gvars[i].sym == idx)
            return t->gvars[i].var;
    int v = fs_func_add_var(t->fn, fts_arena_strn(t, s->name, s->len), FS_VAR_GLOBAL);
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
uint32_t fts_use_at(const fs_ts *t, TSNode n)
{
    return t->use_fixed ? t->use_off : fts_file_off(t, ts_node_start_byte(n));
}
