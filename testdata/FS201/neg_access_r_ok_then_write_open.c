#include <fcntl.h>
#include <unistd.h>

/* A write-only open does not check R_OK. */
int open_log_for_append(const char *path)
{
    if (access(path, R_OK) != 0)
        return -1;
    return open(path, O_WRONLY | O_APPEND);
}
