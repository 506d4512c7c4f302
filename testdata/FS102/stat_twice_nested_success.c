#include <stdio.h>
#include <sys/stat.h>

/* The second stat() is on the success path of the first, inside its block. */
void show(const char *path)
{
    struct stat a;

    if (stat(path, &a) == 0) {
        struct stat b;

        printf("%s: mode %o\n", path, (unsigned)a.st_mode);
        if (stat(path, &b) == 0 && S_ISREG(b.st_mode))
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: repeated probe: {{.*}} [FS102]
            printf("%s: %lld bytes\n", path, (long long)b.st_size);
    }
}
// CHECK-FIXES: {{^}}    if (stat(path, &a) == 0) {{[{]}}{{$}}
// CHECK-FIXES: {{^}}        b = a;{{$}}
// CHECK-FIXES-NEXT: {{^}}        if (S_ISREG(b.st_mode)){{$}}
