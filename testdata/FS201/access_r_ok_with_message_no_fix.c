// RUN-FIXES: unsafe
#include <stdio.h>
#include <unistd.h>

/* The guard prints a message that the failed fopen() would not: dropping it
   would change the output, and a guard whose branch differs from the open's
   failure is never dropped, not even by --unsafe-fixes. The finding stays,
   with no fix (the runner checks that --unsafe-fixes leaves the file as it
   was); its message says what to do. */
FILE *open_log(const char *path)
{
    if (access(path, R_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}}; open it directly and handle its failure (errno) [FS201]
        fprintf(stderr, "%s: not readable\n", path);
        return NULL;
    }
    return fopen(path, "r");
}
