// RUN-FIXES: unsafe
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Each of these is reported, and none gets a fix: the open cannot simply
 * move before the checks. */

/* After lstat(), fopen() has no way to refuse a symlink. */
int lstat_then_fopen(const char *path)
{
    struct stat st;
    FILE *f;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    f = fopen(path, "r");
    if (f == NULL)
        return -1;
    fclose(f);
    return 0;
}

/* The code after the label closes the descriptor itself. */
int cleanup_closes(const char *path)
{
    struct stat st;
    int fd = -1, ret = -1;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(path, &st) != 0)
        goto out;
    if (st.st_size == 0)
        goto out;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        goto out;
    ret = 0;
out:
    if (fd >= 0)
        close(fd);
    return ret;
}

/* The open's failure is not tested: nothing to fold the stat's into. */
int open_unchecked(const char *path)
{
    struct stat st;
    int fd;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(path, &st) != 0)
        return -1;
    fd = open(path, O_RDONLY);
    printf("%d\n", fd >= 0);
    if (fd >= 0)
        close(fd);
    return 0;
}

/* A loop's break between. */
int break_between(const char *const *paths, int n)
{
    struct stat st;
    int fd = -1;

    for (int i = 0; i < n; i++) {
        // CHECK-MESSAGES: :[[@LINE+1]]:13: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        if (stat(paths[0], &st) != 0)
            return -1;
        if (st.st_size == 0)
            break;
        fd = open(paths[0], O_RDONLY);
        if (fd < 0)
            return -1;
        close(fd);
    }
    return fd;
}

/* The stat's failure branch goes on to the open (a default mode): were
   the open first, the code after it would read from a failed open. */
int default_mode(const char *path)
{
    struct stat st;
    int fd;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(path, &st) != 0)
        st.st_mode = 0644;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    close(fd);
    return (int)(st.st_mode & 0777);
}
