#include <sys/stat.h>
#include <unistd.h>

#define STATE_DIR "/var/lib/myapp"

int fstab_is_regular(void)
{
    struct stat st;

    return access("/etc/fstab", F_OK) == 0 && stat("/etc/fstab", &st) == 0 && S_ISREG(st.st_mode);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    return stat("/etc/fstab", &st) == 0 && S_ISREG(st.st_mode);{{$}}
}

int state_dir_ready(void)
{
    struct stat st;

    if (access(STATE_DIR, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // The fix of this guard is unsafe: --fix keeps it.
    // CHECK-FIXES: {{^}}    if (access(STATE_DIR, F_OK) != 0){{$}}
        return 0;
    return stat(STATE_DIR, &st) == 0 && S_ISDIR(st.st_mode);
}
