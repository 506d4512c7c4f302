/* fe_clang_conv.c - the libclang front end (fe_clang.c): cursors converted to ast.h's
 * trees, with locations at expansion sites and macro operators resolved. */
#include "frontend/clang_private.h"

static fs_ast *fs_conv(fs_cl *cl, CXCursor c);

static enum CXChildVisitResult fs_collect(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    fs_kids *k = d;
    fs_grow(&k->v, &k->cap, k->n + 1, sizeof *k->v);
    k->v[k->n++] = c;
    return CXChildVisit_Continue;
}

static fs_kids fs_children(CXCursor c)
{
    fs_kids k = { 0 };
    clang_visitChildren(c, fs_collect, &k);
    return k;
}

static char *fs_cxstr(fs_cl *cl, CXString s)
{
    const char *p = clang_getCString(s);
    char *r = fs_ast_strdup(cl->arena, p ? p : "");
    clang_disposeString(s);
    return r;
}

static const char *fs_file_name(fs_cl *cl, CXFile f)
{
    if (!f)
        return NULL;
    if (cl->name && cl->name_fn == cl->fn && clang_File_isEqual(cl->name_file, f))
        return cl->name;
    CXString s = clang_getFileName(f);
    const char *p = clang_getCString(s);
    const char *r = fs_func_intern_file(cl->fn, p ? p : "");
    clang_disposeString(s);
    cl->name_file = f;
    cl->name_fn = cl->fn;
    cl->name = r;
    return r;
}

/* The line table of file f (made on first use from its contents). */
static struct fs_cl_lines *fs_lines_of(fs_cl *cl, CXFile f)
{
    if (cl->lastlines < cl->nlines && clang_File_isEqual(cl->lines[cl->lastlines].file, f))
        return &cl->lines[cl->lastlines];
    for (int i = 0; i < cl->nlines; i++)
        if (clang_File_isEqual(cl->lines[i].file, f)) {
            cl->lastlines = i;
            return &cl->lines[i];
        }
    fs_grow(&cl->lines, &cl->caplines, cl->nlines + 1, sizeof *cl->lines);
    struct fs_cl_lines *t = &cl->lines[cl->nlines];
    memset(t, 0, sizeof *t);
    t->file = f;
    size_t size = 0;
    const char *text = clang_getFileContents(cl->tu, f, &size);
    if (text) {
        int cap = 0;
        FS_PUSH(t->starts, t->n, cap, 0u);
        /* as clang counts lines: LF, CR LF and CR alone each end one */
        for (size_t i = 0; i < size; i++)
            if (text[i] == '\n' || (text[i] == '\r' && (i + 1 >= size || text[i + 1] != '\n')))
                FS_PUSH(t->starts, t->n, cap, (unsigned)(i + 1));
    }
    cl->lastlines = cl->nlines++;
    return t;
}

/* Line and column (1-based, columns in bytes) of offset off of file f; the
 * location l is asked when the file's contents are not known. */
