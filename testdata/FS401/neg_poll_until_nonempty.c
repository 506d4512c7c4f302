#include <sys/stat.h>
#include <unistd.h>

/* Wait until the producer has written something. */
int wait_nonempty(const char *path, int seconds)
{
    struct stat st;

    while (stat(path, &st) != 0 || st.st_size == 0) {
        if (seconds-- == 0)
            return -1;
        sleep(1);
    }
    return 0;
}
