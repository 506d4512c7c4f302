#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* When the cache folder is missing, a private one is made elsewhere. */
int prepare_cache(char *dir, size_t len)
{
    if (access(dir, F_OK) != 0) {
        snprintf(dir, len, "/tmp/cache-%ld", (long)getpid());
        return mkdir(dir, 0700);
    }
    return 0;
}
