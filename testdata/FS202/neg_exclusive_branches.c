#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

/* Listing only looks at the metadata; extracting only opens. */
int handle_member(const char *path, int list_only)
{
    struct stat st;

    if (list_only) {
        if (stat(path, &st) != 0)
            return -1;
        printf("%10lld %s\n", (long long)st.st_size, path);
        return 0;
    }
    return open(path, O_RDONLY);
}
