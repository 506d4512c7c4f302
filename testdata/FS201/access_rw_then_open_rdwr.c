#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int open_database(const char *path)
{
    if (access(path, R_OK | W_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        fputs("database is not read-write\n", stderr);
        return -1;
    }
    return open(path, O_RDWR);
}
