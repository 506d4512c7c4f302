/*
 * candscan.h - the candidate scan: from a file's text alone, each function
 * body with the names it uses (as many times as it uses them) and whether
 * each use lies inside a loop, and each macro with the names of its
 * replacement.  The project index weighs the names (which are path
 * operations, which probe) and so finds the functions that can hold a
 * finding at all: the prefilter's candidates (project/index_cand.c).
 *
 * Every test here errs towards "may hold one": a use anywhere in a loop's
 * parentheses or body is inside it, a loop without braces runs to the end
 * of the body, and a body that includes a file is unsure.
 */
#ifndef FSCHECK_CANDSCAN_H
#define FSCHECK_CANDSCAN_H

#include <stddef.h>

/* Interns the name t[0, n): a number, the same for the same name. */
typedef int (*fs_cs_intern)(void *arg, const char *t, size_t n);

enum {
    FS_CS_LOOP = 1,  /* the use is inside a loop */
    FS_CS_CALL = 2,  /* the name is called: `(` follows it */
    FS_CS_PARAM = 4, /* ... with an argument that names a parameter of the function */
    FS_CS_RESULT = 8 /* ... and what it gives is called in turn: `PASTE(st, at)(p, &st)` */
};

/* The key of an argument that may name any path (an expression). */
#define FS_CS_ANY (-1)

typedef struct fs_cs_body {
    long begin, end;      /* offsets of the '{' and one past its '}' */
    int line;             /* the line of the '{' */
    int name;             /* the function's name, or -1: of the names before a `(` at the top level of its
                           * declaration, the last that does not begin with "__" (`int ATTR((x)) f(void)
                           * __attribute__((y))`) */
    int alias[4];         /* every such name (a macro's, the function's, ...; the first four) */
    int nalias;
    int *names;           /* the names used, in order, interned */
    unsigned char *flags; /* per use: FS_CS_LOOP, FS_CS_CALL, FS_CS_PARAM */
    int *pairs;           /* of the uses with FS_CS_PARAM: argument position << 8 | parameter position, for
                           * each argument that names a parameter (positions from 0, at most 255) */
    int *pair_at;         /* per use: its first pair; pair_at[nnames]: the end */
    int *args;            /* of the calls: each argument's key (FS_CS_ANY, or an interned text:
                           * a literal, a variable or member chain, or "NAME(" for a call of NAME) */
    int *arg_at;          /* per use: its first argument; arg_at[nnames]: the end */
    int nnames, capnames;
    int unsure;           /* an #include inside the body: what it adds is not seen */
} fs_cs_body;

typedef struct fs_cs_macro {
    int name;
    int *names; /* the names of its replacement, as often as they appear */
    unsigned char *called; /* per name: `(` follows it, or it ends the replacement (`#define xstat stat`) */
    int nnames, capnames;
    int loops;  /* its replacement holds a loop (for, while other than while (0)) */
    int fn;     /* a function-like macro */
    int pastes; /* its replacement pastes names (##): 1, and 2 when it calls what it pastes
                 * (`a##b(p)`): it may name any call */
} fs_cs_macro;

typedef struct fs_cs_file {
    fs_cs_body *bodies;
    int nbodies, capbodies;
    fs_cs_macro *macros;
    int nmacros, capmacros;
} fs_cs_file;

void fs_cs_scan(const char *t, long len, fs_cs_intern intern, void *arg, fs_cs_file *out);
void fs_cs_file_free(fs_cs_file *f);

#endif
