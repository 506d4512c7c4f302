#include <fcntl.h>
#include <sys/stat.h>

int open_fifo(const char *path)
{
    struct stat st;

    // NOLINTNEXTLINE(fscheck-stat-then-open)
    if (stat(path, &st) != 0 || !S_ISFIFO(st.st_mode))
        return -1;
    return open(path, O_RDONLY | O_NONBLOCK);
}
