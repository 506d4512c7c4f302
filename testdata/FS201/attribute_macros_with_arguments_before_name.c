#include <stdio.h>
#include <unistd.h>

/* wget2 writes attribute macros, with and without arguments, between a
   function's return type and its name; the preprocessor takes them away,
   and so must the parser: path_exists() is an existence check. */
#define GCC_PURE __attribute__((pure))
#define GCC_NONNULL(a) __attribute__((nonnull a))

static int GCC_PURE GCC_NONNULL((1)) path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}

FILE *open_config(const char *p)
{
    if (!path_exists(p))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(p, "r");
}
