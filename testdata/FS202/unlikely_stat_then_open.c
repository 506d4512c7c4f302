#include <fcntl.h>
#include <sys/stat.h>

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* __builtin_expect() hides nothing: the condition is its first argument. */
int open_checked(const char *path)
{
    struct stat st;

    if (unlikely(stat(path, &st) < 0))
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    return open(path, O_RDONLY);
    // CHECK-FIXES: {{^}}    int fd = open(path, O_RDONLY);{{$}}
    // CHECK-FIXES-NEXT: {{^}}    if (fd < 0){{$}}
    // CHECK-FIXES: {{^}}    if (unlikely(fstat(fd, &st) < 0)) {{[{]}}{{$}}
    // CHECK-FIXES-NEXT: {{^}}        close(fd);{{$}}
    // CHECK-FIXES: {{^}}    return fd;{{$}}
}

/* A look-alike: the stat's failure is what leads to the open, of another path. */
int open_fallback(const char *path, const char *fallback)
{
    struct stat st;

    if (likely(stat(path, &st) == 0))
        return -1;
    return open(fallback, O_RDONLY);
}
