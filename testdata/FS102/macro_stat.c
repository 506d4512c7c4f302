#include <sys/stat.h>

#define STAT_OK(p, st) (stat((p), (st)) == 0)

long dir_link_count(const char *path)
{
    struct stat st;

    if (!STAT_OK(path, &st) || !S_ISDIR(st.st_mode))
        return -1;
    if (!STAT_OK(path, &st))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: repeated probe: {{.*}} [FS102]
        return -1;
    return (long)st.st_nlink;
}
