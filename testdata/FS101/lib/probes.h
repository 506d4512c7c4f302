/* Helpers of a small project, defined in lib/probes.c: the cases in this
 * folder call them from other files. */
#ifndef PROBES_H
#define PROBES_H

#include <stdbool.h>

bool path_exists(const char *path);   /* access(path, F_OK) */
bool path_is_dir(const char *path);   /* stat() and S_ISDIR */
bool config_present(const char *dir); /* path_exists() again: a wrapper of a wrapper */

/* A macro in a header that probes through a wrapper. */
#define HAVE_FILE(p) path_exists(p)

#endif
