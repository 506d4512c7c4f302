// RUN-FIXES: unsafe
#include <sys/stat.h>
#include <unistd.h>

/* access() follows a symlink, lstat() does not: on a dangling symlink the
   guard returns -1 and lstat() succeeds, so dropping the guard is unsafe.
   --fix keeps it (see access_then_lstat.c); --unsafe-fixes drops it. */
int mode_of(const char *path, mode_t *mode)
{
    struct stat st;

    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return -1;
    if (lstat(path, &st) != 0)
        return -1;
    *mode = st.st_mode;
    return 0;
}
// CHECK-FIXES: {{^}}    struct stat st;{{$}}
// CHECK-FIXES-NEXT: {{^$}}
// CHECK-FIXES-NEXT: {{^}}    if (lstat(path, &st) != 0){{$}}
