#include <stdio.h>
#include <unistd.h>

/* A wrapper whose access() mode is its parameter (as libgit2's
   `#define p_access(p, m) access(p, m)` is a macro of it): each call with a
   constant mode is that check.  R_OK before an open for reading: FS201.
   X_OK: no open checks it; nothing. */
static int path_access(const char *p, int mode)
{
    return access(p, mode);
}

#define p_access(p, m) access(p, m)

FILE *open_readable(const char *p)
{
    if (path_access(p, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(p, "r");
}

FILE *open_if_executable(const char *p)
{
    if (path_access(p, X_OK) != 0)
        return NULL;
    return fopen(p, "r");
}

FILE *open_existing(const char *p)
{
    if (p_access(p, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(p, "r");
}
