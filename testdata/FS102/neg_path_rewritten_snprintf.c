#include <stdio.h>
#include <sys/stat.h>

/* Total size of NAME.idx and NAME.dat, reusing one buffer. */
long pair_size(const char *name)
{
    char path[512];
    struct stat st;
    long total = 0;

    snprintf(path, sizeof path, "%s.idx", name);
    if (stat(path, &st) == 0)
        total += (long)st.st_size;
    snprintf(path, sizeof path, "%s.dat", name);
    if (stat(path, &st) == 0)
        total += (long)st.st_size;
    return total;
}
