#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int ensure_subdir(int dirfd, const char *name)
{
    if (faccessat(dirfd, name, F_OK, AT_EACCESS) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return 0;
    return mkdirat(dirfd, name, 0750);
}
