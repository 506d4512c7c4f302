#include <stdio.h>
#include <unistd.h>

/* Any open checks existence: fopen(path, "r") fails for a missing path and
   the caller sees NULL either way. */
FILE *open_config(const char *path)
{
    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(path, "r");
}
// CHECK-FIXES: {{^[{]$}}
// CHECK-FIXES-NEXT: {{^}}    return fopen(path, "r");{{$}}
