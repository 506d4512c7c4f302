/*
 * fe_clang.c - the libclang front end: a translation unit's function
 * definitions as syntax trees (ast.h).
 *
 * Locations are expansion sites (what the user wrote): a call that comes
 * from a function-like macro's body is placed at the macro invocation and
 * carries the macro's name; a call written in a macro's argument keeps its
 * own place.
 */
#include "ir/calls.h"
#include "frontend/clang_api.h"
#include "base/source.h"
#include "frontend/frontend.h"
#include "frontend/ixscan.h"
#include "frontend/prescan.h"
#include "ir/summary.h"
#include "base/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define FS_CLANG_MAX_DEPTH 800

typedef struct fs_macro_exp {
    char *name;
    CXCursor cursor;
    struct fs_ast **pending; /* operators in its body, in source order, spelling unknown */
    int npending, cappending;
    CXFile file;
    unsigned begin, end; /* offsets */
    fs_range range;
} fs_macro_exp;

typedef struct fs_var_map {
    CXCursor decl;
    int var;
} fs_var_map;

typedef struct fs_cl {
    CXTranslationUnit tu;
    fs_fe_result *r;
    fs_ast_arena *arena;
    fs_func *fn;          /* function being converted */
    fs_var_map *vars;
    int nvars, capvars;
    fs_macro_exp *macros;
    int nmacros, capmacros;
    int *by_begin;        /* macro indexes by begin offset, then index */
    int depth;
    int too_deep;
    /* lines of the files the locations are in: libclang is asked for
     * offsets only (a line and column from it cost a search each) */
    struct fs_cl_lines {
        CXFile file;
        unsigned *starts; /* offsets where lines begin; NULL: no contents (ask libclang) */
        int n;
    } *lines;
    int nlines, caplines, lastlines;
    CXFile name_file;     /* the last file whose name was looked up for cl->fn, and that name */
    const char *name;
    fs_func *name_fn;
    /* functions whose text names nothing that matters (fs_trivial) */
    const fs_summaries *project;
    CXCursor *defs;       /* the unit's function definitions, in order */
    int ndefs, capdefs;
    struct fs_mdef {
        char *name;
        CXCursor *defs;   /* each definition of the name (#undef and #define again) */
        int ndefs, capdefs;
        int state;        /* 0 not looked at, 1 being looked at, 2 known */
        int cls;          /* what its expansion may name (FS_TV_...) */
        int *deps;        /* the unit's functions it names (their indexes), nested macros' too */
        int ndeps, capdeps;
    } *mdefs;             /* macro definitions, by name (open addressing) */
    int capmdefs, nmdefs;
    struct fs_nameset {
        char *name;
        int v;            /* fs_name_class; or the first definition of the name (then next[]) */
    } *matters, *defnames, *noret;
    int capmatters, nmatters, capdefnames, capnoret, nnoret;
    int *defnext;         /* per definition: the next one of the same name, or -1 */
} fs_cl;

typedef struct fs_kids {
    CXCursor *v;
    int n, cap;
} fs_kids;

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

static int fs_by_begin_cmp(const void *a, const void *b, void *arg)
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

static fs_ast *fs_conv(fs_cl *cl, CXCursor c);

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

static struct fs_nameset *fs_nameset_slot(struct fs_nameset *v, int cap, const char *name);

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
    if (2 * (cl->nnoret + 1) > cl->capnoret) {
        int cap = cl->capnoret ? 2 * cl->capnoret : 256;
        struct fs_nameset *v = fs_xcalloc((size_t)cap, sizeof *v);
        for (int i = 0; i < cl->capnoret; i++)
            if (cl->noret[i].name)
                *fs_nameset_slot(v, cap, cl->noret[i].name) = cl->noret[i];
        free(cl->noret);
        cl->noret = v;
        cl->capnoret = cap;
    }
    struct fs_nameset *e = fs_nameset_slot(cl->noret, cl->capnoret, name);
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
    if (++cl->depth > FS_CLANG_MAX_DEPTH) {
        cl->too_deep = 1;
        cl->depth--;
        return NULL;
    }
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

typedef struct fs_tu_walk {
    fs_cl *cl;
    CXFile main;
} fs_tu_walk;

/* The function of definition c (cl->fn), in file *f. */
static fs_func *fs_func_of(fs_cl *cl, CXCursor c, CXFile *f)
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
static fs_fe_func *fs_push_func(fs_cl *cl, CXCursor c, CXFile f, CXFile main, fs_func *fn, fs_ast *body)
{
    fs_ast tmp;
    memset(&tmp, 0, sizeof tmp);
    fs_set_range(cl, &tmp, c);
    fn->range = tmp.range;
    if (body)
        fn->body = body->range;
    fs_fe_result *r = cl->r;
    fs_grow(&r->funcs, &r->capfuncs, r->nfuncs + 1, sizeof *r->funcs);
    fs_fe_func *ff = &r->funcs[r->nfuncs++];
    memset(ff, 0, sizeof *ff);
    ff->fn = fn;
    ff->body = body;
    ff->in_main_file = clang_File_isEqual(f, main);
    ff->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
    cl->fn = NULL;
    return ff;
}

