// RUN-ARGS: cross_file/fsutil.c
#include <stdio.h>

#include "cross_file/fsutil.h"

/* Both wrappers are defined in another file of the project: path_exists()
   is an lstat() of its argument whose buffer nobody reads (an existence
   check, so FS201 claims it before FS202), read_whole() an open() of it. */
long read_redirect(const char *area, char *buf, size_t size)
{
    char path[4096];

    snprintf(path, sizeof path, "%s/redirect", area);
    if (path_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return read_whole(path, buf, size);
    return 0;
}
