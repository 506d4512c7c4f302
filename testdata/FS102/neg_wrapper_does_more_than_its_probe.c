#include <dirent.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

bool is_dir(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0)
        return false;
    return S_ISDIR(st.st_mode);
}

/* A stat() first (through is_dir()), then the folder is read through a
   copy of the path: its answer, "an empty folder", is more than a stat()
   gives. */
bool is_empty_dir(const char *path)
{
    char copy[4096];
    struct dirent *e;
    bool empty = true;

    if (!is_dir(path))
        return false;
    strncpy(copy, path, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    DIR *d = opendir(copy);
    if (!d)
        return false;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            empty = false;
    closedir(d);
    return empty;
}

/* libgit2's validate_local_path(): the second call is no repeat of the
   first; taking it away would drop the emptiness check. */
bool usable_destination(const char *path)
{
    return is_dir(path) && is_empty_dir(path);
}
