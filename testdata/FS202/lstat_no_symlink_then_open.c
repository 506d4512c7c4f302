#include <fcntl.h>
#include <sys/stat.h>

/* Refuse to follow a symlink planted in a shared folder.  The rewrite opens
   with O_NOFOLLOW and checks with fstat(); it is offered as unsafe. */
int open_untrusted(const char *path)
{
    struct stat st;

    if (lstat(path, &st) != 0 || S_ISLNK(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    return open(path, O_RDONLY);
}
