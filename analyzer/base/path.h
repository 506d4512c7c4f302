/*
 * path.h - file names as text: made absolute, tidied, shown relative to the
 * current folder.  Lexical only (no symbolic link is followed).
 */
#ifndef FSCHECK_PATH_H
#define FSCHECK_PATH_H

/* abs relative to the current folder when it lies below it; a copy of abs
 * otherwise.  Caller frees. */
char *fs_path_shown(const char *abs);
/* path without "." parts and "x/.." pairs, still relative when it was. Caller frees. */
char *fs_path_tidy(const char *path);
/* An absolute, normalised form of path (against base when relative). Caller frees. */
char *fs_path_absolute(const char *path, const char *base);

#endif
