#include <stdio.h>
#include <unistd.h>

/* Wrappers whose access() or fopen() mode is their parameter (as libgit2's
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

/* An fopen() wrapper whose mode is its parameter: "r" at this call makes it
   an open for reading, which checks what access(R_OK) asked. */
static FILE *file_open(const char *p, const char *mode)
{
    return fopen(p, mode);
}

FILE *open_through_wrappers(const char *p)
{
    if (path_access(p, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return file_open(p, "r");
}

/* "w": a create, which access(R_OK) does not ask about. */
FILE *create_through_wrappers(const char *p)
{
    if (path_access(p, R_OK) != 0)
        return NULL;
    return file_open(p, "w");
}
