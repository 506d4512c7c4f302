#include <stdio.h>
#include <unistd.h>

int step(int i);

/* Runs until step() says stop; debug output while the flag file exists. */
void run(void)
{
    int i = 0;

    while (step(i)) {
        if (access("/etc/myapp/debug", F_OK) == 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: {{.*}} [FS401]
            fprintf(stderr, "step %d\n", i);
        i++;
    }
}
