/*
 * frontend.h - the interface both front ends implement.
 *
 * A front end parses one file and returns its function definitions as
 * syntax trees (ast.h) with their variables declared in an fs_func each.
 * The driver then lowers them (possibly several times, as wrapper summaries
 * become known) and runs the rules.
 */
#ifndef FSCHECK_FRONTEND_H
#define FSCHECK_FRONTEND_H

#include "ir/ast.h"

typedef struct fs_fe_func {
    fs_func *fn;       /* name, file, range, vars; nodes are made by lowering */
    const fs_ast *body;
    int in_main_file;  /* defined in the file being analysed (not a header) */
    int in_system;     /* defined in a system header */
    int is_static;     /* static: visible in its own file only */
    int is_macro;      /* a function-like macro (tree-sitter): summarized, never checked */
    int trivial;       /* libclang: not converted (body NULL), defined, counted as checked: its
                        * text names nothing a summary or a finding could come from
                        * (fs_clang_opts.project), or (2) no probe can come of it and no
                        * converted function of the unit names it */
    int would_skip;    /* the same (1 or 2), seen but converted all the same (FSCHECK_CHECK_TRIVIAL) */
} fs_fe_func;

typedef struct fs_fe_result {
    fs_fe_func *funcs;
    int nfuncs, capfuncs;
    fs_ast_arena *arena;
    int nerrors;         /* error diagnostics */
    int *error_lines;    /* lines of the main file that have one */
    int nerror_lines, caperror_lines;
    long *skipped;       /* libclang: the main file's ranges the preprocessor skipped (begin, end pairs) */
    int nskipped, capskipped;
    char *first_error;   /* "file:line:col: message" of the first one */
    int missing_header;  /* libclang: an #include was not found, or an #error was met */
    char **defined;      /* libclang, with missing_header: the macros defined outside the main file
                          * (in the headers found, the compiler's, the flags'), sorted, unique */
    int ndefined, capdefined;
    char *fatal;         /* the file could not be parsed at all: why */
    int uses_setuid;     /* the file calls setuid() and friends */
    void *priv;          /* front-end data kept alive with the trees */
    void (*priv_free)(void *);
} fs_fe_result;

void fs_fe_result_free(fs_fe_result *r);
/* A new function of the result (zeroed but for fn and body). */
fs_fe_func *fs_fe_result_add(fs_fe_result *r, fs_func *fn, const fs_ast *body);

typedef struct fs_clang_opts {
    const char *const *args; /* compiler flags */
    int nargs;
    const char *resource_dir; /* passed as -resource-dir unless args have one; may be NULL */
    const char *directory;    /* working directory of the compile command, or NULL */
    const char *contents;     /* the file's text, parsed instead of what is on disk
                               * (libclang's unsaved file; the file need not exist), or NULL */
    unsigned long length;     /* bytes of contents */
    const struct fs_summaries *project; /* the project's summaries: with them, a function whose text
                                         * names nothing that matters is not converted; may be NULL */
} fs_clang_opts;

/* The stack libclang parses on (it recurses for each level of nesting):
 * fs_fe_clang_parse parses on the calling thread when its stack is this
 * large (run.c's workers: mapped, and used as needed), else on a thread of
 * its own with such a stack per unit. */
#define FS_CLANG_PARSE_STACK ((size_t)1 << 30)

/* Before any thread is started: libclang is to parse on the thread that
 * asks (fs_fe_clang_parse gives it a large stack) instead of a thread of its
 * own with 8 MiB, too little for deeply nested code. */
void fs_fe_clang_init(void);

/* Parse file `path` with libclang.  Returns 0 (even with parse errors: see
 * nerrors), or -1 with r->fatal set. */
int fs_fe_clang_parse(const char *path, const fs_clang_opts *opts, fs_fe_result *r);

/* Parse file `path` (contents in text/len) with tree-sitter.  Returns 0 or -1
 * with r->fatal set.  Function-like macros of the file whose bodies call
 * something are returned as functions too (is_macro, not in_main_file), so
 * that wrapper summaries see them; calls to them stay calls. */
int fs_fe_ts_parse(const char *path, const char *text, size_t len, fs_fe_result *r);

/* The same, with FS_TS_OWN_TEXT: the file's own text only, no `#include "..."`
 * read (the project index, which reads every header as a file of its own). */
#define FS_TS_OWN_TEXT 1
int fs_fe_ts_parse_with(const char *path, const char *text, size_t len, int flags, fs_fe_result *r);
/* The same, converting only the function definitions named in `only`
 * (sorted, nonly names); function-like macros are all converted.  With
 * FS_TS_EXCLUDE, `only` names the definitions not to convert: each is
 * returned with its parameters, its ranges and no body (body NULL). */
#define FS_TS_EXCLUDE 2
/* The same, parsing around the holes: nholes sorted, disjoint byte ranges
 * (begin, end pairs) of text that tree-sitter is not to see (the insides of
 * function bodies that are not converted).  Offsets are those of text. */
/* A unit's main file: the holes (sorted begin, end pairs) are what its
 * build does not compile (pp.h), and `#include "..."` not found beside the
 * includer is looked for in incdirs (the unit's -iquote, then -I folders). */
int fs_fe_ts_parse_unit(const char *path, const char *text, size_t len, const long *holes, int nholes,
                        const char *const *incdirs, int nincdirs, fs_fe_result *r);
int fs_fe_ts_parse_around(const char *path, const char *text, size_t len, int flags, const char *const *only,
                          int nonly, const long *holes, int nholes, fs_fe_result *r);
int fs_fe_ts_parse_only(const char *path, const char *text, size_t len, int flags, const char *const *only, int nonly,
                        fs_fe_result *r);

#endif
