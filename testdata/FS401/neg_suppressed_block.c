#include <stdio.h>
#include <unistd.h>

// NOLINTBEGIN(FS401)
void show_status(const char *const *jobs, int n, const char *pause_flag)
{
    for (int i = 0; i < n; i++) {
        if (access(pause_flag, F_OK) == 0)
            printf("%s: paused\n", jobs[i]);
        else
            printf("%s: running\n", jobs[i]);
    }
}
// NOLINTEND(FS401)
