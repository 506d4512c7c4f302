#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int report(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0)
        printf("size: %lld\n", (long long)st.st_size);
    if (access(path, F_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        fputs("missing\n", stderr);
        return -1;
    }
    return 0;
}