static void fs_line_col(fs_cl *cl, CXFile f, unsigned off, CXSourceLocation l, int expansion, unsigned *line,
                        unsigned *col)
{
    struct fs_cl_lines *t = f ? fs_lines_of(cl, f) : NULL;
    if (!t || !t->starts) {
        if (expansion)
            clang_getExpansionLocation(l, NULL, line, col, NULL);
        else
            clang_getFileLocation(l, NULL, line, col, NULL);
        return;
    }
    int lo = 0, hi = t->n; /* the last start at or before off */
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (t->starts[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    *line = (unsigned)lo + 1;
    *col = off - t->starts[lo] + 1;
}

/* The first place in by_begin of an expansion that starts at or after off. */
static int fs_by_begin_from(const fs_cl *cl, unsigned off)
{
    int lo = 0, hi = cl->nmacros;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cl->macros[cl->by_begin[mid]].begin < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static fs_macro_exp *fs_macro_at(fs_cl *cl, CXFile file, unsigned off)
{
    /* the innermost that starts at off is the last visited one: the last
     * of those at off in by_begin (a unit may expand tens of thousands) */
    if (!cl->by_begin) {
        for (int i = cl->nmacros - 1; i >= 0; i--)
            if (cl->macros[i].begin == off && clang_File_isEqual(cl->macros[i].file, file))
                return &cl->macros[i];
        return NULL;
    }
    for (int k = fs_by_begin_from(cl, off + 1) - 1; k >= 0 && cl->macros[cl->by_begin[k]].begin == off; k--)
        if (clang_File_isEqual(cl->macros[cl->by_begin[k]].file, file))
            return &cl->macros[cl->by_begin[k]];
    return NULL;
}

int fs_by_begin_cmp(const void *a, const void *b, void *arg)
{
    const fs_macro_exp *macros = arg;
    int x = *(const int *)a, y = *(const int *)b;
    unsigned bx = macros[x].begin, by = macros[y].begin;
    return bx != by ? (bx < by ? -1 : 1) : (x > y) - (x < y);
}

/* Where the user wrote location l: sets *lo, returns the file; *macro is
 * set when l lies in a macro body. */
static CXFile fs_where(fs_cl *cl, CXSourceLocation l, fs_loc *lo, fs_macro_exp **macro)
{
    CXFile ef, ff;
    unsigned el, ec, eo, fl, fc, fo;
    clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
    clang_getFileLocation(l, &ff, NULL, NULL, &fo);
    if (macro)
        *macro = NULL;
    if (ef && ff && clang_File_isEqual(ef, ff) && eo != fo) {
        fs_macro_exp *m = fs_macro_at(cl, ef, eo);
        if (m && fo > m->begin && fo < m->end) {
            /* spelled in the macro's argument, in this file */
            fs_line_col(cl, ff, fo, l, 0, &fl, &fc);
            lo->line = (int)fl;
            lo->col = (int)fc;
            lo->offset = fo;
            return ff;
        }
        if (macro)
            *macro = m;
    } else if (ef && ff && !clang_File_isEqual(ef, ff) && macro) {
        *macro = fs_macro_at(cl, ef, eo);
    }
    fs_line_col(cl, ef, eo, l, 1, &el, &ec);
    lo->line = (int)el;
    lo->col = (int)ec;
    lo->offset = eo;
    return ef;
}

static void fs_set_range(fs_cl *cl, fs_ast *a, CXCursor c)
{
    CXSourceRange ext = clang_getCursorExtent(c);
    fs_macro_exp *m1, *m2;
    CXFile f = fs_where(cl, clang_getRangeStart(ext), &a->range.begin, &m1);
    fs_where(cl, clang_getRangeEnd(ext), &a->range.end, &m2);
    a->file = (char *)fs_file_name(cl, f);
    if (!m1 && f) {
        /* libclang maps what a macro body produces onto the whole invocation */
        fs_macro_exp *m = fs_macro_at(cl, f, (unsigned)a->range.begin.offset);
        if (m && (unsigned)a->range.end.offset >= m->end)
            m1 = m;
    }
    if (m1) {
        a->in_macro = 1;
        a->macro = fs_ast_strdup(cl->arena, m1->name);
        if (a->kind == FS_A_CALL)
            a->macro_range = m1->range;
    }
    if (a->range.end.offset < a->range.begin.offset)
        a->range.end = a->range.begin;
}

static int fs_var_of(fs_cl *cl, CXCursor decl)
{
    for (int i = 0; i < cl->nvars; i++)
        if (clang_equalCursors(cl->vars[i].decl, decl))
            return cl->vars[i].var;
    return -1;
}

static int fs_is_stat_type(CXType t)
{
    if (t.kind == CXType_Pointer)
        t = clang_getPointeeType(t);
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
        t = clang_getArrayElementType(t);
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *p = clang_getCString(s);
    int r = p && (strcmp(p, "struct stat") == 0 || strcmp(p, "struct stat64") == 0 ||
                  strcmp(p, "struct statx") == 0 || strcmp(p, "const struct stat") == 0);
    clang_disposeString(s);
    return r;
}

static int fs_add_var(fs_cl *cl, CXCursor decl, fs_var_kind kind)
{
    CXString name = clang_getCursorSpelling(decl);
    int v = fs_func_add_var(cl->fn, clang_getCString(name), kind);
    clang_disposeString(name);
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    fs_var *var = &cl->fn->vars[v];
    var->is_array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                    t.kind == CXType_VariableArray;
    var->ptr_to_const = t.kind == CXType_Pointer && clang_isConstQualifiedType(clang_getPointeeType(t));
    var->is_stat_buf = fs_is_stat_type(t);
    var->is_scalar = (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) || t.kind == CXType_Enum;
    fs_grow(&cl->vars, &cl->capvars, cl->nvars + 1, sizeof *cl->vars);
    cl->vars[cl->nvars].decl = decl;
    cl->vars[cl->nvars].var = v;
    cl->nvars++;
    return v;
}

/* The first operator token in [from, to), file locations of one file. */
static char *fs_tokens_in(fs_cl *cl, CXFile f, unsigned from, unsigned to, int last)
{
    if (!f || from > to || to - from > 4096)
        return NULL;
    CXSourceLocation a = clang_getLocationForOffset(cl->tu, f, from);
    CXSourceLocation b = clang_getLocationForOffset(cl->tu, f, to);
    CXToken *toks = NULL;
    unsigned n = 0;
    char *r = NULL;
    clang_tokenize(cl->tu, clang_getRange(a, b), &toks, &n);
    for (unsigned i = 0; i < n; i++) {
        unsigned k = last ? n - 1 - i : i;
        unsigned off;
        clang_getFileLocation(clang_getTokenLocation(cl->tu, toks[k]), NULL, NULL, NULL, &off);
        if (off < from || off >= to)
            continue;
        CXTokenKind tk = clang_getTokenKind(toks[k]);
        if (tk == CXToken_Punctuation || tk == CXToken_Keyword) {
            CXString s = clang_getTokenSpelling(cl->tu, toks[k]);
            const char *p = clang_getCString(s);
            if (p && (tk == CXToken_Keyword || (strcmp(p, "(") != 0 && strcmp(p, ")") != 0))) {
                r = fs_ast_strdup(cl->arena, p);
                clang_disposeString(s);
                break;
            }
            clang_disposeString(s);
        }
    }
    if (toks)
        clang_disposeTokens(cl->tu, toks, n);
    return r;
}

/* The operator between the end of one location and the start of another:
 * first where both are spelled (plain code, one macro body, one macro
 * argument), then at the expansion site, skipping whole macro invocations. */
static char *fs_tokens_between_at(fs_cl *cl, CXSourceLocation from, CXSourceLocation to, int last,
                                  const CXSourceLocation *op)
{
    CXFile f1, f2;
    unsigned o1, o2;
    clang_getFileLocation(from, &f1, NULL, NULL, &o1);
    clang_getFileLocation(to, &f2, NULL, NULL, &o2);
    if (f1 && f2 && clang_File_isEqual(f1, f2) && o1 <= o2 && o2 - o1 < 256) {
        char *r = fs_tokens_in(cl, f1, o1, o2, last);
        if (r && op && strcmp(r, ",") == 0) {
            /* two macro arguments around an operator of the macro's body
             * (`ptr = result` in SETPTR(p, f(x))): what lies between them
             * where they are written is the `,` between the arguments */
            CXFile e1, e2;
            unsigned x1, x2;
            clang_getExpansionLocation(from, &e1, NULL, NULL, &x1);
            clang_getExpansionLocation(to, &e2, NULL, NULL, &x2);
            if (x1 != o1 && x2 != o2)
                return NULL;
        }
        if (r)
            return r;
    }
    clang_getExpansionLocation(from, &f1, NULL, NULL, &o1);
    clang_getExpansionLocation(to, &f2, NULL, NULL, &o2);
    if (!f1 || !f2 || !clang_File_isEqual(f1, f2))
        return NULL;
    /* `from` inside a macro invocation: start after the invocation (and
     * after one that starts where that one ends, in the order visited) */
    if (!cl->by_begin) {
        for (int i = 0; i < cl->nmacros; i++)
            if (cl->macros[i].begin == o1 && clang_File_isEqual(cl->macros[i].file, f1) && cl->macros[i].end > o1)
                o1 = cl->macros[i].end;
    } else {
        for (int prev = -1;;) {
            int next = -1;
            for (int k = fs_by_begin_from(cl, o1); k < cl->nmacros && cl->macros[cl->by_begin[k]].begin == o1 && next < 0; k++) {
                int i = cl->by_begin[k];
                if (i > prev && cl->macros[i].end > o1 && clang_File_isEqual(cl->macros[i].file, f1))
                    next = i;
            }
            if (next < 0)
                break;
            o1 = cl->macros[next].end;
            prev = next;
        }
    }
    return fs_tokens_in(cl, f1, o1, o2, last);
}

static char *fs_tokens_between(fs_cl *cl, CXSourceLocation from, CXSourceLocation to, int last)
{
    return fs_tokens_between_at(cl, from, to, last, NULL);
}

/* The operator of a unary or binary expression: the token at the
 * expression's location, where it is spelled (also inside a macro body). */
static char *fs_op_token(fs_cl *cl, CXCursor c)
{
    CXFile f;
    unsigned off;
    clang_getFileLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
    if (!f)
        return NULL;
    CXToken *t = clang_getToken(cl->tu, clang_getLocationForOffset(cl->tu, f, off));
    if (!t)
        return NULL;
    char *r = NULL;
    CXTokenKind tk = clang_getTokenKind(*t);
    if (tk == CXToken_Punctuation || tk == CXToken_Keyword) {
        CXString s = clang_getTokenSpelling(cl->tu, *t);
        r = fs_ast_strdup(cl->arena, clang_getCString(s));
        clang_disposeString(s);
    }
    clang_disposeTokens(cl->tu, t, 1);
    return r;
}

/* An operator whose spelling is in a macro body: resolved after the
 * function from the macro definition's tokens (libclang gives no locations
 * inside macro bodies). */
static void fs_macro_pending(fs_cl *cl, CXCursor c, fs_ast *a)
{
    CXFile f;
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, &off);
    fs_macro_exp *m = f ? fs_macro_at(cl, f, off) : NULL;
    if (!m)
        return;
    fs_grow(&m->pending, &m->cappending, m->npending + 1, sizeof *m->pending);
    m->pending[m->npending++] = a;
}

/* Sets the kind from the operator: assignment, comma or plain binary. */
static void fs_binop_kind(fs_ast *a)
{
    const char *op = a->name;
    if (!op || a->kind != FS_A_BINOP)
        return;
    size_t n = strlen(op);
    if (strcmp(op, ",") == 0)
        a->kind = FS_A_COMMA;
    else if (strcmp(op, "=") == 0 ||
             (n >= 2 && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">=")))
        a->kind = FS_A_ASSIGN;
}

static int fs_is_operator_token(const char *p)
{
    static const char *const skip[] = { "(", ")", "[", "]", "{", "}", ",", ";", ".", "->", "#", "##", "?", ":" };
    for (size_t i = 0; i < sizeof skip / sizeof skip[0]; i++)
        if (strcmp(p, skip[i]) == 0)
            return 0;
    return 1;
}

static void fs_resolve_macro_ops(fs_cl *cl)
{
    for (int i = 0; i < cl->nmacros; i++) {
        fs_macro_exp *m = &cl->macros[i];
        if (!m->npending)
            continue;
        CXCursor def = clang_getCursorReferenced(m->cursor);
        if (!clang_Cursor_isNull(def)) {
            CXToken *toks = NULL;
            unsigned n = 0;
            clang_tokenize(cl->tu, clang_getCursorExtent(def), &toks, &n);
            /* skip NAME and a parameter list written right after it */
            unsigned start = 1;
            if (n > 1) {
                CXString s = clang_getTokenSpelling(cl->tu, toks[1]);
                int paren = strcmp(clang_getCString(s), "(") == 0;
                clang_disposeString(s);
                unsigned o0, o1;
                clang_getFileLocation(clang_getRangeEnd(clang_getTokenExtent(cl->tu, toks[0])), NULL, NULL, NULL, &o0);
                clang_getFileLocation(clang_getTokenLocation(cl->tu, toks[1]), NULL, NULL, NULL, &o1);
                if (paren && o0 == o1) {
                    for (start = 2; start < n; start++) {
                        CXString t = clang_getTokenSpelling(cl->tu, toks[start]);
                        int close = strcmp(clang_getCString(t), ")") == 0;
                        clang_disposeString(t);
                        if (close) {
                            start++;
                            break;
                        }
                    }
                }
            }
            char **ops = NULL;
            int nops = 0, capops = 0;
            for (unsigned t = start; t < n; t++) {
                if (clang_getTokenKind(toks[t]) != CXToken_Punctuation)
                    continue;
                CXString sp = clang_getTokenSpelling(cl->tu, toks[t]);
                const char *p = clang_getCString(sp);
                if (p && fs_is_operator_token(p))
                    FS_PUSH(ops, nops, capops, fs_ast_strdup(cl->arena, p));
                clang_disposeString(sp);
            }
            if (toks)
                clang_disposeTokens(cl->tu, toks, n);
            if (nops == m->npending) {
                for (int k = 0; k < nops; k++) {
                    m->pending[k]->name = ops[k];
                    fs_binop_kind(m->pending[k]);
                }
            } else {
                /* which token is which is unknown; but a body without any
                 * assignment operator cannot assign (S_ISDIR and friends) */
                int assigns = 0;
                for (int k = 0; k < nops && !assigns; k++) {
                    size_t l = strlen(ops[k]);
                    assigns = l >= 1 && ops[k][l - 1] == '=' && strcmp(ops[k], "==") != 0 &&
                              strcmp(ops[k], "!=") != 0 && strcmp(ops[k], "<=") != 0 && strcmp(ops[k], ">=") != 0;
                    assigns |= strcmp(ops[k], "++") == 0 || strcmp(ops[k], "--") == 0;
                }
                if (!assigns)
                    for (int k = 0; k < m->npending; k++)
                        if (m->pending[k]->name && strcmp(m->pending[k]->name, "?") == 0)
                            m->pending[k]->name = fs_ast_strdup(cl->arena, "?op");
            }
            free(ops);
        }
        free(m->pending);
        m->pending = NULL;
        m->npending = m->cappending = 0;
    }
}

static fs_ast *fs_node_of(fs_cl *cl, CXCursor c, fs_ast_kind kind, const char *name)
{
    fs_ast *a = fs_ast_new(cl->arena, kind, name);
    fs_set_range(cl, a, c);
    return a;
}

static void fs_add_kids(fs_cl *cl, fs_ast *a, const fs_kids *k, int from, int to)
{
    for (int i = from; i < to && i < k->n; i++) {
        fs_ast *x = fs_conv(cl, k->v[i]);
        if (x)
            fs_ast_add(cl->arena, a, x);
    }
}

static fs_ast *fs_null_stmt(fs_cl *cl)
{
    return fs_ast_new(cl->arena, FS_A_NULL_STMT, NULL);
}

static fs_ast *fs_conv_for(fs_cl *cl, CXCursor c, fs_kids *k)
{
    fs_ast *a = fs_node_of(cl, c, FS_A_FOR, NULL);
    fs_ast *parts[4] = { fs_null_stmt(cl), fs_null_stmt(cl), fs_null_stmt(cl), fs_null_stmt(cl) };
    if (k->n > 0) {
        CXCursor body = k->v[k->n - 1];
        CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(c));
        CXSourceLocation bstart = clang_getRangeStart(clang_getCursorExtent(body));
        CXToken *toks = NULL;
        unsigned n = 0;
        clang_tokenize(cl->tu, clang_getRange(start, bstart), &toks, &n);
        unsigned semi[2] = { ~0u, ~0u };
        int ns = 0, depth = 0;
        for (unsigned i = 0; i < n && ns < 2; i++) {
            CXString s = clang_getTokenSpelling(cl->tu, toks[i]);
            const char *p = clang_getCString(s);
            if (p && strcmp(p, "(") == 0)
                depth++;
            else if (p && strcmp(p, ")") == 0)
                depth--;
            else if (p && strcmp(p, ";") == 0 && depth == 1) {
                unsigned off;
                clang_getFileLocation(clang_getTokenLocation(cl->tu, toks[i]), NULL, NULL, NULL, &off);
                semi[ns++] = off;
            }
            clang_disposeString(s);
        }
        if (toks)
            clang_disposeTokens(cl->tu, toks, n);
        /* a `for` that a macro spells: the tokens are the definition's, not
         * at the children's places; take the children in order */
        unsigned s0, s1;
        clang_getFileLocation(start, NULL, NULL, NULL, &s0);
        clang_getFileLocation(bstart, NULL, NULL, NULL, &s1);
        if (ns == 2 && (semi[0] < s0 || semi[1] > s1))
            ns = 0;
        for (int i = 0; i < k->n - 1; i++) {
            unsigned off;
            clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(k->v[i])), NULL, NULL, NULL, &off);
            int slot = ns < 2 ? (i == 0 && k->n == 2 ? 1 : i) : (off < semi[0] ? 0 : off < semi[1] ? 1 : 2);
            if (slot > 2)
                slot = 2;
            fs_ast *x = fs_conv(cl, k->v[i]);
            if (x)
                parts[slot] = x;
        }
        fs_ast *b = fs_conv(cl, body);
        if (b)
            parts[3] = b;
    }
    for (int i = 0; i < 4; i++)
        fs_ast_add(cl->arena, a, parts[i]);
    return a;
}

