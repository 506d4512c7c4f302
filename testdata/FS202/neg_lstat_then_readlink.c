#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* readlink() is not an open. */
char *link_target(const char *path)
{
    struct stat st;
    char *buf;
    ssize_t n;

    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return NULL;
    buf = malloc((size_t)st.st_size + 1);
    if (buf == NULL)
        return NULL;
    n = readlink(path, buf, (size_t)st.st_size);
    if (n < 0) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}
