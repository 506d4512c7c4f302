#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* A symbolic link whose target exists.  The fix (one lstat) would not follow
   the link the way access() does, so it is offered as unsafe only. */
bool is_live_symlink(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return false;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}
