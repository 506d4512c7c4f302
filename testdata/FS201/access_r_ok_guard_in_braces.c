#include <stdio.h>
#include <unistd.h>

/* The guard returns what a failed fopen() returns: it goes, braces and all. */
FILE *open_input(const char *path)
{
    if (access(path, R_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    }
    return fopen(path, "r");
}
// CHECK-FIXES: {{^}}FILE *open_input(const char *path){{$}}
// CHECK-FIXES-NEXT: {{^[{]$}}
// CHECK-FIXES-NEXT: {{^}}    return fopen(path, "r");{{$}}
// CHECK-FIXES-NEXT: {{^}}}{{$}}
