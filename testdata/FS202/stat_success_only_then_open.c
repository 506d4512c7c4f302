#include <fcntl.h>
#include <sys/stat.h>

#define MACHINE_ID "/etc/machine-id"

int open_machine_id(void)
{
    struct stat st;

    if (stat(MACHINE_ID, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    return open(MACHINE_ID, O_RDONLY);
}
