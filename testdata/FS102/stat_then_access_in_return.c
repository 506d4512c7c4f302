#include <sys/stat.h>
#include <unistd.h>

/* The stat() succeeded on this path, so access(F_OK) can only succeed: the
   fix puts its value, 0, in its place. */
int present(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0)
        return 0;
    if (S_ISDIR(st.st_mode))
        return 2;
    return access(path, F_OK) == 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: repeated probe: {{.*}} [FS102]
}
// CHECK-FIXES: {{^}}    return 1;{{$}}
