#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

/* Is the copy of NAME in DSTFD at least as new as the one in SRCFD? */
int copy_is_current(int srcfd, int dstfd, const char *name)
{
    struct stat src, dst;

    if (fstatat(srcfd, name, &src, 0) != 0)
        return -1;
    if (fstatat(dstfd, name, &dst, 0) != 0)
        return 0;
    return dst.st_mtime >= src.st_mtime;
}
