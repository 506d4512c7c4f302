#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Remove PATH only if it is a regular file.  The lstat() keeps open() away
   from FIFOs and devices; the descriptor is then checked to be the same
   file, which is the race-free form of the check. */
int remove_if_regular(const char *path)
{
    struct stat before, after;
    int fd, rc;

    if (lstat(path, &before) != 0 || !S_ISREG(before.st_mode))
        return -1;
    fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (fstat(fd, &after) != 0 || !S_ISREG(after.st_mode) || before.st_dev != after.st_dev ||
        before.st_ino != after.st_ino) {
        close(fd);
        return -1;
    }
    rc = unlink(path);
    close(fd);
    return rc;
}
