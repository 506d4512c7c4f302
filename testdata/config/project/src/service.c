/* Input of the command-line tests of .fscheck.yml: the wrappers declared
 * there make the FS201, FS301 and FS302 findings; FS401 is disabled. */
#include <unistd.h>

int path_exists(const char *path);
int read_config(const char *path);
int make_dir(const char *path);
int remove_with_flags(int flags, const char *path);

int load(const char *path)
{
    if (!path_exists(path))
        return -1;
    return read_config(path);
}

int ensure_dir(const char *dir)
{
    if (!path_exists(dir))
        return make_dir(dir);
    return 0;
}

void drop(const char *path)
{
    if (path_exists(path))
        remove_with_flags(0, path);
}

int count_paused(const char *flag, int n)
{
    int k = 0;

    for (int i = 0; i < n; i++)
        if (access(flag, F_OK) == 0)
            k++;
    return k;
}
