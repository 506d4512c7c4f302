#include <stdio.h>
#include <unistd.h>

/* The fallback is written into the buffer only when the check failed: on
   the check's success the same path reaches the open. */
FILE *open_config(char *path, size_t size)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        snprintf(path, size, "%s", "/etc/tool/default.conf");
    return fopen(path, "r");
}

/* Look-alikes: the path rewritten on the success side, or on both. */
FILE *open_renamed(char *path, size_t size)
{
    if (access(path, R_OK) == 0)
        snprintf(path, size, "%s.d/main.conf", "/etc/tool");
    return fopen(path, "r");
}

FILE *open_rewritten(char *path, size_t size)
{
    if (access(path, R_OK) != 0)
        return NULL;
    snprintf(path, size, "%s", "/etc/tool/main.conf");
    return fopen(path, "r");
}
