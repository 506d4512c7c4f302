// RUN-NOBUILD: config.h is made by the build, and defines LOG_FILE
#include "config.h"
#include <fcntl.h>
#include <unistd.h>

/* LOG_FILE comes from the missing header: the same name at both calls is
 * the same path, as a global of that name would be. */
int open_log(void)
{
    if (access(LOG_FILE, W_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): 'LOG_FILE' {{.*}} [FS201]
        return -1;
    return open(LOG_FILE, O_WRONLY | O_APPEND);
    // CHECK-FIXES: {{^}}{{[{]}}{{$}}
    // CHECK-FIXES-NEXT: {{^}}    return open(LOG_FILE, O_WRONLY | O_APPEND);{{$}}
}
