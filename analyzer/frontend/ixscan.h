/*
 * ixscan.h - the project index's text scan: each file's functions and
 * macros with the names their bodies use, and which of the functions and
 * function-like macros could have a wrapper summary at all.
 *
 * A function can have a summary of a parameter (an operation on it, a copy
 * of it) only when its body names a library path call, or a project function
 * or macro that can have one, or stores or copies one of its parameters.
 * The scan finds the others from the text alone, so that the index converts
 * and lowers only the functions that may matter; the rest are declared, with
 * what they call (whether they change files is then a matter of the call
 * graph) and whether they call a library function that changes files.
 * Every test here errs towards "may matter".
 */
#ifndef FSCHECK_IXSCAN_H
#define FSCHECK_IXSCAN_H

#include "base/lex.h"

#include <stddef.h>

enum { FS_XS_FUNC, FS_XS_FMACRO, FS_XS_OMACRO };

typedef struct fs_xs_fn {
    int name;                  /* interned */
    int kind;                  /* FS_XS_FUNC, FS_XS_FMACRO, FS_XS_OMACRO */
    long body_begin, body_end; /* functions: offsets of the body's '{' and one past its '}' */
    int local;                 /* stores or copies a parameter (macros: assigns or copies) */
    int *ids;                  /* identifiers the body uses, interned, sorted, unique */
    int nids;
    int *calls;                /* of them, the ones called */
    int ncalls;
    int changes;               /* calls a library call that may change a file (calls.h) */
    int is_static;             /* functions: declared static */
    int line;                  /* functions: the line the definition begins on */
    int relevant;              /* may matter: fs_xs_settle (object-like macros), fs_xs_relevance (the others) */
} fs_xs_fn;

typedef struct fs_xs_file {
    int header;   /* set by the caller: a .h file (its static functions and macros are its includers' too) */
    int unclear;  /* a block at file scope that is neither a function's body nor data (extern "C" { },
                   * a K&R definition): functions may be there that the scan does not know */
    fs_xs_fn *fns;
    int nfns, capfns;
    int *own;     /* fs_xs_settle: the file's own object-like macros (of a .c file) that may matter */
    int nown, capown;
} fs_xs_file;

typedef struct fs_xs fs_xs;

fs_xs *fs_xs_new(void);
void fs_xs_free(fs_xs *x);
/* The functions, function-like and object-like macros of one file's text. */
void fs_xs_scan(fs_xs *x, const char *text, long len, fs_xs_file *out);
void fs_xs_file_free(fs_xs_file *f);
/* Which object-like macros may matter: those whose replacement names a
 * library path call, a function or function-like macro of the project, or
 * another such macro (any use of such a macro then counts as a call). */
void fs_xs_settle(fs_xs *x, fs_xs_file *files, int nfiles);
/* Which functions and function-like macros of one file may have summaries
 * (sets their `relevant`): those with a local reason, and those calling a
 * library path call, a function of the name for which has_params says it
 * has summaries of parameters now (the project's other files), or one of
 * the file's own that may; or using an object-like macro that may matter.
 * A function this leaves out may still come to matter when one it calls
 * gains summaries later: the index lowers it then. */
void fs_xs_relevance(fs_xs *x, fs_xs_file *file, int (*has_params)(void *arg, const char *name), void *arg);
const char *fs_xs_name(const fs_xs *x, int id);
/* The names of x as a table (the candidate scan's too): the number of
 * name s[0, n), made if new; the number, or -1; how many there are (ids
 * 0 .. count-1; C's keywords among them). */
int fs_xs_intern(fs_xs *x, const char *s, size_t n);
int fs_xs_find(const fs_xs *x, const char *s, size_t n);
int fs_xs_count(const fs_xs *x);
/* The comments of text alone on their lines (blanks only before and after
 * them), as begin, end pairs appended to *holes (the parser passes over
 * them); a line comment that a backslash continues is not one. */
void fs_xs_comment_lines(const char *text, long len, long **holes, int *nholes, int *cap);
/* An order of the files (order[0, nfiles)) in which a file comes after the
 * files whose functions its functions call, as far as the call graph of the
 * text allows: by the lowest level (height in the call graph) of its
 * functions that other files call.  Only an order: the index's rounds
 * settle whatever it gets wrong. */
void fs_xs_order(const fs_xs *x, const fs_xs_file *files, int nfiles, int *order);

/* Adds to *holes (begin, end pairs) each attribute or calling-convention
 * macro between a pointer return type and a function's name
 * (`FILE* FAST_FUNC fopen_for_read(const char *p)`, `char *EXPORT name(`),
 * and each with its (...) after a parameter's name or a declarator's `)`
 * (`int idx EXT2FS_ATTR((unused)),`, `void f(void) NORETURN((x));`): two
 * names in a row there are no C, so the first, written in capitals, is one
 * the preprocessor takes away. */
void fs_xs_attr_macro_holes(const char *t, long len, long **holes, int *nholes, int *cap);
/* Adds to *holes (begin, end pairs) each macro a body uses as a statement
 * label (`OPT_CASE_A` or `CASE_OF(b):` alone on its line after a `;`, `{`,
 * `}` or `:`, and before a statement), written in capitals and not defined
 * in the text: a `case` label a header the unit misses makes.  Tree-sitter
 * cannot read the statement after one; without it, the statement reads. */
void fs_xs_label_macro_holes(const char *t, long len, long **holes, int *nholes, int *cap);
/* Whether the name at t[s0] is a member (`a.x`, `p->x`; b: where the text
 * began); whether the '=' at t[i] assigns (not ==, !=, <=, >=).  (The
 * lexical pieces are base/lex.h's.) */
int fs_xs_is_member(const char *t, long b, long s0);
int fs_xs_is_assign(const char *t, long len, long i, long from);
/* The offset of the `cc` matching t[open] == `oc`, before `end`, or -1
 * (comments and literals passed over). */
long fs_xs_closing(const char *t, long end, long open, char oc, char cc);
/* The arguments of the call whose '(' is t[open] (its ')' before end, else
 * end closes it): begin, end offsets into bounds[2 * i], for at most max of
 * them; returns how many (none for `f()`). */
int fs_xs_args(const char *t, long end, long open, long *bounds, int max);

#endif
