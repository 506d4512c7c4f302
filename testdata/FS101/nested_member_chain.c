#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

struct paths {
    char log_dir[256];
    char cache_dir[256];
};

struct app {
    int verbose;
    struct paths dirs;
};

bool cache_ready(const struct app *app)
{
    struct stat st;

    if (access(app->dirs.cache_dir, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    struct stat st;{{$}}
    // CHECK-FIXES-NEXT: {{^$}}
    // CHECK-FIXES-NEXT: {{^}}    if (stat(app->dirs.cache_dir, &st) != 0 || !S_ISDIR(st.st_mode)){{$}}
        return false;
    if (stat(app->dirs.cache_dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return false;
    return true;
}
