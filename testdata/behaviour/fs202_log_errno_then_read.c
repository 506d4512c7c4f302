// FIXES: unsafe
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Report a log left by an earlier run, unless it is missing or empty (git's
 * report_last_gc_error). */
static int report_log(const char *log_path)
{
    struct stat st;
    char buf[128];
    int ret = 0, fd;
    ssize_t len;

    if (stat(log_path, &st)) {
        if (errno == ENOENT)
            goto done;
        ret = fprintf(stderr, "cannot stat '%s': %s\n", log_path, strerror(errno)) ? -1 : -1;
        goto done;
    }
    if (st.st_size == 0)
        goto done;
    fd = open(log_path, O_RDONLY);
    if (fd < 0) {
        ret = -2;
        goto done;
    }
    len = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (len > 0) {
        buf[len] = 0;
        printf("last run said: %s", buf);
    } else if (len < 0) {
        ret = -3;
    }
done:
    return ret;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int rc = report_log(argv[1]);
    printf("ret %d\n", rc);
    return rc != 0;
}
