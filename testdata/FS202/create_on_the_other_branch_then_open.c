#include <dirent.h>
#include <stdbool.h>
#include <sys/stat.h>

static bool is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The folder is made when it is not one; where it is one, the check leads
   straight to the open. */
DIR *open_tags_dir(const char *dir)
{
    if (!is_dir(dir))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        mkdir(dir, 0700);
    return opendir(dir);
}

/* Look-alike: the folder is made (or not) on the way where the check
   succeeded: no way from the check reaches the open unchanged. */
DIR *open_fresh_dir(const char *dir)
{
    if (is_dir(dir))
        mkdir(dir, 0700);
    else
        mkdir(dir, 0755);
    return opendir(dir);
}
