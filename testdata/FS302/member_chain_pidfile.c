#include <unistd.h>

struct daemon {
    const char *name;
    const char *pidfile;
    int foreground;
};

void daemon_cleanup(const struct daemon *d)
{
    if (d->foreground)
        return;
    if (access(d->pidfile, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        unlink(d->pidfile);
}
