#include <sys/stat.h>
#include <unistd.h>

long config_size(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    struct stat st;{{$}}
    // CHECK-FIXES-NEXT: {{^$}}
    // CHECK-FIXES-NEXT: {{^}}    if (stat(path, &st) != 0){{$}}
    // CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
    // CHECK-NOTES: :[[@LINE+3]]:9: note: {{.*}}
        return -1;

    if (stat(path, &st) != 0)
        return -1;
    return (long)st.st_size;
}
