#include <sys/stat.h>

/* lstat() then lstat() of the same path: the second reuses the first. */
long long link_size(const char *path)
{
    struct stat a, b;

    if (lstat(path, &a) != 0 || !S_ISLNK(a.st_mode))
        return -1;
    if (lstat(path, &b) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    return (long long)b.st_size;
}
// CHECK-FIXES: {{^}}    if (lstat(path, &a) != 0 || !S_ISLNK(a.st_mode)){{$}}
// CHECK-FIXES: {{^}}    b = a;{{$}}
// CHECK-FIXES-NOT: lstat(
