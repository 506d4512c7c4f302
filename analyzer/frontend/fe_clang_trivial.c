/* fe_clang_trivial.c - the libclang front end (fe_clang.c): which functions can give
 * nothing (no probe can come of them, none names one), from their text and
 * the macros they use, so that they are not converted. */
#include "frontend/clang_private.h"

static int fs_name_class_now(const fs_cl *cl, const char *name);

static void fs_macro_def_class(fs_cl *cl, struct fs_mdef *m, CXCursor def, int depth);

static int fs_def_text_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps);

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
struct fs_nameset *fs_nameset_slot(struct fs_nameset *v, int cap, const char *name)
{
    size_t k = fs_fnv32(name, strlen(name)) & (size_t)(cap - 1);
    while (v[k].name && strcmp(v[k].name, name) != 0)
        k = (k + 1) & (size_t)(cap - 1);
    return &v[k];
}

/* The slot of name in the set *v of *cap slots, made room for one more
 * than n names first (the set grows from `first` slots, doubling). */
struct fs_nameset *fs_nameset_room(struct fs_nameset **v, int *cap, int n, int first, const char *name)
{
    if (2 * (n + 1) > *cap) {
        int ncap = *cap ? 2 * *cap : first;
        struct fs_nameset *nv = fs_xcalloc((size_t)ncap, sizeof *nv);
        for (int i = 0; i < *cap; i++)
            if ((*v)[i].name)
                *fs_nameset_slot(nv, ncap, (*v)[i].name) = (*v)[i];
        free(*v);
        *v = nv;
        *cap = ncap;
    }
    return fs_nameset_slot(*v, *cap, name);
}

void fs_nameset_free(struct fs_nameset *v, int cap)
{
    for (int i = 0; i < cap; i++)
        free(v[i].name);
    free(v);
}

/* What lowering makes of a call or use of name (FS_TV_ bits; asked once per name). */
int fs_name_class(fs_cl *cl, const char *name)
{
    struct fs_nameset *e = fs_nameset_room(&cl->matters, &cl->capmatters, cl->nmatters, 4096, name);
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

int fs_def_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps)
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
        long skip = fs_lex_skip(t, (long)e, i); /* a comment or literal */
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
        if (!fs_lex_ident_start(ch) || (i > (long)b && fs_lex_ident(t[i - 1]))) {
            i++;
            continue;
        }
        long s0 = i;
        while (i < (long)e && fs_lex_ident(t[i]))
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
void fs_trivial_all(fs_cl *cl, unsigned char *out)
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
    for (int i = 0; i < cl->ndefs; i++)
        free(deps[i]);
    FS_FREE(stack, deps, ndeps, cls);
}

/* A trivial definition: defined, with its parameters, not converted. */
void fs_add_trivial(fs_cl *cl, CXCursor c, CXFile main)
{
    CXFile f;
    fs_func *fn = fs_func_of(cl, c, &f);
    fs_push_func(cl, c, f, main, fn, NULL)->trivial = 1;
}

enum CXChildVisitResult fs_tu_visit(CXCursor c, CXCursor parent, CXClientData d)
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
    if (k == CXCursor_MacroDefinition && w->defined) {
        CXFile f = NULL;
        clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        if (!f || !clang_File_isEqual(f, w->main)) {
            CXString s = clang_getCursorSpelling(c);
            FS_PUSH(cl->r->defined, cl->r->ndefined, cl->r->capdefined, fs_xstrdup(clang_getCString(s)));
            clang_disposeString(s);
        }
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