static void fs_add_function(fs_cl *cl, CXCursor c, CXFile main)
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

/* --- functions that can give nothing ------------------------------------------------ */

/* A function whose text names no library path call, no call that changes
 * files, copies a string, changes the working folder or the user, no
 * project function or macro with a summary beyond its being defined, no
 * other function of the unit that is not such a function itself, no macro
 * whose expansion could name one, and stores none of its parameters: lowered,
 * it says nothing but that it is defined, and no rule finds anything in it
 * (every finding starts at a path operation).  Such a function is not
 * converted.  FSCHECK_CHECK_TRIVIAL=1 converts it all the same and checks
 * that (driver.c). */

/* The slot of name in an open-addressing set of cap (a power of two) slots. */
static struct fs_nameset *fs_nameset_slot(struct fs_nameset *v, int cap, const char *name)
{
    size_t k = fs_fnv32(name, strlen(name)) & (size_t)(cap - 1);
    while (v[k].name && strcmp(v[k].name, name) != 0)
        k = (k + 1) & (size_t)(cap - 1);
    return &v[k];
}

static void fs_nameset_free(struct fs_nameset *v, int cap)
{
    for (int i = 0; i < cap; i++)
        free(v[i].name);
    free(v);
}

/* What a name in a function's text may bring (bits): */
enum {
    FS_TV_MATTERS = 1, /* lowering acts on it: a summary may come of it */
    FS_TV_PROBE = 2,   /* a probe may come of it (every finding starts at one), or a fact of the
                        * whole unit (setuid) */
    FS_TV_UNSURE = 4   /* what the text names cannot be told from it (then libclang's tree of
                        * the definition is asked: fs_def_class) */
};
#define FS_TV_ALL (FS_TV_MATTERS | FS_TV_PROBE | FS_TV_UNSURE)

static int fs_name_class_now(const fs_cl *cl, const char *name);

/* What lowering makes of a call or use of name (FS_TV_ bits; asked once per name). */
static int fs_name_class(fs_cl *cl, const char *name)
{
    if (2 * (cl->nmatters + 1) > cl->capmatters) {
        int cap = cl->capmatters ? 2 * cl->capmatters : 4096;
        struct fs_nameset *v = fs_xcalloc((size_t)cap, sizeof *v);
        for (int i = 0; i < cl->capmatters; i++)
            if (cl->matters[i].name)
                *fs_nameset_slot(v, cap, cl->matters[i].name) = cl->matters[i];
        free(cl->matters);
        cl->matters = v;
        cl->capmatters = cap;
    }
    struct fs_nameset *e = fs_nameset_slot(cl->matters, cl->capmatters, name);
    if (!e->name) {
        e->name = fs_xstrdup(name);
        e->v = fs_name_class_now(cl, name);
        cl->nmatters++;
    }
    return e->v;
}

static int fs_name_class_now(const fs_cl *cl, const char *name)
{
    unsigned written = 0;
    const char *lib = strncmp(name, "__builtin_", 10) == 0 ? name + 10 : name;
    const fs_call_spec *sp = fs_call_lookup(lib);
    if ((sp && sp->kind == FS_OP_PROBE) || fs_is_setuid_call(lib))
        return FS_TV_MATTERS | FS_TV_PROBE;
    int cls = 0;
    if (sp || fs_libc_writes(name, &written) || fs_call_changes_files(name, "?") || fs_is_chdir(name) || lib != name || fs_call_noreturn(lib, 1, 1))
        cls = FS_TV_MATTERS;
    for (const fs_summary *s = fs_summaries_find(cl->project, name); s; s = fs_summaries_next(cl->project, s)) {
        if (s->param != FS_SUMMARY_DEFINED && !(s->param >= 0 && s->op.kind == FS_OP_NONE && !s->op.copies))
            cls |= FS_TV_MATTERS; /* not a function that only leaves its argument alone */
        if (s->param >= 0 && s->op.kind == FS_OP_PROBE)
            cls |= FS_TV_PROBE;
    }
    return cls;
}

static struct fs_mdef *fs_mdef_slot(fs_cl *cl, const char *name)
{
    if (!cl->capmdefs)
        return NULL;
    size_t k = fs_fnv32(name, strlen(name)) & (size_t)(cl->capmdefs - 1);
    while (cl->mdefs[k].name && strcmp(cl->mdefs[k].name, name) != 0)
        k = (k + 1) & (size_t)(cl->capmdefs - 1);
    return &cl->mdefs[k];
}

