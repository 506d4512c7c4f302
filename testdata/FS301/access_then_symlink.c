#include <unistd.h>

/* Point LINKPATH at TARGET unless something is there already. */
int install_link(const char *target, const char *linkpath)
{
    if (access(linkpath, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return symlink(target, linkpath);
    return 0;
}
