/*
 * prescan.h - a quick look at a file's text before libclang gets it.
 *
 * libclang has no bound of its own on two things a hostile or generated
 * file can ask of it: the depth of its recursive-descent parser (statements
 * and unary operators nest without brackets: `if (x) if (x) ...`, `- - - x`),
 * which overflows its stack, and macro expansion (`#define E1 E0 E0`,
 * `#define E2 E1 E1`, ... is 2^N tokens), which takes forever.  The scan
 * estimates both from the tokens (comments, strings and character constants
 * skipped) and from the macros the file itself defines, at their uses in
 * the code; macros of headers are not seen.  It is linear in the text, and
 * uses no recursion deeper than FS_PRESCAN_MAX_DEPTH.
 */
#ifndef FSCHECK_PRESCAN_H
#define FSCHECK_PRESCAN_H

#include <stddef.h>

#define FS_PRESCAN_MAX_EXPANSION 2000000.0 /* tokens of one macro expansion */
#define FS_PRESCAN_MAX_DEPTH 200            /* macros within macros, arguments within arguments */

/* 0 when the text (len bytes) is safe to give libclang, with nesting
 * estimated at no more than max_nesting levels; -1 with *why set (a message
 * to free) when not. */
int fs_prescan(const char *text, size_t len, long max_nesting, char **why);

#endif