static void fs_mdef_add(fs_cl *cl, CXCursor c)
{
    if (2 * (cl->nmdefs + 1) > cl->capmdefs) {
        int cap = cl->capmdefs ? 2 * cl->capmdefs : 1024;
        struct fs_mdef *old = cl->mdefs;
        int oldcap = cl->capmdefs;
        cl->mdefs = fs_xcalloc((size_t)cap, sizeof *cl->mdefs);
        cl->capmdefs = cap;
        for (int i = 0; i < oldcap; i++)
            if (old[i].name)
                *fs_mdef_slot(cl, old[i].name) = old[i];
        free(old);
    }
    CXString s = clang_getCursorSpelling(c);
    const char *name = clang_getCString(s);
    if (name && *name) {
        struct fs_mdef *m = fs_mdef_slot(cl, name);
        if (!m->name) {
            m->name = fs_xstrdup(name);
            cl->nmdefs++;
        }
        FS_PUSH(m->defs, m->ndefs, m->capdefs, c); /* which one a function sees: any of them */
    }
    clang_disposeString(s);
}

/* Whether the unit defines a function of this name: *at, the first one
 * (cl->defnext: the others). */
static int fs_is_def(const fs_cl *cl, const char *name, int *at)
{
    if (!cl->capdefnames)
        return 0;
    const struct fs_nameset *e = fs_nameset_slot(cl->defnames, cl->capdefnames, name);
    if (!e->name)
        return 0;
    *at = e->v;
    return 1;
}

/* What macro m's expansion may name (FS_TV_ bits, and the unit's
 * functions in m->deps): what its replacement names, and the nested
 * macros' (each definition of each: #undef and #define again); token
 * pasting makes any name; assigning a parameter matters. */
static void fs_macro_def_class(fs_cl *cl, struct fs_mdef *m, CXCursor def, int depth);

static int fs_int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* v[0, *n) sorted, each once (a macro used many times, or nested, names
 * the same functions again). */
static void fs_ints_unique(int *v, int *n)
{
    if (*n < 2)
        return;
    qsort(v, (size_t)*n, sizeof *v, fs_int_cmp);
    int w = 1;
    for (int i = 1; i < *n; i++)
        if (v[i] != v[w - 1])
            v[w++] = v[i];
    *n = w;
}

static void fs_macro_class(fs_cl *cl, struct fs_mdef *m, int depth)
{
    if (m->state == 2)
        return;
    if (m->state == 1 || depth > 16) {
        m->cls |= FS_TV_ALL; /* a loop, or too deep to follow */
        return;
    }
    m->state = 1;
    for (int i = 0; i < m->ndefs && !(m->cls & FS_TV_UNSURE); i++)
        fs_macro_def_class(cl, m, m->defs[i], depth);
    fs_ints_unique(m->deps, &m->ndeps);
    m->state = 2;
}

/* The unit's functions of the name: appended to deps (their indexes). */
static void fs_add_defs(const fs_cl *cl, const char *name, int **deps, int *ndeps, int *capdeps)
{
    int at;
    if (fs_is_def(cl, name, &at))
        for (; at >= 0; at = cl->defnext[at])
            FS_PUSH(*deps, *ndeps, *capdeps, at);
}

static void fs_macro_def_class(fs_cl *cl, struct fs_mdef *m, CXCursor def, int depth)
{
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(cl->tu, clang_getCursorExtent(def), &toks, &n);
    char **params = NULL;
    int nparams = 0, capparams = 0;
    unsigned k = 1; /* after the name */
    if (clang_Cursor_isMacroFunctionLike(def)) {
        for (k = 2; k < n; k++) {
            CXString s = clang_getTokenSpelling(cl->tu, toks[k]);
            const char *t = clang_getCString(s);
            int close = strcmp(t, ")") == 0;
            if (clang_getTokenKind(toks[k]) == CXToken_Identifier)
                FS_PUSH(params, nparams, capparams, fs_xstrdup(t));
            clang_disposeString(s);
            if (close) {
                k++;
                break;
            }
        }
    }
    int after_eq = 0;
    for (; k < n && !(m->cls & FS_TV_UNSURE); k++) {
        CXString s = clang_getTokenSpelling(cl->tu, toks[k]);
        const char *t = clang_getCString(s);
        CXTokenKind kind = clang_getTokenKind(toks[k]);
        if (kind == CXToken_Punctuation) {
            if (strcmp(t, "##") == 0)
                m->cls |= FS_TV_ALL; /* a name pasted together: any name */
            else if (strcmp(t, "=") == 0)
                after_eq = 1;
            else if (strcmp(t, ";") == 0 || strcmp(t, "{") == 0 || strcmp(t, "}") == 0)
                after_eq = 0;
        } else if (kind == CXToken_Identifier || kind == CXToken_Keyword) {
            int param = 0;
            for (int i = 0; i < nparams && !param; i++)
                param = strcmp(params[i], t) == 0 || (strcmp(params[i], "...") == 0 && strcmp(t, "__VA_ARGS__") == 0);
            if (param || strcmp(t, "__VA_ARGS__") == 0) {
                if (after_eq)
                    m->cls |= FS_TV_MATTERS;
            } else {
                m->cls |= fs_name_class(cl, t);
                int before = m->ndeps;
                fs_add_defs(cl, t, &m->deps, &m->ndeps, &m->capdeps);
                if (m->ndeps > before)
                    m->cls |= FS_TV_MATTERS;
                struct fs_mdef *o = fs_mdef_slot(cl, t);
                if (o && o->name && o != m) {
                    fs_macro_class(cl, o, depth + 1);
                    m->cls |= o->cls;
                    for (int i = 0; i < o->ndeps; i++)
                        FS_PUSH(m->deps, m->ndeps, m->capdeps, o->deps[i]);
                }
            }
        }
        clang_disposeString(s);
    }
    if (toks)
        clang_disposeTokens(cl->tu, toks, n);
    for (int i = 0; i < nparams; i++)
        free(params[i]);
    free(params);
}

