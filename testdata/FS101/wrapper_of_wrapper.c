#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int file_exists(const char *name)
{
    return access(name, F_OK) == 0;
}

static int path_exists(const char *path)
{
    return file_exists(path);
}

time_t modified_at(const char *path)
{
    struct stat st;

    if (!path_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check is redundant: {{.*}} [FS101]
        return (time_t)-1;
    if (stat(path, &st) != 0)
        return (time_t)-1;
    return st.st_mtime;
}
