#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* When the index is missing, a prepared copy is linked into place; the
   second stat() asks again because the file may now exist. */
long index_size(const char *index, const char *prepared)
{
    struct stat st;
    int rc = stat(index, &st);

    if (rc != 0 && errno == ENOENT)
        link(prepared, index);
    if (rc != 0 && stat(index, &st) != 0)
        return -1;
    return (long)st.st_size;
}
