#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

/* Safe fixes above findings that --fix leaves: those move up. */
FILE *open_input(const char *path)
{
    if (access(path, R_OK) != 0) {
        return NULL;
    }
    return fopen(path, "r");
}

int mode_of(const char *path, mode_t *mode)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return -1;
    if (lstat(path, &st) != 0)
        return -1;
    *mode = st.st_mode;
    return 0;
}

long total(const char *dir, const char *const *names, int n)
{
    struct stat st;
    long sum = 0;

    if (access(dir, F_OK) != 0)
        return -1;
    if (stat(dir, &st) != 0)
        return -1;
    for (int i = 0; i < n; i++) {
        if (access(dir, W_OK) == 0)
            sum += (long)sizeof names[i];
    }
    return sum;
}
