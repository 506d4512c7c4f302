#include <stdio.h>
#include <unistd.h>

/* Trace only when the user has created the trace file: the append may
 * create it again if it went since the check (CWE-367): FS201, no fix. */
FILE *open_trace(const char *path)
{
    if (access(path, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return fopen(path, "a");
    return NULL;
}
