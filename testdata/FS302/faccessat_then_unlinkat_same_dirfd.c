#include <fcntl.h>
#include <unistd.h>

int remove_entry(int dirfd, const char *name)
{
    if (faccessat(dirfd, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        return unlinkat(dirfd, name, 0);
    return 0;
}
