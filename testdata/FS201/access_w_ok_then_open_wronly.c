#include <fcntl.h>
#include <unistd.h>

/* Open a terminal or device node for writing. */
int open_device(const char *dev)
{
    if (access(dev, W_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
    // CHECK-FIXES: {{^[{]$}}
    // CHECK-FIXES-NEXT: {{^}}    return open(dev, O_WRONLY | O_NOCTTY);{{$}}
        return -1;
    return open(dev, O_WRONLY | O_NOCTTY);
}
