#include <sys/stat.h>

/* Did the two lookups (a snapshot taken earlier and one now) see the same inode? */
int same_inode_twice(const char *path, struct stat *earlier)
{
    struct stat now, again;

    if (stat(path, &now) != 0)
        return -1;
    if (stat(path, &again) != 0)
        return -1;
    return now.st_ino == again.st_ino && now.st_ino == earlier->st_ino;
}