/* Does a token of the declaration (up to its body) say noreturn: `_Noreturn`,
 * `__attribute__((noreturn))`, a project's NORETURN macro? */
static int fs_decl_says_noreturn(fs_cl *cl, CXCursor d)
{
    if (clang_Cursor_isNull(d) || d.kind != CXCursor_FunctionDecl)
        return 0;
    CXSourceRange ext = clang_getCursorExtent(d);
    CXFile fa, fb;
    unsigned oa, ob;
    /* from where the declaration is written (a macro's use, for `noreturn void f(void)`) */
    clang_getExpansionLocation(clang_getRangeStart(ext), &fa, NULL, NULL, &oa);
    clang_getExpansionLocation(clang_getRangeEnd(ext), &fb, NULL, NULL, &ob);
    if (!fa || !fb || !clang_File_isEqual(fa, fb) || ob < oa)
        return 0;
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(cl->tu, clang_getRange(clang_getLocationForOffset(cl->tu, fa, oa), clang_getLocationForOffset(cl->tu, fb, ob)),
                   &toks, &n);
    int yes = 0;
    for (unsigned i = 0; i < n && !yes; i++) {
        CXTokenKind k = clang_getTokenKind(toks[i]);
        if (k != CXToken_Identifier && k != CXToken_Keyword && k != CXToken_Punctuation)
            continue;
        CXString s = clang_getTokenSpelling(cl->tu, toks[i]);
        const char *t = clang_getCString(s);
        if (t && strcmp(t, "{") == 0) {
            clang_disposeString(s);
            break;
        }
        yes = t && fs_word_says_noreturn(t, strlen(t));
        clang_disposeString(s);
    }
    if (toks)
        clang_disposeTokens(cl->tu, toks, n);
    return yes;
}

