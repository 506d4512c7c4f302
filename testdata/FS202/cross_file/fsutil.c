#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsutil.h"

int path_exists(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0;
}

long read_whole(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return -1;
    n = read(fd, buf, size);
    close(fd);
    return (long)n;
}
