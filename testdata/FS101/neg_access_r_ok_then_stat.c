#include <sys/stat.h>
#include <unistd.h>

/* R_OK asks about permission, which stat() does not answer. */
long readable_size(const char *path)
{
    struct stat st;

    if (access(path, R_OK) != 0)
        return -1;
    if (stat(path, &st) != 0)
        return -1;
    return (long)st.st_size;
}
