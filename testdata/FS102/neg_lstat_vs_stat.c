#include <stdbool.h>
#include <sys/stat.h>

/* lstat() and stat() answer different questions for a symlink. */
bool is_link_to_dir(const char *path)
{
    struct stat lst, st;

    if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode))
        return false;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_real_file(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    return lstat(path, &st) == 0 && !S_ISLNK(st.st_mode);
}
