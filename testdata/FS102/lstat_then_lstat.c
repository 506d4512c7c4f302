#include <sys/stat.h>

/* 1: a symlink, 2: a directory, 0: anything else or missing. */
int classify_entry(const char *path)
{
    struct stat st;

    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
        return 1;
    if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return 2;
    return 0;
}
