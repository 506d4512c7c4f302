#include <errno.h>
#include <unistd.h>

/* The rewrite: remove, and treat ENOENT as success. */
int remove_stale_socket(const char *path)
{
    if (unlink(path) != 0 && errno != ENOENT)
        return -1;
    return 0;
}
