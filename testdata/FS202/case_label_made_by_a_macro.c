// RUN-NOBUILD: options.h, which defines the label macros, is made by the build
#include "options.h"
#include <fcntl.h>
#include <sys/stat.h>

/* `case` labels a missing header's macros make: alone on their lines,
 * before a statement.  The statements after them are cases of the switch. */
int open_by_option(int opt, const char *path)
{
    struct stat st;

    switch (opt) {
    OPT_CASE_INPUT
        if (stat(path, &st) != 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
            return -1;
        return open(path, O_RDONLY);
    OPT_CASE(output):
        return open(path, O_WRONLY);
    default:
        return -1;
    }
}
