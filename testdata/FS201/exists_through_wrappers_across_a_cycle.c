// RUN-ARGS: cross_file_cycle/a.c cross_file_cycle/b.c
#include <stdio.h>

#include "cross_file_cycle/cycle.h"

/* cyc_top_exists() is an access(F_OK) three wrappers down, through two
   files that call into each other (see cross_file_cycle/). */
FILE *open_settings(const char *path)
{
    if (!cyc_top_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(path, "r");
}
