#include <stdio.h>
#include <sys/stat.h>

/* The first stat() lies on every way to the second, whichever branch runs. */
long size_or_mode(const char *p, int want_size)
{
    struct stat st, again;

    if (stat(p, &st) != 0)
        return -1;
    printf("mode %o\n", (unsigned)st.st_mode);
    if (want_size)
        puts("size");
    else
        puts("mode");
    if (stat(p, &again) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    return want_size ? (long)again.st_size : (long)again.st_mode;
}
// CHECK-FIXES: {{^}}    again = st;{{$}}
// CHECK-FIXES-NEXT: {{^}}    return want_size ? (long)again.st_size : (long)again.st_mode;{{$}}
