#include <sys/stat.h>
#include <unistd.h>

int make_runtime_dir(void)
{
    if (access("/run/myapp", F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return 0;
    return mkdir("/run/myapp", 0755);
}
