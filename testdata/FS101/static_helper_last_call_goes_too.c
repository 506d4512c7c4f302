#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

static bool path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}

bool path_is_dir(const char *p);
bool path_is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Dropping the check takes away the last call of the static path_exists():
   the fix removes the function too, which -Wall would call unused. */
bool usable(const char *dir)
{
    return path_exists(dir) && path_is_dir(dir);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

// CHECK-FIXES-NOT: path_exists
// CHECK-FIXES: {{^}}bool path_is_dir(const char *p);{{$}}
// CHECK-FIXES: {{^}}    return path_is_dir(dir);{{$}}
