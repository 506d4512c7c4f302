#include <errno.h>
#include <stdio.h>
#include <unistd.h>

/* The probe only feeds a message; unlink() runs either way and ENOENT is
   handled. */
int remove_output(const char *path, int verbose)
{
    if (verbose)
        printf("removing %s%s\n", path, access(path, F_OK) == 0 ? "" : " (not there)");
    if (unlink(path) != 0 && errno != ENOENT)
        return -1;
    return 0;
}
