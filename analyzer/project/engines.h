/*
 * engines.h - one unit's two parses made into one: where libclang's
 * function of the main file cannot be believed, tree-sitter's is taken
 * (driver.c's use; not for other files).
 */
#ifndef FSCHECK_ENGINES_H
#define FSCHECK_ENGINES_H

#include "frontend/frontend.h"
#include "project/driver.h"

/* Tree-sitter's parse of a unit's main file: what its build does not
 * compile left out (the preprocessing layer's decision, with the unit's
 * flags, the headers they find and the project's platform macros), and
 * headers looked for along the unit's include folders.  With cl, libclang's
 * parse of the same file: its skipped ranges are left out too, the lines
 * between their directives, so that the arms stay exclusive; and where that
 * parse missed a header, the chains of arms that only the missing header
 * could decide are kept whole (their begin, end pairs in *undecided, to
 * free; may be NULL).  Returns 0, or -1 with out->fatal set. */
int fs_ts_parse_unit(const fs_driver_opts *o, const char *path, const char *text, long len, const fs_fe_result *cl,
                     fs_fe_result *out, long **undecided, int *nundecided);

/* The functions the text scan (ixscan.h) finds in the main file's text
 * that no function of r covers, out of what the build compiles (the holes,
 * begin, end pairs), or by one of the counted ranges: definitions neither
 * engine could read. */
int fs_engines_unseen(const fs_fe_result *r, const long *holes, int nholes, const char *text, long len,
                      const fs_range *counted, int ncounted);

/* libclang parsed the main file with errors (r->nerrors): tree-sitter's
 * parse (into ts, which keeps the trees the moved functions point into)
 * is set beside it, and a function of libclang's is not believed when
 *   - an error lies inside it, or libclang gave no body (a damaged parse);
 *   - it overlaps a chain of #if arms that only a missing header could
 *     decide (libclang dropped the arms it took as false);
 *   - tree-sitter's parse of it has a call that matters (a path call, a
 *     wrapper, a call that ends the process) that libclang's lacks (a
 *     statement libclang dropped: an undeclared name, an invalid
 *     declaration).
 * With replace (--engine=auto), such a function is tree-sitter's, as is
 * every main-file function libclang lacks (a whole file under an undecided
 * #if); a function neither engine has is counted in *lost.  Without
 * (--engine=clang), a function of the last kind is dropped and counted in
 * *lost, the others stay libclang's.  Returns 1 when ts was parsed (to
 * free), else 0. */
int fs_engines_reconcile(const fs_driver_opts *o, fs_fe_result *r, fs_fe_result *ts, const char *path,
                         const char *text, long len, int replace, int *lost);

#endif
