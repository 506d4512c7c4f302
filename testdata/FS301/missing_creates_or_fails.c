#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every way from "missing" either creates the folder or ends in an error
   (errno other than ENOENT): the create is what "missing" leads to. */
int make_cache_dir(const char *dir)
{
    if (access(dir, F_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        if (errno != ENOENT)
            return -1;
        if (mkdir(dir, 0700) != 0) {
            perror(dir);
            return -1;
        }
    }
    return 0;
}
