/*
 * pp.h - the C preprocessing fscheck's text readers share: which arms of a
 * file's #if / #ifdef / #ifndef / #elif / #else chains the build compiles.
 *
 * An environment (fs_pp) knows macros three ways: defined (with their
 * replacement), known not to be defined, or unknown.  It starts from the
 * target fscheck analyses for (Linux with GCC: `__linux__`, `__unix__`,
 * `__GNUC__`, ... are defined; the names only other platforms define, as
 * `_WIN32`, `__APPLE__`, `__VMS`, `AMIGA`, `MSDOS`, are known not to be),
 * takes a unit's -D / -U flags, and as it scans a file, the file's own
 * #define / #undef in the arms it keeps, and, when it follows includes, the
 * macros of the headers it finds along the unit's -iquote / -I / -isystem
 * folders (a generated config.h that exists; autoconf's commented-out `#undef X`
 * lines say X is not defined).  Conditions are evaluated with three values:
 * an arm whose condition depends on an unknown name is kept, as is every
 * later arm of its chain that is not decided false.
 *
 * fs_pp_scan() gives the byte ranges the build does not compile, as holes
 * for the tree-sitter readers (a decided chain also loses its directive
 * lines, so that the arm kept is plain code; a chain with an undecided arm
 * keeps its directives, and its arms stay exclusive).  It is linear in the
 * text; nesting, headers and macro expansion are bounded.
 */
#ifndef FSCHECK_PP_H
#define FSCHECK_PP_H

typedef struct fs_pp fs_pp;

/* A new environment: the target's macros only. */
fs_pp *fs_pp_new(void);
fs_pp *fs_pp_copy(const fs_pp *p);
void fs_pp_free(fs_pp *p);

/* A unit's compiler flags: -D, -U, -I, -iquote, -isystem, -idirafter,
 * -include, -imacros (relative folders against directory, or the current
 * folder when NULL).  Other flags are passed over. */
void fs_pp_args(fs_pp *p, const char *const *args, int nargs, const char *directory);
/* Follow #include lines (default: no) for their headers' macros. */
void fs_pp_follow(fs_pp *p, int on);
/* Say a name is not defined unless something defines it later (the
 * project's own platform macros, see fs_pp_platform_names). */
void fs_pp_undef(fs_pp *p, const char *name);
void fs_pp_define(fs_pp *p, const char *name, const char *value);

/* The ranges of text (begin, end byte offsets, appended to *holes as pairs,
 * in order) that the build does not compile; path names the file for its
 * own folder (quoted includes).  The environment takes the file's macros as
 * it goes. */
void fs_pp_scan(fs_pp *p, const char *path, const char *text, long len, long **holes, int *nholes, int *cap);

/* With the main file's compile at hand (a unit that missed a header or met
 * an #error): the ranges the compiler skipped in it (begin, end byte
 * offsets, n pairs, sorted; borrowed until the scan) and the macros the
 * headers it found define (their values unknown here).  A chain of arms
 * whose conditions name only what is known (defined or undefined, a
 * reserved `__name`, an include guard) is then decided as the compiler did;
 * one naming a free name (defined by nothing found: what the missing header
 * may define) is undecided, each arm analysed, exclusive. */
void fs_pp_oracle(fs_pp *p, const long *skipped, int n, const char *const *defined, int ndefined);

/* fs_pp_scan, and the undecided chains (from their #if line to past their
 * #endif line, begin, end pairs appended to *undecided, in order of their
 * ends) when undecided is not NULL. */
void fs_pp_scan_undecided(fs_pp *p, const char *path, const char *text, long len, long **holes, int *nholes, int *cap,
                          long **undecided, int *nundecided, int *capundecided);

/* The include folders: the -iquote ones, then -I / -isystem (the
 * environment's; not to free). */
int fs_pp_include_dirs(const fs_pp *p, const char *const **quote, const char *const **angle, int *nangle);

/* Holes (n begin, end pairs) sorted by begin, those that touch or overlap
 * merged; *n is updated. */
void fs_pp_holes_normalise(long *holes, int *n);

/* Whether the name is known to be defined (1), known not to be (0), or
 * unknown (-1). */
int fs_pp_is_defined(const fs_pp *p, const char *name);

/* The project's platform macros: each name that a text of the project
 * defines only inside arms the target alone decides against (libgit2's
 * `#if defined(_WIN32) && !defined(__CYGWIN__)` / `#define GIT_WIN32 1`).
 * texts[i] of lens[i] bytes; the names are appended to *out (to free). */
void fs_pp_platform_names(const char *const *texts, const long *lens, int n, char ***out, int *nout);

#endif
