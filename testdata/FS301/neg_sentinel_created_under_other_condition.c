#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* The stop file's existence means "stop". It is created later, with O_EXCL,
   only when the work is done: the "missing" outcome does not lead to the
   create on every way (it sleeps and asks again), so there is no
   check-then-create to fold. */
int serve(const char *stopfile, const int *done)
{
    for (;;) {
        if (access(stopfile, F_OK) == 0)
            return 0;
        if (*done) {
            int fd = open(stopfile, O_WRONLY | O_CREAT | O_EXCL, 0644);
            if (fd >= 0)
                close(fd);
        }
        sleep(1);
    }
}

/* The same without the loop: a missing stop file returns 1 when the work is
   not done, which is no error. */
int finish(const char *stopfile, int done)
{
    if (access(stopfile, F_OK) == 0)
        return 0;
    if (done) {
        int fd = open(stopfile, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0)
            close(fd);
    }
    return 1;
}