/* What definition c refers to, as libclang's tree has it (macros
 * expanded, pasted names made): for a definition whose text leaves that
 * unsure.  Matters, and may probe when a function it refers to may. */
typedef struct fs_refs {
    fs_cl *cl;
    int cls;
    int **deps, *ndeps, *capdeps;
} fs_refs;

static enum CXChildVisitResult fs_refs_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    fs_refs *x = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(ref) && ref.kind == CXCursor_FunctionDecl) {
            CXString s = clang_getCursorSpelling(ref);
            const char *name = clang_getCString(s);
            if (name && *name) {
                x->cls |= fs_name_class(x->cl, name);
                fs_add_defs(x->cl, name, x->deps, x->ndeps, x->capdeps);
            }
            clang_disposeString(s);
        }
    }
    return CXChildVisit_Recurse;
}

static int fs_def_tree_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps)
{
    fs_refs x = { cl, FS_TV_MATTERS, deps, ndeps, capdeps };
    clang_visitChildren(c, fs_refs_visit, &x);
    return x.cls & ~FS_TV_UNSURE;
}

/* What the text of definition c may bring (FS_TV_ bits), with the unit's
 * functions it names in deps[] (their indexes). */
static int fs_def_text_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps);

static int fs_def_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps)
{
    int cls = fs_def_text_class(cl, c, deps, ndeps, capdeps);
    if (cls & FS_TV_UNSURE) {
        *ndeps = 0;
        cls = fs_def_tree_class(cl, c, deps, ndeps, capdeps);
    }
    return cls;
}

