/*
 * clang_private.h - what the files of the libclang front end share
 * (fe_clang.c, fe_clang_conv.c, fe_clang_trivial.c); not for use outside them.
 */
#ifndef FSCHECK_CLANG_PRIVATE_H
#define FSCHECK_CLANG_PRIVATE_H

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

typedef struct fs_tu_walk {
    fs_cl *cl;
    CXFile main;
    int defined; /* collect the names of the macros defined outside the main file (r->defined) */
} fs_tu_walk;

/* What a name in a function's text may bring (bits): */
enum {
    FS_TV_MATTERS = 1, /* lowering acts on it: a summary may come of it */
    FS_TV_PROBE = 2,   /* a probe may come of it (every finding starts at one), or a fact of the
                        * whole unit (setuid) */
    FS_TV_UNSURE = 4   /* what the text names cannot be told from it (then libclang's tree of
                        * the definition is asked: fs_def_class) */
};

#define FS_TV_ALL (FS_TV_MATTERS | FS_TV_PROBE | FS_TV_UNSURE)
/* What macro m's expansion may name (FS_TV_ bits, and the unit's
 * functions in m->deps): what its replacement names, and the nested
 * macros' (each definition of each: #undef and #define again); token
 * pasting makes any name; assigning a parameter matters. */

/* What definition c refers to, as libclang's tree has it (macros
 * expanded, pasted names made): for a definition whose text leaves that
 * unsure.  Matters, and may probe when a function it refers to may. */
typedef struct fs_refs {
    fs_cl *cl;
    int cls;
    int **deps, *ndeps, *capdeps;
} fs_refs;
/* What the text of definition c may bring (FS_TV_ bits), with the unit's
 * functions it names in deps[] (their indexes). */

typedef struct fs_cl_priv {
    CXIndex index;
    CXTranslationUnit tu;
} fs_cl_priv;

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

/* Defined in one of fe_clang.c, fe_clang_conv.c, fe_clang_trivial.c and used in another;
 * each is described where it is defined. */
int fs_by_begin_cmp(const void *a, const void *b, void *arg);
fs_func *fs_func_of(fs_cl *cl, CXCursor c, CXFile *f);
fs_fe_func *fs_push_func(fs_cl *cl, CXCursor c, CXFile f, CXFile main, fs_func *fn, fs_ast *body);
void fs_add_function(fs_cl *cl, CXCursor c, CXFile main);
struct fs_nameset *fs_nameset_slot(struct fs_nameset *v, int cap, const char *name);
struct fs_nameset *fs_nameset_room(struct fs_nameset **v, int *cap, int n, int first, const char *name);
void fs_nameset_free(struct fs_nameset *v, int cap);
int fs_name_class(fs_cl *cl, const char *name);
int fs_def_class(fs_cl *cl, CXCursor c, int **deps, int *ndeps, int *capdeps);
void fs_trivial_all(fs_cl *cl, unsigned char *out);
void fs_add_trivial(fs_cl *cl, CXCursor c, CXFile main);
enum CXChildVisitResult fs_tu_visit(CXCursor c, CXCursor parent, CXClientData d);

#endif
