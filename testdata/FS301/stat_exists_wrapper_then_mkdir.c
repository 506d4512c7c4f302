#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

/* An existence test written with stat(): nothing reads the buffer, only
   the call's success is used. */
static bool path_present(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Makes the spool folder unless it is there already. */
int ensure_spool(const char *spool)
{
    if (path_present(spool))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return 0;
    return mkdir(spool, 0750);
}
