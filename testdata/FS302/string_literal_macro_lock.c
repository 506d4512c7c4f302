#include <unistd.h>

#define LOCK_FILE "/tmp/myapp.lock"

void release_lock(void)
{
    if (access(LOCK_FILE, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        unlink(LOCK_FILE);
}

void release_old_lock(void)
{
    if (access("/var/lock/myapp", F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        unlink("/var/lock/myapp");
}
