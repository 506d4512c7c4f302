#include <sys/stat.h>
#include <unistd.h>

int ensure_dir(const char *dir)
{
    if (access(dir, F_OK) != 0 && mkdir(dir, 0755) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return -1;
    return 0;
}
