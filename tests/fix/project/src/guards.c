#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Several safe fixes in one file: an early-return guard, a braced guard
   before an open, and a second stat() reusing the first. */
long file_size(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return -1;
    if (stat(path, &st) != 0)
        return -1;
    return (long)st.st_size;
}

FILE *open_input(const char *path)
{
    if (access(path, R_OK) != 0) {
        return NULL;
    }
    return fopen(path, "r");
}

int sizes(const char *path)
{
    struct stat first, second;

    if (stat(path, &first) != 0)
        return -1;
    printf("mode %o\n", (unsigned)first.st_mode);
    if (stat(path, &second) != 0)
        return -1;
    printf("size %lld\n", (long long)second.st_size);
    return 0;
}
