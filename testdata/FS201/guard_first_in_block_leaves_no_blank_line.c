#include <stdio.h>
#include <unistd.h>

/* The guard is the first statement of the function and a blank line
   follows it: the fix takes both away, so that the block does not start
   with a blank line. */
FILE *open_settings(const char *path)
{
    if (access(path, R_OK) != 0)
        return NULL;

    return fopen(path, "r");
}
// CHECK-MESSAGES: :[[@LINE-5]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
// CHECK-FIXES: {{^}}FILE *open_settings(const char *path){{$}}
// CHECK-FIXES-NEXT: {{^[{]$}}
// CHECK-FIXES-NEXT: {{^}}    return fopen(path, "r");{{$}}
