#include <stdbool.h>
#include <unistd.h>

static bool file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

int clear_cache_file(const char *path)
{
    if (!file_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check before remove: {{.*}} [FS302]
        return 0;
    return unlink(path);
}
