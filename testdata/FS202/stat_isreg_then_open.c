#include <fcntl.h>
#include <sys/stat.h>

/* Refuse devices and FIFOs, then open. */
int open_regular(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    return open(path, O_RDONLY | O_CLOEXEC);
}
