#include <stdio.h>
#include <unistd.h>

int remove_work_dir(const char *dir)
{
    if (access(dir, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        return 0;
    if (rmdir(dir) != 0) {
        perror("rmdir");
        return -1;
    }
    return 0;
}
