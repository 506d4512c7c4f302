#include <stdio.h>
#include <unistd.h>

FILE *open_config(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
    // CHECK-FIXES: {{^[{]$}}
    // CHECK-FIXES-NEXT: {{^}}    return fopen(path, "r");{{$}}
        return NULL;
    return fopen(path, "r");
}
