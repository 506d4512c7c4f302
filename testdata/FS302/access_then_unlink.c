#include <unistd.h>

int remove_stale_socket(const char *path)
{
    if (access(path, F_OK) == 0 && unlink(path) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        return -1;
    return 0;
}
