#include <stdio.h>
#include <unistd.h>

#define FAST_FUNC __attribute__((regparm(3)))

/* busybox's style: an attribute macro between the pointer return type and
   the name. The wrapper opens its path for reading. */
FILE* FAST_FUNC fopen_for_read(const char *path)
{
    return fopen(path, "r");
}

FILE *load_settings(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen_for_read(path);
}
