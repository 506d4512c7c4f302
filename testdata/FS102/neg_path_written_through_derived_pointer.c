#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* Between the two stat() calls the path's buffer is written through a
   pointer into it: another file is asked about, nothing is repeated. */

long through_sum(char *buf, size_t n, const char *name)
{
    struct stat st;
    if (stat(buf, &st) != 0)
        return -1;
    size_t len = strlen(buf);
    char *d = buf + len;
    snprintf(d, n - len, "/%s", name);
    if (stat(buf, &st) != 0)
        return -1;
    return (long)st.st_size;
}

long through_element_address(char *buf, const char *name)
{
    struct stat st;
    if (stat(buf, &st) != 0)
        return -1;
    char *d = &buf[strlen(buf)];
    strcpy(d, name);
    if (stat(buf, &st) != 0)
        return -1;
    return (long)st.st_size;
}

long through_moved_pointer(char *buf, const char *name)
{
    struct stat st;
    if (stat(buf, &st) != 0)
        return -1;
    char *d = buf;
    d += strlen(buf);
    memcpy(d, name, strlen(name) + 1);
    if (stat(buf, &st) != 0)
        return -1;
    return (long)st.st_size;
}

long through_store(char *buf)
{
    struct stat st;
    if (stat(buf, &st) != 0)
        return -1;
    char *d = buf + 2;
    *d = 'x';
    if (stat(buf, &st) != 0)
        return -1;
    return (long)st.st_size;
}
