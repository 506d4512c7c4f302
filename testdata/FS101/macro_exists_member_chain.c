#include <sys/stat.h>
#include <unistd.h>

#define FILE_EXISTS(p) (access((p), F_OK) == 0)

struct config {
    const char *path;
    int mode;
};

int config_is_private(const struct config *cfg)
{
    struct stat st;

    if (FILE_EXISTS(cfg->path) && stat(cfg->path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    if (stat(cfg->path, &st) == 0){{$}}
        return (st.st_mode & 077) == 0;
    return 0;
}
