#include <dirent.h>
#include <stddef.h>
#include <sys/stat.h>

DIR *open_plugin_dir(const char *dir)
{
    struct stat st;

    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return NULL;
    return opendir(dir);
}