static int fs_def_text_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps)
{
    CXSourceRange ext = clang_getCursorExtent(c);
    CXFile f1, f2;
    unsigned b, e;
    clang_getFileLocation(clang_getRangeStart(ext), &f1, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &e);
    size_t size = 0;
    const char *text = f1 && clang_File_isEqual(f1, f2) ? clang_getFileContents(cl->tu, f1, &size) : NULL;
    if (!text || e <= b || e > size)
        return FS_TV_ALL;
    /* the name and the expansion of a macro spelled there (the definition may be made by one) */
    {
        unsigned eb, eo;
        CXFile ef;
        clang_getExpansionLocation(clang_getRangeStart(ext), &ef, NULL, NULL, &eb);
        clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &eo);
        if (!ef || !clang_File_isEqual(ef, f1) || eb != b || eo != e)
            return FS_TV_ALL;
    }
    /* its parameters */
    char **params = NULL;
    int nparams = 0, capparams = 0;
    int np = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < np; i++) {
        CXString s = clang_getCursorSpelling(clang_Cursor_getArgument(c, (unsigned)i));
        FS_PUSH(params, nparams, capparams, fs_xstrdup(clang_getCString(s)));
        clang_disposeString(s);
    }
    CXString selfs = clang_getCursorSpelling(c);
    char *self_name = fs_xstrdup(clang_getCString(selfs));
    clang_disposeString(selfs);
    int cls = 0, after_eq = 0;
    char name[256];
    const char *t = text;
    for (long i = b; i < (long)e && !(cls & FS_TV_UNSURE);) {
        char ch = t[i];
        if (ch == '\\' && i + 1 < (long)e && (t[i + 1] == '\n' || t[i + 1] == '\r')) {
            cls |= FS_TV_ALL; /* a line spliced: a name may be in two pieces (sta\ t) */
            break;
        }
        if (ch == '#') {
            /* a directive that brings text in (#include inside a body) */
            long q = i + 1;
            while (q < (long)e && (t[q] == ' ' || t[q] == '\t'))
                q++;
            if (((long)e - q > 7 && strncmp(t + q, "include", 7) == 0) ||
                ((long)e - q > 6 && strncmp(t + q, "import", 6) == 0)) {
                cls |= FS_TV_ALL;
                break;
            }
        }
        long skip = fs_xs_skip_lexical(t, (long)e, i); /* a comment or literal */
        if (skip != i) {
            i = skip;
            continue;
        }
        if (ch == '=') {
            after_eq |= fs_xs_is_assign(t, (long)e, i, (long)b);
            i++;
            continue;
        }
        if (ch == ';' || ch == '{' || ch == '}') {
            after_eq = 0;
            i++;
            continue;
        }
        if (!fs_xs_ident_start(ch) || (i > (long)b && fs_xs_ident(t[i - 1]))) {
            i++;
            continue;
        }
        long s0 = i;
        while (i < (long)e && fs_xs_ident(t[i]))
            i++;
        if (fs_xs_is_member(t, (long)b, s0))
            continue;
        if ((size_t)(i - s0) >= sizeof name) {
            cls |= FS_TV_ALL;
            break;
        }
        memcpy(name, t + s0, (size_t)(i - s0));
        name[i - s0] = '\0';
        int param = 0;
        for (int k = 0; k < nparams && !param; k++)
            param = strcmp(params[k], name) == 0;
        if (param) {
            if (after_eq)
                cls |= FS_TV_MATTERS; /* a parameter stored (or anything made of it) */
            continue;
        }
        if (strcmp(name, self_name) == 0)
            continue; /* itself */
        cls |= fs_name_class(cl, name);
        int before = *ndeps;
        fs_add_defs(cl, name, deps, ndeps, capdeps);
        if (*ndeps == before) {
            struct fs_mdef *m = fs_mdef_slot(cl, name);
            if (m && m->name) {
                fs_macro_class(cl, m, 0);
                cls |= m->cls;
                for (int k = 0; k < m->ndeps; k++)
                    FS_PUSH(*deps, *ndeps, *capdeps, m->deps[k]);
            }
        }
    }
    for (int k = 0; k < nparams; k++)
        free(params[k]);
    free(params);
    free(self_name);
    return cls;
}

/* Which of the unit's definitions are not converted (out[i]): 1, trivial:
 * its text names nothing that matters, and no function of the unit that
 * does; 2, no probe can come of it and none of the converted functions
 * names it (its summaries would reach no probe, and it has no finding).
 * The others are converted: those a probe may come of (by name, or
 * through a function of the unit they name), and the unit's functions
 * they name, and theirs.  When the text of one leaves what it names
 * unsure, libclang's tree of it says. */
static void fs_trivial_all(fs_cl *cl, unsigned char *out)
{
    /* the names of the unit's functions */
    cl->capdefnames = 16;
    while (cl->capdefnames < 2 * cl->ndefs + 2)
        cl->capdefnames *= 2;
    cl->defnames = fs_xcalloc((size_t)cl->capdefnames, sizeof *cl->defnames);
    cl->defnext = fs_xmalloc(sizeof(int) * ((size_t)cl->ndefs + 1));
    for (int i = cl->ndefs - 1; i >= 0; i--) {
        CXString s = clang_getCursorSpelling(cl->defs[i]);
        struct fs_nameset *e = fs_nameset_slot(cl->defnames, cl->capdefnames, clang_getCString(s));
        cl->defnext[i] = -1;
        if (e->name)
            cl->defnext[i] = e->v;
        else
            e->name = fs_xstrdup(clang_getCString(s));
        e->v = i;
        clang_disposeString(s);
    }
    int **deps = fs_xcalloc((size_t)cl->ndefs + 1, sizeof *deps);
    int *ndeps = fs_xcalloc((size_t)cl->ndefs + 1, sizeof *ndeps);
    int *cls = fs_xcalloc((size_t)cl->ndefs + 1, sizeof *cls);
    for (int i = 0; i < cl->ndefs; i++) {
        int cap = 0;
        cls[i] = fs_def_class(cl, cl->defs[i], &deps[i], &ndeps[i], &cap);
        fs_ints_unique(deps[i], &ndeps[i]);
    }
    /* one that names a function of the unit that matters matters; one
     * that names one a probe may come of may probe */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < cl->ndefs; i++)
            for (int k = 0; k < ndeps[i]; k++) {
                int add = cls[deps[i][k]] & (FS_TV_MATTERS | FS_TV_PROBE);
                if ((cls[i] | add) != cls[i]) {
                    cls[i] |= add;
                    changed = 1;
                }
            }
    }
    for (int i = 0; i < cl->ndefs; i++)
        out[i] = !(cls[i] & FS_TV_MATTERS) ? 1 : (cls[i] & FS_TV_PROBE) ? 0 : 2;
    /* what a converted one names is converted */
    int *stack = fs_xmalloc(sizeof(int) * ((size_t)cl->ndefs + 1));
    int sp = 0;
    for (int i = 0; i < cl->ndefs; i++)
        if (out[i] == 0)
            stack[sp++] = i;
    while (sp > 0) {
        int i = stack[--sp];
        for (int k = 0; k < ndeps[i]; k++)
            if (out[deps[i][k]] == 2) {
                out[deps[i][k]] = 0;
                stack[sp++] = deps[i][k];
            }
    }
    free(stack);
    for (int i = 0; i < cl->ndefs; i++)
        free(deps[i]);
    free(deps);
    free(ndeps);
    free(cls);
}

