// RUN-FIXES: unsafe
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* An existing folder returns 1, a failed mkdir() -1 whatever errno says:
   dropping the check would make an existing folder return -1. Writing the
   EEXIST handling is not attempted here, so there is no fix. */
int ensure_dir(const char *dir)
{
    if (access(dir, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return 1;
    if (mkdir(dir, 0755) != 0)
        return -1;
    return 0;
}
