#include <stdio.h>
#include <unistd.h>

#define EXISTS(p) (access((p), F_OK) == 0)

int discard_temp(const char *tmp)
{
    if (EXISTS(tmp) && remove(tmp) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        return -1;
    return 0;
}
