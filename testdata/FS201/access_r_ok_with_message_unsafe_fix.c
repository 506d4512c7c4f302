// RUN-FIXES: unsafe
#include <stdio.h>
#include <unistd.h>

/* The guard prints a message that the failed fopen() would not: dropping it
   changes the output, so the fix is unsafe and only --unsafe-fixes applies it. */
FILE *open_log(const char *path)
{
    if (access(path, R_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        fprintf(stderr, "%s: not readable\n", path);
        return NULL;
    }
    return fopen(path, "r");
}
// CHECK-FIXES: {{^}}FILE *open_log(const char *path){{$}}
// CHECK-FIXES-NEXT: {{^[{]$}}
// CHECK-FIXES-NEXT: {{^}}    return fopen(path, "r");{{$}}
// CHECK-FIXES-NOT: not readable
