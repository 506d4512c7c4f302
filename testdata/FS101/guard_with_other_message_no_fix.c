// RUN-FIXES: unsafe
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The check's branch says "missing" and returns 1; the stat()'s says
   something else and returns 2. Dropping the check would print the other
   message for a missing path: no fix, not even an unsafe one. */
int describe(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        fprintf(stderr, "%s: missing\n", path);
        return 1;
    }
    if (stat(path, &st) != 0) {
        perror(path);
        return 2;
    }
    printf("%ld\n", (long)st.st_size);
    return 0;
}
