#include <fcntl.h>
#include <unistd.h>

/* The open's flags are a macro made of another macro: O_CREAT is in them. */
#define LOCK_BASE_FLAGS (O_WRONLY | O_CREAT | O_CLOEXEC)
#define LOCK_FLAGS (LOCK_BASE_FLAGS | O_NOFOLLOW)

int take_lock(const char *lock)
{
    if (access(lock, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return open(lock, LOCK_FLAGS, 0644);
    return -1;
}
