#include <fcntl.h>
#include <sys/stat.h>

/* Take the lock file, or fail when someone holds it. */
int take_lock(const char *lock)
{
    struct stat st;

    if (stat(lock, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return -1;
    return open(lock, O_WRONLY | O_CREAT | O_EXCL, 0600);
}
