#include <stdio.h>
#include <sys/stat.h>

void describe(const char *path)
{
    struct stat st, st2;

    if (stat(path, &st) != 0)
        return;
    printf("kind: %s\n", S_ISDIR(st.st_mode) ? "directory" : "file");
    if (stat(path, &st2) == 0)
        printf("size: %lld\n", (long long)st2.st_size);
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: repeated probe: {{.*}} [FS102]
}
// CHECK-FIXES: {{^}}    if (stat(path, &st) != 0){{$}}
// CHECK-FIXES: {{^}}    st2 = st;{{$}}
// CHECK-FIXES-NEXT: {{^}}    printf("size: %lld\n", (long long)st2.st_size);{{$}}
