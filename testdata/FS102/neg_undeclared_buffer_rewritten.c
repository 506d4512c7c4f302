// RUN-NOBUILD: paths.h is made by the build, and declares path_buf
#include "paths.h"
#include <stdio.h>
#include <sys/stat.h>

/* path_buf comes from the missing header: a name nothing declares is a
 * global of that name, and written like one between the two stats. */
int both_there(const char *a, const char *b)
{
    struct stat st;

    snprintf(path_buf, sizeof path_buf, "%s/x", a);
    if (stat(path_buf, &st) != 0)
        return -1;
    snprintf(path_buf, sizeof path_buf, "%s/y", b);
    if (stat(path_buf, &st) != 0)
        return -1;
    return 0;
}
