#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

/* `access(...) == -1` is the failure test too; both guards return NULL. */
const char *kind(const char *path)
{
    struct stat st;

    if (access(path, F_OK) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return NULL;
    if (stat(path, &st) == -1)
        return NULL;
    return S_ISDIR(st.st_mode) ? "dir" : "other";
}
// CHECK-FIXES: {{^}}    struct stat st;{{$}}
// CHECK-FIXES-NEXT: {{^$}}
// CHECK-FIXES-NEXT: {{^}}    if (stat(path, &st) == -1){{$}}
// CHECK-FIXES-NEXT: {{^}}        return NULL;{{$}}
