#include <sys/stat.h>
#include <unistd.h>

/* A braced early-return guard whose return is the stat() failure's return:
   the whole guard goes, lines and all. */
long file_size(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return -1;
    }
    if (stat(path, &st) != 0) {
        return -1;
    }
    return (long)st.st_size;
}
// CHECK-FIXES: {{^}}    struct stat st;{{$}}
// CHECK-FIXES-NEXT: {{^$}}
// CHECK-FIXES-NEXT: {{^}}    if (stat(path, &st) != 0) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    return (long)st.st_size;{{$}}
