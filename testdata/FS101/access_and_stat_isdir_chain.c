#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* Is PATH an existing directory? */
bool is_existing_dir(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-NOTES: :[[@LINE-2]]:39: note: path{{.*}}
    // CHECK-FIXES: {{^}}    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);{{$}}
}
