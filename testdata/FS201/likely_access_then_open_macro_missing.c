// RUN-NOBUILD: compiler.h, which defines likely() and unlikely(), is made by the build
#include "compiler.h"
#include <fcntl.h>
#include <unistd.h>

/* likely() from a header that is not there: still the condition. */
int open_readable(const char *path)
{
    if (likely(access(path, R_OK) == 0))
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return open(path, O_RDONLY);
    return -1;
}

/* A look-alike: what is opened is another path. */
int open_log_if_dir_is_there(const char *dir, const char *log)
{
    if (unlikely(access(dir, F_OK) != 0))
        return -1;
    return open(log, O_WRONLY | O_APPEND);
}
