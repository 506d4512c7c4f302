// RUN-ARGS: --engine=tree-sitter
#include <sys/stat.h>
#include <unistd.h>

int is_fifo(const char *path)
{
    struct stat st;

    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-FIXES: {{^}}    if (stat(path, &st) == 0){{$}}
        return S_ISFIFO(st.st_mode);
    return 0;
}
