#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* NAME in the source tree exists, and NAME in the build tree is newer. */
int needs_rebuild(int srcfd, int buildfd, const char *name)
{
    struct stat st;

    if (faccessat(srcfd, name, F_OK, 0) != 0)
        return 0;
    if (fstatat(buildfd, name, &st, 0) != 0)
        return 1;
    return st.st_size == 0;
}
