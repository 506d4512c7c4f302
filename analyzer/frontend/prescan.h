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
 * the code.  It is linear in the text, and uses no recursion deeper than
 * FS_PRESCAN_MAX_DEPTH.  fs_prescan_unit() also reads the headers the file
 * includes, as far as the include flags find them (not the compiler's own
 * folders, nor a name spelled by a macro), for their macros and their
 * code, and refuses a unit that includes a FIFO, a socket or a device (the
 * parser would block on it, or read it forever) or a header over 16 MiB.
 */
#ifndef FSCHECK_PRESCAN_H
#define FSCHECK_PRESCAN_H

#include <stddef.h>

#define FS_PRESCAN_MAX_EXPANSION 2000000.0 /* tokens of one macro expansion */
#define FS_PRESCAN_MAX_DEPTH 200            /* macros within macros, arguments within arguments */
#define FS_PRESCAN_MAX_FILES 4096           /* headers of one unit looked at */
#define FS_PRESCAN_MAX_BYTES (256u << 20)   /* their text, in all */
#define FS_PRESCAN_MAX_HEADER (16L << 20)   /* one header: larger is refused, as a larger file is */

/* 0 when the text (len bytes) is safe to give libclang, with nesting
 * estimated at no more than max_nesting levels; -1 with *why set (a message
 * to free) when not. */
int fs_prescan(const char *text, size_t len, long max_nesting, char **why);

/* The same for a translation unit: the main file at path (its text given:
 * it may be unsaved) with the compiler flags args, and the headers its
 * #include lines (and -include flags) name. */
int fs_prescan_unit(const char *path, const char *text, size_t len, const char *const *args, int nargs,
                    long max_nesting, char **why);

#endif
