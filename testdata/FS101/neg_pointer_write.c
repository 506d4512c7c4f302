#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* For "backup.tar.gz": it exists, and "backup.tar" is a directory. */
int stem_is_dir(char *path)
{
    struct stat st;
    char *dot = strrchr(path, '.');

    if (dot == NULL)
        return 0;
    if (access(path, F_OK) != 0)
        return 0;
    *dot = '\0';
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
