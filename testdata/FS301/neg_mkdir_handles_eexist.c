#include <errno.h>
#include <sys/stat.h>

/* The rewrite: create, and treat EEXIST as success. */
int ensure_dir(const char *dir)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    return 0;
}
