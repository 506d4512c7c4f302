// RUN-ARGS: --rules=all,-FS101
#include <sys/stat.h>
#include <unistd.h>

int is_socket(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISSOCK(st.st_mode);
}
