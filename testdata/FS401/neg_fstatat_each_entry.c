#include <dirent.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/stat.h>

/* Each directory entry is a new name. */
int count_subdirs(DIR *d)
{
    struct dirent *de;
    struct stat st;
    int n = 0;

    while ((de = readdir(d)) != NULL) {
        if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
            n++;
    }
    return n;
}
