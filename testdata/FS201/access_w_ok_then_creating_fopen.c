#include <stdio.h>
#include <unistd.h>

/* fopen "w" may create, but reached on the check's success it trusts a
 * verdict that may be stale (CWE-367): FS201, with no fix (the open does
 * not fail where the file is missing). */
FILE *open_report(const char *path)
{
    if (access(path, W_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(path, "w");
}
