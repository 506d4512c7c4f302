#include <stdio.h>
#include <sys/stat.h>

/* The second stat() fills another buffer: the fix copies the first one and
   keeps the comparison's value (0, success). */
int sizes(const char *path)
{
    struct stat first, second;

    if (stat(path, &first) != 0)
        return -1;
    printf("mode %o\n", (unsigned)first.st_mode);
    if (stat(path, &second) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    printf("size %lld\n", (long long)second.st_size);
    return 0;
}
// CHECK-FIXES: {{^}}    if (stat(path, &first) != 0){{$}}
// CHECK-FIXES: {{^}}    second = first;{{$}}
// CHECK-FIXES-NEXT: {{^}}    printf("size %lld\n", (long long)second.st_size);{{$}}