/* Is the function ref declared not to return?  Asked once per name. */
static int fs_callee_noreturn(fs_cl *cl, const char *name, CXCursor ref)
{
    struct fs_nameset *e = fs_nameset_room(&cl->noret, &cl->capnoret, cl->nnoret, 256, name);
    if (e->name)
        return e->v;
    int yes = 0;
    CXString ts = clang_getTypeSpelling(clang_getCursorType(ref));
    const char *t = clang_getCString(ts);
    yes = t && strstr(t, "noreturn") != NULL;
    clang_disposeString(ts);
    if (!yes)
        yes = fs_decl_says_noreturn(cl, ref) || fs_decl_says_noreturn(cl, clang_getCanonicalCursor(ref)) ||
              fs_decl_says_noreturn(cl, clang_getCursorDefinition(ref));
    e->name = fs_xstrdup(name);
    e->v = yes;
    cl->nnoret++;
    return yes;
}

static fs_ast *fs_conv_call(fs_cl *cl, CXCursor c)
{
    CXCursor ref = clang_getCursorReferenced(c);
    char *name = NULL;
    fs_callee_info ci = { 0 };
    if (!clang_Cursor_isNull(ref) && ref.kind == CXCursor_FunctionDecl) {
        name = fs_cxstr(cl, clang_getCursorSpelling(ref));
        if (fs_is_setuid_call(name))
            cl->r->uses_setuid = 1;
        if (name && strncmp(name, "__builtin_", 10) == 0 && fs_call_lookup(name + 10))
            name += 10;
        CXType t = clang_getCursorType(ref);
        if (t.kind == CXType_FunctionProto) {
            ci.known = 1;
            ci.variadic = clang_isFunctionTypeVariadic(t);
            int np = clang_getNumArgTypes(t);
            ci.nparams = np < 0 ? 0 : np;
            for (int i = 0; i < ci.nparams && i < 32; i++) {
                CXType pt = clang_getCanonicalType(clang_getArgType(t, (unsigned)i));
                if (pt.kind != CXType_Pointer || clang_isConstQualifiedType(clang_getPointeeType(pt)))
                    ci.const_ptr_mask |= 1u << i;
            }
        }
        if (name)
            ci.noreturn = fs_callee_noreturn(cl, name, ref);
    }
    fs_ast *a = fs_ast_new(cl->arena, FS_A_CALL, name);
    fs_set_range(cl, a, c);
    a->callee = ci;
    fs_ast_add(cl->arena, a, fs_ast_new(cl->arena, FS_A_OTHER, "callee"));
    int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n; i++) {
        fs_ast *x = fs_conv(cl, clang_Cursor_getArgument(c, (unsigned)i));
        fs_ast_add(cl->arena, a, x ? x : fs_ast_new(cl->arena, FS_A_OTHER, "?"));
    }
    return a;
}

