#include <fcntl.h>
#include <unistd.h>

int create_pidfile(const char *pidfile)
{
    if (access(pidfile, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return -1;
    return creat(pidfile, 0644);
}
