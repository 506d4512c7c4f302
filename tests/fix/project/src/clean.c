#include <sys/stat.h>

/* Nothing to fix. */
int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
