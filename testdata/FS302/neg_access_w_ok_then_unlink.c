#include <unistd.h>

/* W_OK is not an existence check. */
int remove_if_writable(const char *path)
{
    if (access(path, W_OK) != 0)
        return -1;
    return unlink(path);
}
