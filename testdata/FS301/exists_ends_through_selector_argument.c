#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* A project's own err()/warn(): one function whose first argument says
 * whether it ends the process, and macros that pass it a constant. */
static inline void errmsg(char doexit, int excode, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    if (doexit)
        exit(excode);
}
#define errx(E, ...) errmsg(1, E, __VA_ARGS__)
#define warnx(...) errmsg(0, 0, __VA_ARGS__)

int make_spool(const char *dir)
{
    if (access(dir, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        errx(1, "%s: already exists", dir);
    return mkdir(dir, 0700);
}

/* warnx() returns: the folder is made either way, no check-then-create. */
int make_cache(const char *dir)
{
    if (access(dir, F_OK) == 0)
        warnx("%s: already exists", dir);
    return mkdir(dir, 0700);
}
