/*
 * fe_clang.c - the libclang front end: a translation unit's function
 * definitions as syntax trees (ast.h).
 *
 * Locations are expansion sites (what the user wrote): a call that comes
 * from a function-like macro's body is placed at the macro invocation and
 * carries the macro's name; a call written in a macro's argument keeps its
 * own place.
 *
 * This file: parsing a unit and the entry points; converting its cursors is
 * fe_clang_conv.c, telling the functions that can give nothing
 * fe_clang_trivial.c.
 */
#include "frontend/clang_private.h"
#include "base/path.h"

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

/* A diagnostic as clang_formatDiagnostic() gives it, "FILE:LINE:COL:
 * error: TEXT", but for the file's name when it holds "/../": libclang,
 * given the main file's text, may spell a header it reaches by a quoted
 * include as "dir/sub/../h.h" where it would say "dir/h.h". */
static char *fs_diag_text(CXDiagnostic d, enum CXDiagnosticSeverity sev)
{
    CXString text = clang_getDiagnosticSpelling(d);
    CXFile f = NULL;
    unsigned line = 0, col = 0;
    clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
    const char *what = sev == CXDiagnostic_Fatal ? "fatal error" : "error";
    char *out;
    if (f) {
        CXString file = clang_getFileName(f);
        const char *name = clang_getCString(file);
        char *tidy = strstr(name, "/../") ? fs_path_tidy(name) : NULL;
        out = fs_xasprintf("%s:%u:%u: %s: %s", tidy ? tidy : name, line, col, what, clang_getCString(text));
        free(tidy);
        clang_disposeString(file);
    } else {
        out = fs_xasprintf("%s: %s", what, clang_getCString(text));
    }
    clang_disposeString(text);
    return out;
}

/* Whether an error diagnostic says the unit misses a header: an #include
 * not found, or an #error directive (a configuration the build would have
 * made). */
static int fs_diag_missing_header(CXTranslationUnit tu, CXDiagnostic d)
{
    CXString text = clang_getDiagnosticSpelling(d);
    const char *s = clang_getCString(text);
    int missing = s && strstr(s, "file not found") != NULL;
    clang_disposeString(text);
    if (missing)
        return 1;
    CXFile f = NULL;
    unsigned off = 0;
    clang_getFileLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
    size_t size = 0;
    const char *t = f ? clang_getFileContents(tu, f, &size) : NULL;
    if (!t || off >= size || size - off < 5 || memcmp(t + off, "error", 5) != 0)
        return 0;
    long i = (long)off - 1;
    while (i >= 0 && (t[i] == ' ' || t[i] == '\t'))
        i--;
    return i >= 0 && t[i] == '#';
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
            if (!r->first_error)
                r->first_error = fs_diag_text(d, sev);
            if (!r->missing_header)
                r->missing_header = fs_diag_missing_header(cp->tu, d);
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
    fs_tu_walk w = { &cl, clang_getFile(cp->tu, path), r->missing_header };
    CXCursor root = clang_getTranslationUnitCursor(cp->tu);
    /* one walk over the unit's top level: the macro expansions (and
     * definitions) and the function definitions; the functions are
     * converted after it, every expansion inside them known */
    clang_visitChildren(root, fs_tu_visit, &w);
    if (r->ndefined)
        fs_strv_sort_unique(r->defined, &r->ndefined);
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

