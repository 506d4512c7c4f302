#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* PATH names a unit; its drop-in folder is PATH.d */
int has_dropin_dir(char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return 0;
    strcat(path, ".d");
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