/* A trivial definition: defined, with its parameters, not converted. */
static void fs_add_trivial(fs_cl *cl, CXCursor c, CXFile main)
{
    CXFile f;
    fs_func *fn = fs_func_of(cl, c, &f);
    fs_push_func(cl, c, f, main, fn, NULL)->trivial = 1;
}

static enum CXChildVisitResult fs_tu_visit(CXCursor c, CXCursor parent, CXClientData d)
{
    (void)parent;
    fs_tu_walk *w = d;
    fs_cl *cl = w->cl;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_MacroExpansion) {
        CXSourceRange ext = clang_getCursorExtent(c);
        CXFile f;
        unsigned l1, c1, o1, l2, c2, o2;
        clang_getExpansionLocation(clang_getRangeStart(ext), &f, &l1, &c1, &o1);
        clang_getExpansionLocation(clang_getRangeEnd(ext), NULL, &l2, &c2, &o2);
        if (clang_Location_isInSystemHeader(clang_getRangeStart(ext)))
            return CXChildVisit_Continue;
        fs_grow(&cl->macros, &cl->capmacros, cl->nmacros + 1, sizeof *cl->macros);
        fs_macro_exp *m = &cl->macros[cl->nmacros++];
        CXString s = clang_getCursorSpelling(c);
        m->name = fs_xstrdup(clang_getCString(s));
        m->cursor = c;
        m->pending = NULL;
        m->npending = m->cappending = 0;
        clang_disposeString(s);
        m->file = f;
        m->begin = o1;
        m->end = o2;
        m->range.begin.line = (int)l1;
        m->range.begin.col = (int)c1;
        m->range.begin.offset = o1;
        m->range.end.line = (int)l2;
        m->range.end.col = (int)c2;
        m->range.end.offset = o2;
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_MacroDefinition && cl->project) {
        fs_mdef_add(cl, c);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
        /* converted once every macro expansion is known (those inside it
         * too), and every definition (fs_trivial_all) */
        if (!clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
            FS_PUSH(cl->defs, cl->ndefs, cl->capdefs, c);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr)
        return CXChildVisit_Continue;
    return CXChildVisit_Continue;
}

typedef struct fs_cl_priv {
    CXIndex index;
    CXTranslationUnit tu;
} fs_cl_priv;

static void fs_cl_priv_free(void *p)
{
    fs_cl_priv *cp = p;
    if (cp->tu)
        clang_disposeTranslationUnit(cp->tu);
    if (cp->index)
        clang_disposeIndex(cp->index);
    free(cp);
}

void fs_fe_clang_init(void)
{
    setenv("LIBCLANG_NOTHREADS", "1", 0);
}

/* One parse, on a thread with a stack of a known size. */
typedef struct fs_parse_job {
    CXIndex index;
    const char *path;
    const char *const *args;
    int nargs;
    struct CXUnsavedFile *unsaved;
    unsigned nunsaved, opts;
    const char *text; /* to look at first (prescan.h), or NULL */
    size_t len;
    size_t stack;     /* of the thread libclang parses on */
    CXTranslationUnit tu;
    enum CXErrorCode err;
    char *why;        /* the prescan's objection */
} fs_parse_job;

/* libclang's parser recurses for each level of nesting, a few KiB deep
 * each: allow a level per 10 KiB of the stack. */
#define FS_CLANG_STACK_PER_LEVEL (10u << 10)

static void *fs_parse_run(void *arg)
{
    fs_parse_job *j = arg;
    if (j->text && fs_prescan_unit(j->path, j->text, j->len, j->args, j->nargs,
                                   (long)(j->stack / FS_CLANG_STACK_PER_LEVEL), &j->why) != 0)
        return NULL;
    j->err = clang_parseTranslationUnit2(j->index, j->path, j->args, j->nargs, j->unsaved, j->nunsaved, j->opts,
                                         &j->tu);
    return NULL;
}

/* With LIBCLANG_NOTHREADS (fs_fe_clang_init), libclang parses on the
 * calling thread: this one, with a stack of 1 GiB (mapped, used as
 * needed), or less where that cannot be had.  Without it libclang starts a
 * thread of its own with 8 MiB. */
