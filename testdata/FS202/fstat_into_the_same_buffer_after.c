#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* An fstat() of the descriptor into the stat's own buffer after the open
 * compares nothing with the stat: the rewrite half done, still a race. */
int open_regular(const char *path)
{
    struct stat st;
    int fd;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}}; no fix: the descriptor is fstat()ed into the same buffer after the open already{{.*}} [FS202]
        return -1;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || st.st_size == 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* A look-alike: the fstat goes into another buffer, compared with the
 * first (the race-free form). */
int open_same_file(const char *path)
{
    struct stat before, after;
    int fd;

    if (lstat(path, &before) != 0 || !S_ISREG(before.st_mode))
        return -1;
    fd = open(path, O_RDONLY | O_NOFOLLOW);
    if (fd < 0)
        return -1;
    if (fstat(fd, &after) != 0 || before.st_dev != after.st_dev || before.st_ino != after.st_ino) {
        close(fd);
        return -1;
    }
    return fd;
}
