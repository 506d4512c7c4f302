#include <stdio.h>
#include <sys/stat.h>

void describe(const char *path)
{
    struct stat st, st2;

    if (stat(path, &st) != 0)
        return;
    printf("kind: %s\n", S_ISDIR(st.st_mode) ? "directory" : "file");
    if (stat(path, &st2) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
    // CHECK-FIXES: {{^}}    if (stat(path, &st) != 0){{$}}
    // CHECK-FIXES: {{^}}    if ((st2 = st, 0) == 0){{$}}
        printf("size: %lld\n", (long long)st2.st_size);
}
