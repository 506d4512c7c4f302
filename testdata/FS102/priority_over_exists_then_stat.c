#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The access() is both a repeated probe and an existence check before a
   stat(); FS102 comes first, so it is reported once, as FS102. */
int show_twice(const char *path)
{
    struct stat st, again;

    if (stat(path, &st) != 0)
        return -1;
    printf("size: %lld\n", (long long)st.st_size);
    if (access(path, F_OK) == 0 && stat(path, &again) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
    // CHECK-MESSAGES: :[[@LINE-2]]:36: warning: repeated probe: {{.*}} [FS102]
        printf("links: %ld\n", (long)again.st_nlink);
    return 0;
}
// CHECK-FIXES: {{^}}    if (stat(path, &st) != 0){{$}}
// CHECK-FIXES: {{^}}    if (stat(path, &again) == 0){{$}}
