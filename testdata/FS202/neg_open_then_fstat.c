#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* The rewrite: open first, then ask the descriptor. */
int open_regular(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    return fd;
}
