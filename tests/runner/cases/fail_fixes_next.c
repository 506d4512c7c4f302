#include <sys/stat.h>
#include <unistd.h>

int is_dir(const char *path)
{
    struct stat st;
    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    if (stat(path, &st) == 0){{$}}
    // CHECK-FIXES-NEXT: return S_ISDIR(st.st_mode);
        return S_ISDIR(st.st_mode);
    return 0;
}
