/*
 * explain.h - fscheck --explain-function=NAME: what the index concluded
 * about a function (which parameter is a probe, open, create or remove;
 * whether it writes through a parameter, may change files, ends the
 * process) and, for a parameter that is no wrapper's path, why.
 */
#ifndef FSCHECK_EXPLAIN_H
#define FSCHECK_EXPLAIN_H

#include <stdio.h>

#include "ir/summary.h"

struct fs_index;

/* Prints to out what the library catalogue, the configuration's wrappers
 * (declared, may be NULL), the project index (ix, may be NULL) and each
 * definition of name in files (absolute paths; shown relative to root) say
 * of name.  Returns 0, or -1 (with a message on stderr) when none of them
 * knows the name. */
int fs_explain_function(FILE *out, const char *name, const struct fs_index *ix, const char *const *files, int nfiles,
                        const fs_summaries *declared, const char *root);

#endif
