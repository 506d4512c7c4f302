#include <sys/stat.h>
#include <unistd.h>

/* Remove a stale socket file; return its old size, or -2 if it stayed. */
long remove_stale_socket(const char *path)
{
    struct stat st;
    long old = -1;

    if (stat(path, &st) == 0)
        old = (long)st.st_size;
    unlink(path);
    if (stat(path, &st) == 0)
        return -2;
    return old;
}
