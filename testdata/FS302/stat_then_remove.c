#include <stdio.h>
#include <sys/stat.h>

void drop_partial_download(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        remove(path);
}
