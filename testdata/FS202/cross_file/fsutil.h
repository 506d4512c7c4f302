#ifndef FSUTIL_H
#define FSUTIL_H

#include <stddef.h>

/* Helpers of the test case wrappers_from_another_file.c, defined in
   fsutil.c. */
int path_exists(const char *path);
long read_whole(const char *path, char *buf, size_t size);

#endif
