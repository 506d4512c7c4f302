#include <stdbool.h>
#include <sys/stat.h>

static bool is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_reg(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

const char *kind_of(const char *path)
{
    if (is_dir(path))
        return "directory";
    if (is_reg(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return "file";
    return "other";
}
