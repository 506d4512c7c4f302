#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* `!access(p, F_OK)` is the same existence check as `access(p, F_OK) == 0`:
   the stat() right after it fails for a missing path, so the fix drops it. */
bool is_regular(const char *path)
{
    struct stat st;

    return !access(path, F_OK) && stat(path, &st) == 0 && S_ISREG(st.st_mode);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    return stat(path, &st) == 0 && S_ISREG(st.st_mode);{{$}}
}
