#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Only one of the two probes runs. */
int check_input(const char *path, int verbose)
{
    struct stat st;

    if (verbose) {
        if (stat(path, &st) != 0)
            return -1;
        printf("%s: %lld bytes\n", path, (long long)st.st_size);
    } else if (access(path, F_OK) != 0) {
        return -1;
    }
    return 0;
}
