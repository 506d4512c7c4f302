#include <unistd.h>

/* A poll: the loop ends when the probe succeeds. */
void wait_for_file(const char *path)
{
    while (access(path, F_OK) != 0)
        sleep(1);
}