static void fs_parse_with_stack(fs_parse_job *j)
{
    static const size_t sizes[] = { FS_CLANG_PARSE_STACK, (size_t)256 << 20, (size_t)64 << 20 };
    int here = getenv("LIBCLANG_NOTHREADS") != NULL;
    /* a thread with a stack as large as the first size (a worker of
     * run.c's) parses on its own stack: no thread, and no stack mapped and
     * faulted in again, per unit (a MiB is left for the frames below) */
    pthread_attr_t self;
    size_t have = 0;
    if (here && pthread_getattr_np(pthread_self(), &self) == 0) {
        if (pthread_attr_getstacksize(&self, &have) != 0)
            have = 0;
        pthread_attr_destroy(&self);
    }
    if (here && have >= sizes[0]) {
        j->stack = have - ((size_t)1 << 20);
        fs_parse_run(j);
        return;
    }
    for (size_t i = 0; here && i < sizeof sizes / sizeof sizes[0]; i++) {
        pthread_attr_t attr;
        pthread_t t;
        if (pthread_attr_init(&attr) != 0)
            break;
        j->stack = sizes[i];
        int ok = pthread_attr_setstacksize(&attr, sizes[i]) == 0 && pthread_create(&t, &attr, fs_parse_run, j) == 0;
        pthread_attr_destroy(&attr);
        if (ok) {
            pthread_join(t, NULL);
            return;
        }
    }
    j->stack = (size_t)8 << 20; /* libclang's own thread, or (here) a thread of ours at least that large */
    fs_parse_run(j);
}

