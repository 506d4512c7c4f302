/* cache.c - a folder of cache entries, one file each. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "example.h"

static int path_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

static int path_is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* 1 when the cache folder is there and is a folder. */
int cache_usable(const char *dir)
{
    return path_exists(dir) && path_is_dir(dir);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

/* Create the cache folder unless it exists: 0 on success, -1 with errno. */
int cache_prepare(const char *dir)
{
    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

/* The entry open for reading, or NULL. */
FILE *cache_open_entry(const char *path)
{
    if (access(path, R_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return fopen(path, "r");
    return NULL;
}

/* 1 when the entry is not empty and at most max_age seconds old. */
int cache_entry_fresh(const char *path, long max_age)
{
    struct stat st;
    time_t now = time(NULL);

    if (stat(path, &st) != 0 || st.st_size == 0)
        return 0;
    if (stat(path, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return 0;
    return now - st.st_mtime <= max_age;
}

/* Read up to size - 1 bytes of a regular file into buf, NUL-terminated:
 * the byte count, or -1 with errno. Opens first, then asks the descriptor. */
int cache_read_entry(const char *path, char *buf, size_t size)
{
    struct stat st;
    ssize_t n;
    int fd = open(path, O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || size == 0) {
        close(fd);
        errno = EINVAL;
        return -1;
    }
    n = read(fd, buf, size - 1);
    close(fd);
    if (n < 0)
        return -1;
    buf[n] = '\0';
    return (int)n;
}

/* 1 when a was modified after b; two different paths, nothing repeated. */
int cache_newer(const char *a, const char *b)
{
    struct stat sa;
    struct stat sb;

    if (stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return 0;
    return sa.st_mtime > sb.st_mtime;
}

/* 1 when path is a symlink to a folder: lstat() and stat() answer different
 * questions, so the second call is not a repeat. */
int cache_is_dir_link(const char *path)
{
    struct stat lst;
    struct stat st;

    if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode))
        return 0;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Remove an entry; one that is already gone is fine. */
int cache_drop(const char *path)
{
    if (unlink(path) != 0 && errno != ENOENT)
        return -1;
    return 0;
}
