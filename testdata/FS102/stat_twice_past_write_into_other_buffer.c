#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The pointer written through points into another buffer: the path is
   unchanged, and the second stat() repeats the first. */
long size_and_mode(const char *path, char *out, size_t n)
{
    struct stat st, again;

    if (stat(path, &st) != 0)
        return -1;
    char *d = out + strlen(out);
    snprintf(d, n - strlen(out), " mode %o", (unsigned)st.st_mode);
    if (stat(path, &again) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    return (long)again.st_size;
}
// CHECK-FIXES: {{^}}    again = st;{{$}}
// CHECK-FIXES-NEXT: {{^}}    return (long)again.st_size;{{$}}
