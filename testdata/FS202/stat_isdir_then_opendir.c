#include <dirent.h>
#include <stddef.h>
#include <sys/stat.h>

DIR *open_plugin_dir(const char *dir)
{
    struct stat st;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return NULL;
    return opendir(dir);
}

// CHECK-FIXES: {{^}}    DIR *dir2 = opendir(dir);{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (dir2 == NULL){{$}}
// CHECK-FIXES-NEXT: {{^}}        return NULL;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (fstat(dirfd(dir2), &st) != 0 || !S_ISDIR(st.st_mode)) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        closedir(dir2);{{$}}
// CHECK-FIXES-NEXT: {{^}}        return NULL;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    return dir2;{{$}}
