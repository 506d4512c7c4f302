#include <stdio.h>
#include <unistd.h>

/* 0 when the lock file is there, -1 otherwise. */
int lock_present(const char *lock, int verbose)
{
    if (access(lock, F_OK) != 0)
        return -1;
    if (verbose && access(lock, F_OK) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: repeated probe: {{.*}} [FS102]
        fputs("lock file present\n", stderr);
    return 0;
}
// CHECK-FIXES: {{^}}    if (access(lock, F_OK) != 0){{$}}
// CHECK-FIXES: {{^}}    if (verbose){{$}}
