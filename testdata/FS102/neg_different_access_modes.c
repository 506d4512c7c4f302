#include <unistd.h>

/* 2: read-write, 1: read-only, 0: neither. */
int access_level(const char *path)
{
    if (access(path, R_OK) != 0)
        return 0;
    if (access(path, W_OK) != 0)
        return 1;
    return 2;
}
