#include <sys/stat.h>

/* Is PATH a directory? (a stat-family call, of the path itself) */
static int is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A stat() whose buffer is never read is an existence check: the pair with
 * the stat() of is_dir() on its success path is one finding (FS101), not a
 * second one on is_dir() as a repeated probe (FS102). */
int kind_of(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: is_dir() of 'path' {{.*}} [FS101]
        return -1;
    if (is_dir(path))
        return 1;
    return 0;
}

int is_existing_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && is_dir(path);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: is_dir() of 'path' {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);{{$}}
}
