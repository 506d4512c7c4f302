#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int open_input(const char *path)
{
    if (access(path, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return open(path, O_RDONLY | O_CLOEXEC);
    errno = ENOENT;
    return -1;
}
