#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

static bool is_regular_file(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

FILE *open_playlist(const char *path)
{
    if (!is_regular_file(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return NULL;
    return fopen(path, "r");
}