int fs_fe_clang_parse(const char *path, const fs_clang_opts *o, fs_fe_result *r)
{
    memset(r, 0, sizeof *r);
    const char *cannot = NULL;
    if (fs_clang_load(&cannot) != 0) {
        r->fatal = fs_xstrdup(cannot);
        return -1;
    }
    r->arena = fs_ast_arena_new();
    fs_cl_priv *cp = fs_xcalloc(1, sizeof *cp);
    r->priv = cp;
    r->priv_free = fs_cl_priv_free;
    cp->index = clang_createIndex(0, 0);

    int has_res = 0;
    for (int i = 0; i < o->nargs; i++)
        if (strcmp(o->args[i], "-resource-dir") == 0 || strncmp(o->args[i], "-resource-dir=", 14) == 0)
            has_res = 1;
    const char **args = fs_xmalloc(sizeof(char *) * (size_t)(o->nargs + 8));
    int n = 0;
    for (int i = 0; i < o->nargs; i++) {
        /* warnings change no syntax tree: their options are left out (an
         * unknown one costs clang a search for the nearest known name, and
         * -Werror=... would make a warning an error of the unit), and -w
         * asks for none; -Wp, (preprocessor), -Wl, and -Wa, stay */
        const char *a = o->args[i];
        if ((strncmp(a, "-W", 2) == 0 && strncmp(a, "-Wp,", 4) != 0 && strncmp(a, "-Wl,", 4) != 0 &&
             strncmp(a, "-Wa,", 4) != 0) ||
            strcmp(a, "-pedantic") == 0 || strcmp(a, "--pedantic") == 0 || strcmp(a, "-pedantic-errors") == 0 ||
            strcmp(a, "--pedantic-errors") == 0)
            continue;
        args[n++] = a;
    }
    args[n++] = "-w";
    /* every error, not the first 20: each marks a function whose body
     * libclang damaged, for tree-sitter to take (driver.c) */
    args[n++] = "-ferror-limit=0";
    if (!has_res && o->resource_dir && *o->resource_dir) {
        args[n++] = "-resource-dir";
        args[n++] = o->resource_dir;
    }
    /* no -working-directory: libclang would change the process's working
     * folder, for every thread; compdb.c makes the flags' paths absolute */
    unsigned opts = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
    struct CXUnsavedFile unsaved = { path, o->contents, o->length };
    const char *why = NULL;
    long flen = 0;
    char *ftext = o->contents ? NULL : fs_source_read(path, &flen, &why, NULL);
    fs_parse_job job = { cp->index, path, args, n, o->contents ? &unsaved : NULL, o->contents ? 1 : 0, opts,
                         o->contents ? o->contents : ftext, o->contents ? o->length : (size_t)flen, 0, NULL,
                         CXError_Failure, NULL };
    fs_parse_with_stack(&job);
    free(ftext);
    free(args);
    cp->tu = job.tu;
    enum CXErrorCode err = job.err;
    if (job.why) {
        r->fatal = fs_xasprintf("not given to libclang: %s", job.why);
        free(job.why);
        return -1;
    }
    if (err != CXError_Success || !cp->tu) {
        r->fatal = fs_xasprintf("libclang could not parse the file (error %d)", (int)err);
        return -1;
    }
    unsigned nd = clang_getNumDiagnostics(cp->tu);
    for (unsigned i = 0; i < nd; i++) {
        CXDiagnostic d = clang_getDiagnostic(cp->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Error) {
            r->nerrors++;
            CXFile df;
            unsigned dl;
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &df, &dl, NULL, NULL);
            if (df && clang_File_isEqual(df, clang_getFile(cp->tu, path)))
                FS_PUSH(r->error_lines, r->nerror_lines, r->caperror_lines, (int)dl);
            if (!r->first_error) {
                CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                       CXDiagnostic_DisplayColumn);
                r->first_error = fs_xstrdup(clang_getCString(s));
                clang_disposeString(s);
            }
        }
        clang_disposeDiagnostic(d);
    }
    /* the main file's arms the build does not compile: tree-sitter never
     * analyses them (driver.c) */
    CXFile mainf = clang_getFile(cp->tu, path);
    CXSourceRangeList *sk = mainf ? clang_getSkippedRanges(cp->tu, mainf) : NULL;
    for (unsigned i = 0; sk && i < sk->count; i++) {
        unsigned b, e;
        clang_getFileLocation(clang_getRangeStart(sk->ranges[i]), NULL, NULL, NULL, &b);
        clang_getFileLocation(clang_getRangeEnd(sk->ranges[i]), NULL, NULL, NULL, &e);
        if (e > b) {
            FS_PUSH(r->skipped, r->nskipped, r->capskipped, (long)b);
            FS_PUSH(r->skipped, r->nskipped, r->capskipped, (long)e);
        }
    }
    if (sk)
        clang_disposeSourceRangeList(sk);
    r->nskipped /= 2;
    fs_cl cl;
    memset(&cl, 0, sizeof cl);
    cl.tu = cp->tu;
    cl.r = r;
    cl.project = o->project;
    cl.arena = r->arena;
    fs_tu_walk w = { &cl, clang_getFile(cp->tu, path) };
    CXCursor root = clang_getTranslationUnitCursor(cp->tu);
    /* one walk over the unit's top level: the macro expansions (and
     * definitions) and the function definitions; the functions are
     * converted after it, every expansion inside them known */
    clang_visitChildren(root, fs_tu_visit, &w);
    if (cl.nmacros > 0) {
        cl.by_begin = fs_xmalloc(sizeof(int) * (size_t)cl.nmacros);
        for (int i = 0; i < cl.nmacros; i++)
            cl.by_begin[i] = i;
        qsort_r(cl.by_begin, (size_t)cl.nmacros, sizeof(int), fs_by_begin_cmp, cl.macros);
    }
    if (cl.ndefs) {
        unsigned char *trivial = fs_xcalloc((size_t)cl.ndefs + 1, 1);
        if (cl.project)
            fs_trivial_all(&cl, trivial);
        int check = getenv("FSCHECK_CHECK_TRIVIAL") != NULL;
        for (int i = 0; i < cl.ndefs; i++) {
            if (trivial[i] && !check) {
                fs_add_trivial(&cl, cl.defs[i], w.main);
            } else {
                fs_add_function(&cl, cl.defs[i], w.main);
                r->funcs[r->nfuncs - 1].would_skip = trivial[i];
            }
        }
        free(trivial);
    }
    free(cl.defs);
    for (int i = 0; i < cl.capmdefs; i++) {
        free(cl.mdefs[i].name);
        free(cl.mdefs[i].defs);
        free(cl.mdefs[i].deps);
    }
    free(cl.mdefs);
    fs_nameset_free(cl.matters, cl.capmatters);
    fs_nameset_free(cl.noret, cl.capnoret);
    fs_nameset_free(cl.defnames, cl.capdefnames);
    free(cl.defnext);
    free(cl.by_begin);
    for (int i = 0; i < cl.nmacros; i++) {
        free(cl.macros[i].name);
        free(cl.macros[i].pending);
    }
    free(cl.macros);
    free(cl.vars);
    for (int i = 0; i < cl.nlines; i++)
        free(cl.lines[i].starts);
    free(cl.lines);
    /* everything kept was copied out (names, files, ranges): the unit's
     * memory goes now, before the functions are lowered and checked */
    clang_disposeTranslationUnit(cp->tu);
    cp->tu = NULL;
    clang_disposeIndex(cp->index);
    cp->index = NULL;
    return 0;
}

void fs_fe_result_free(fs_fe_result *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->nfuncs; i++)
        fs_func_delete(r->funcs[i].fn);
    free(r->funcs);
    fs_ast_arena_delete(r->arena);
    free(r->first_error);
    free(r->error_lines);
    free(r->skipped);
    free(r->fatal);
    if (r->priv && r->priv_free)
        r->priv_free(r->priv);
    memset(r, 0, sizeof *r);
}
