#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Size of NAME inside the directory open as DIRFD, or -1. */
long entry_size(int dirfd, const char *name)
{
    struct stat st;

    if (faccessat(dirfd, name, F_OK, 0) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    struct stat st;{{$}}
    // CHECK-FIXES-NEXT: {{^$}}
    // CHECK-FIXES-NEXT: {{^}}    if (fstatat(dirfd, name, &st, 0) != 0){{$}}
        return -1;
    if (fstatat(dirfd, name, &st, 0) != 0)
        return -1;
    return (long)st.st_size;
}