static fs_ast *fs_conv_decl_stmt(fs_cl *cl, CXCursor c, fs_kids *k)
{
    fs_ast *a = fs_node_of(cl, c, FS_A_COMPOUND, NULL);
    for (int i = 0; i < k->n; i++) {
        CXCursor d = k->v[i];
        if (d.kind != CXCursor_VarDecl)
            continue;
        fs_ast *x = fs_node_of(cl, d, FS_A_DECL, NULL);
        x->var = fs_add_var(cl, d, FS_VAR_LOCAL);
        CXCursor init = clang_Cursor_getVarDeclInitializer(d);
        if (!clang_Cursor_isNull(init) && !clang_isInvalid(init.kind)) {
            fs_ast *ie = fs_conv(cl, init);
            if (ie) {
                x->has_init = 1;
                fs_ast_add(cl->arena, x, ie);
            }
        }
        fs_ast_add(cl->arena, a, x);
    }
    return a;
}

static fs_ast *fs_conv(fs_cl *cl, CXCursor c)
{
    if (cl->too_deep)
        return NULL;
    if (!fs_depth_enter(&cl->depth, &cl->too_deep, FS_CLANG_MAX_DEPTH))
        return NULL;
    fs_ast *a = NULL;
    fs_kids k = { 0 };
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_CallExpr && kind != CXCursor_DeclStmt)
        k = fs_children(c);
    switch (kind) {
    case CXCursor_CompoundStmt:
        a = fs_node_of(cl, c, FS_A_COMPOUND, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_IfStmt:
        a = fs_node_of(cl, c, FS_A_IF, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_WhileStmt:
        a = fs_node_of(cl, c, FS_A_WHILE, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_DoStmt:
        a = fs_node_of(cl, c, FS_A_DO, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_ForStmt:
        a = fs_conv_for(cl, c, &k);
        break;
    case CXCursor_SwitchStmt:
        a = fs_node_of(cl, c, FS_A_SWITCH, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_CaseStmt:
        a = fs_node_of(cl, c, FS_A_CASE, NULL);
        fs_add_kids(cl, a, &k, 0, 1);
        if (k.n > 1)
            fs_add_kids(cl, a, &k, k.n - 1, k.n);
        break;
    case CXCursor_DefaultStmt:
        a = fs_node_of(cl, c, FS_A_DEFAULT, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_BreakStmt:
        a = fs_node_of(cl, c, FS_A_BREAK, NULL);
        break;
    case CXCursor_ContinueStmt:
        a = fs_node_of(cl, c, FS_A_CONTINUE, NULL);
        break;
    case CXCursor_ReturnStmt:
        a = fs_node_of(cl, c, FS_A_RETURN, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_GotoStmt:
        a = fs_node_of(cl, c, FS_A_GOTO, NULL);
        if (k.n > 0)
            a->name = fs_cxstr(cl, clang_getCursorSpelling(k.v[0]));
        break;
    case CXCursor_IndirectGotoStmt:
        a = fs_node_of(cl, c, FS_A_RETURN, NULL); /* leaves; we cannot follow it */
        break;
    case CXCursor_LabelStmt:
        a = fs_node_of(cl, c, FS_A_LABEL, NULL);
        a->name = fs_cxstr(cl, clang_getCursorSpelling(c));
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_NullStmt:
        a = fs_node_of(cl, c, FS_A_NULL_STMT, NULL);
        break;
    case CXCursor_DeclStmt:
        k = fs_children(c);
        a = fs_conv_decl_stmt(cl, c, &k);
        break;
    case CXCursor_CallExpr:
        a = fs_conv_call(cl, c);
        break;
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        char *op = NULL;
        if (k.n == 2) {
            CXSourceLocation lend = clang_getRangeEnd(clang_getCursorExtent(k.v[0]));
            CXSourceLocation rbeg = clang_getRangeStart(clang_getCursorExtent(k.v[1]));
            CXSourceLocation at = clang_getCursorLocation(c); /* the operator's */
            op = fs_tokens_between_at(cl, lend, rbeg, 0, &at);
        }
        if (!op && kind == CXCursor_BinaryOperator) {
            /* an operator spelled in a macro within a macro (`#define B (A |
             * O_NOFOLLOW)`): a constant expression is its value (open's flags) */
            CXEvalResult ev = clang_Cursor_Evaluate(c);
            int is_int = ev && clang_EvalResult_getKind(ev) == CXEval_Int;
            long v = is_int ? (long)clang_EvalResult_getAsLongLong(ev) : 0;
            if (ev)
                clang_EvalResult_dispose(ev);
            if (is_int) {
                a = fs_node_of(cl, c, FS_A_NUMBER, NULL);
                a->value = v;
                break;
            }
        }
        a = fs_node_of(cl, c, FS_A_BINOP, op ? op : "?");
        fs_add_kids(cl, a, &k, 0, 1);
        if (!op)
            fs_macro_pending(cl, c, a);
        fs_add_kids(cl, a, &k, 1, k.n);
        if (kind == CXCursor_CompoundAssignOperator)
            a->kind = FS_A_ASSIGN;
        fs_binop_kind(a);
        break;
    }
    case CXCursor_UnaryOperator: {
        char *op = fs_op_token(cl, c);
        if (op && (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) && k.n == 1) {
            /* postfix when the operand comes first */
            unsigned o1, o2;
            clang_getFileLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &o1);
            clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(k.v[0])), NULL, NULL, NULL, &o2);
            if (o2 < o1)
                op = fs_ast_strdup(cl->arena, op[0] == '+' ? "post++" : "post--");
        }
        if (!op && k.n == 1) {
            CXSourceRange ext = clang_getCursorExtent(c);
            CXSourceRange sub = clang_getCursorExtent(k.v[0]);
            unsigned o1, o2, f1, f2;
            clang_getExpansionLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &o1);
            clang_getExpansionLocation(clang_getRangeStart(sub), NULL, NULL, NULL, &o2);
            clang_getFileLocation(clang_getRangeStart(ext), NULL, NULL, NULL, &f1);
            clang_getFileLocation(clang_getRangeStart(sub), NULL, NULL, NULL, &f2);
            if (o1 < o2 || (o1 == o2 && f1 < f2)) {
                op = fs_tokens_between(cl, clang_getRangeStart(ext), clang_getRangeStart(sub), 1);
            } else {
                char *p = fs_tokens_between(cl, clang_getRangeEnd(sub), clang_getRangeEnd(ext), 0);
                if (p && (strcmp(p, "++") == 0 || strcmp(p, "--") == 0))
                    op = fs_ast_strdup(cl->arena, strcmp(p, "++") == 0 ? "post++" : "post--");
                else
                    op = p;
            }

        }
        if (!op && k.n == 1) {
            /* inside a macro within a macro (libgit2's GIT_ASSERT_ARG()
             * expands to another that holds `if (!(expr))`): the types
             * tell `!p` of a pointer (an int) from the other unary
             * operators, unless the pointee is an int itself (`*p`) */
            CXType rt = clang_getCanonicalType(clang_getCursorType(c));
            CXType ot = clang_getCanonicalType(clang_getCursorType(k.v[0]));
            if (ot.kind == CXType_Pointer && rt.kind == CXType_Int &&
                clang_getCanonicalType(clang_getPointeeType(ot)).kind != CXType_Int)
                op = fs_ast_strdup(cl->arena, "!");
        }
        a = fs_node_of(cl, c, FS_A_UNOP, op ? op : "?");
        if (!op)
            fs_macro_pending(cl, c, a);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    }
    case CXCursor_ConditionalOperator:
        a = fs_node_of(cl, c, FS_A_COND, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_ParenExpr:
        a = fs_node_of(cl, c, FS_A_PAREN, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_CStyleCastExpr:
        a = fs_node_of(cl, c, FS_A_CAST, NULL);
        if (k.n > 0)
            fs_add_kids(cl, a, &k, k.n - 1, k.n);
        break;
    case CXCursor_MemberRefExpr: {
        a = fs_node_of(cl, c, FS_A_MEMBER, NULL);
        a->name = fs_cxstr(cl, clang_getCursorSpelling(c));
        if (k.n > 0) {
            CXType bt = clang_getCanonicalType(clang_getCursorType(k.v[0]));
            a->arrow = bt.kind == CXType_Pointer;
            fs_add_kids(cl, a, &k, 0, 1);
        }
        break;
    }
    case CXCursor_ArraySubscriptExpr:
        a = fs_node_of(cl, c, FS_A_INDEX, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        a = fs_node_of(cl, c, FS_A_IDENT, NULL);
        a->name = fs_cxstr(cl, clang_getCursorSpelling(c));
        if (!clang_Cursor_isNull(ref) && (ref.kind == CXCursor_VarDecl || ref.kind == CXCursor_ParmDecl)) {
            int v = fs_var_of(cl, ref);
            if (v < 0 && ref.kind == CXCursor_VarDecl) {
                CXCursor parent = clang_getCursorSemanticParent(ref);
                v = fs_add_var(cl, ref, parent.kind == CXCursor_TranslationUnit ? FS_VAR_GLOBAL : FS_VAR_LOCAL);
            }
            a->var = v;
        } else if (!clang_Cursor_isNull(ref) && ref.kind == CXCursor_EnumConstantDecl) {
            a->kind = FS_A_NUMBER;
            a->value = (long)clang_getEnumConstantDeclValue(ref);
        }
        break;
    }
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral: {
        a = fs_node_of(cl, c, FS_A_NUMBER, NULL);
        CXEvalResult ev = clang_Cursor_Evaluate(c);
        if (ev) {
            if (clang_EvalResult_getKind(ev) == CXEval_Int)
                a->value = (long)clang_EvalResult_getAsLongLong(ev);
            clang_EvalResult_dispose(ev);
        }
        break;
    }
    case CXCursor_StringLiteral:
        a = fs_node_of(cl, c, FS_A_STRING, NULL);
        a->name = fs_cxstr(cl, clang_getCursorSpelling(c));
        break;
    case CXCursor_UnaryExpr: /* sizeof, alignof */
        a = fs_node_of(cl, c, FS_A_SIZEOF, NULL);
        break;
    case CXCursor_InitListExpr:
        a = fs_node_of(cl, c, FS_A_INIT_LIST, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    case CXCursor_TypeRef:
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_EnumDecl:
    case CXCursor_TypedefDecl:
    case CXCursor_FunctionDecl:
        a = NULL;
        break;
    default:
        a = fs_node_of(cl, c, FS_A_OTHER, NULL);
        fs_add_kids(cl, a, &k, 0, k.n);
        break;
    }
    free(k.v);
    cl->depth--;
    return a;
}

/* The function of definition c (cl->fn), in file *f. */
fs_func *fs_func_of(fs_cl *cl, CXCursor c, CXFile *f)
{
    clang_getExpansionLocation(clang_getCursorLocation(c), f, NULL, NULL, NULL);
    CXString name = clang_getCursorSpelling(c);
    CXString fname = clang_getFileName(*f);
    fs_func *fn = fs_func_new(clang_getCString(name), clang_getCString(fname) ? clang_getCString(fname) : "",
                              "clang");
    clang_disposeString(name);
    clang_disposeString(fname);
    fn->nparams = clang_Cursor_getNumArguments(c) < 0 ? 0 : clang_Cursor_getNumArguments(c);
    cl->fn = fn;
    return fn;
}

/* The unit's function fn of definition c (in file f), its range set, with body. */
fs_fe_func *fs_push_func(fs_cl *cl, CXCursor c, CXFile f, CXFile main, fs_func *fn, fs_ast *body)
{
    fs_ast tmp;
    memset(&tmp, 0, sizeof tmp);
    fs_set_range(cl, &tmp, c);
    fn->range = tmp.range;
    if (body)
        fn->body = body->range;
    fs_fe_func *ff = fs_fe_result_add(cl->r, fn, body);
    ff->in_main_file = clang_File_isEqual(f, main);
    ff->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
    cl->fn = NULL;
    return ff;
}

void fs_add_function(fs_cl *cl, CXCursor c, CXFile main)
{
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return;
    CXFile f;
    fs_func *fn = fs_func_of(cl, c, &f);
    cl->nvars = 0;
    cl->too_deep = 0;
    cl->depth = 0;
    fs_kids k = fs_children(c);
    fs_ast *body = NULL;
    int np = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < np; i++) {
        CXCursor p = clang_Cursor_getArgument(c, (unsigned)i);
        int v = fs_add_var(cl, p, FS_VAR_PARAM);
        fn->vars[v].param_index = i;
    }
    for (int i = 0; i < k.n; i++)
        if (k.v[i].kind == CXCursor_CompoundStmt)
            body = fs_conv(cl, k.v[i]);
    free(k.v);
    fs_resolve_macro_ops(cl);
    if (cl->too_deep)
        fn->incomplete = 1;
    fs_push_func(cl, c, f, main, fn, body);
}
