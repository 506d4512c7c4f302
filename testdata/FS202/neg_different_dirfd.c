#include <fcntl.h>
#include <sys/stat.h>

/* Metadata from the snapshot, contents from the live tree. */
int open_live_copy(int snapfd, int livefd, const char *name, long *snap_size)
{
    struct stat st;

    if (fstatat(snapfd, name, &st, 0) != 0)
        return -1;
    *snap_size = (long)st.st_size;
    return openat(livefd, name, O_RDONLY);
}
