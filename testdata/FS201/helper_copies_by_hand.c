#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* A copy written by hand (`*dst++ = *src++`): the destination is written
   through, and a path may be made of the source. */
static void copy_path(char *dst, const char *src, size_t size)
{
    while (--size > 0 && *src)
        *dst++ = *src++;
    *dst = '\0';
}

/* Makes the folder from a copy of the path: it may create it. */
static int ensure_dir(const char *path)
{
    char tmp[PATH_MAX];
    struct stat st;

    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    copy_path(tmp, path, sizeof tmp);
    return mkdir(tmp, 0700);
}

/* Look-alikes: the folder may be made between the check and the open; the
   buffer the copy writes is no longer the checked path. */
FILE *open_made(const char *path)
{
    if (access(path, F_OK) != 0)
        return NULL;
    ensure_dir(path);
    return fopen(path, "r");
}

FILE *open_copied(char *path, const char *other)
{
    if (access(path, F_OK) != 0)
        return NULL;
    copy_path(path, other, 64);
    return fopen(path, "r");
}

/* The source of the copy is only read: the pair stands. */
FILE *open_source(const char *path, char *out)
{
    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    copy_path(out, path, 64);
    return fopen(path, "r");
}
