#include "probes.h"

#include <sys/stat.h>
#include <unistd.h>

bool path_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

bool path_is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool config_present(const char *dir)
{
    return path_exists(dir);
}
