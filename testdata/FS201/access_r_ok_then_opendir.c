#include <dirent.h>
#include <unistd.h>

int count_entries(const char *dir)
{
    DIR *d;
    int n = 0;

    if (access(dir, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
    // CHECK-FIXES: {{^}}    int n = 0;{{$}}
    // CHECK-FIXES-NEXT: {{^$}}
    // CHECK-FIXES-NEXT: {{^}}    d = opendir(dir);{{$}}
        return -1;
    d = opendir(dir);
    if (d == NULL)
        return -1;
    while (readdir(d) != NULL)
        n++;
    closedir(d);
    return n;
}
