#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The probe only feeds a message; mkdir() runs either way and EEXIST is
   handled. */
int ensure_dir_verbose(const char *dir, int verbose)
{
    if (verbose)
        printf("%s: %s\n", dir, access(dir, F_OK) == 0 ? "exists" : "creating");
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    return 0;
}
