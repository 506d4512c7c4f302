#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

long log_size(const char *dir, const char *file)
{
    struct stat st;

    if (access(dir, F_OK) != 0) {
        fprintf(stderr, "%s: no such folder\n", dir);
        return -1;
    }
    if (stat(file, &st) != 0)
        return 0;
    return (long)st.st_size;
}
