#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

bool file_exists(const char *path);
bool is_dir(const char *path);

bool file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

bool is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Something is there, and it is not a directory. */
bool is_non_directory(const char *path)
{
    return file_exists(path) && !is_dir(path);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
    // One stat(), and !S_ISDIR() keeps FIFOs, sockets and devices counted as
    // "not a directory", as before.
    // CHECK-FIXES: {{^}}bool is_non_directory(const char *path){{$}}
    // CHECK-FIXES-NEXT: {{^[{]$}}
    // CHECK-FIXES-NEXT: {{^}}    struct stat st;{{$}}
    // CHECK-FIXES-NEXT: {{^}}    return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);{{$}}
}
