#include <sys/stat.h>
#include <unistd.h>

#define PATH_EXISTS(p) (access((p), F_OK) == 0)

int make_control_fifo(const char *fifo)
{
    if (!PATH_EXISTS(fifo) && mkfifo(fifo, 0600) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check before create: {{.*}} [FS301]
        return -1;
    return 0;
}
