#include <fcntl.h>
#include <unistd.h>

int open_in_dir(int dirfd, const char *name)
{
    if (faccessat(dirfd, name, R_OK, 0) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
    // CHECK-FIXES: {{^[{]$}}
    // CHECK-FIXES-NEXT: {{^}}    return openat(dirfd, name, O_RDONLY);{{$}}
        return -1;
    return openat(dirfd, name, O_RDONLY);
}
