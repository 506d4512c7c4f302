// FIXES: unsafe
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* Read a small file that must be a regular file, with an error code for
 * each way it can fail (git's read_gitfile_gently). */
static int read_gitfile(const char *path, char *buf, size_t size)
{
    struct stat st;
    int fd, code = 0;
    ssize_t len;

    if (stat(path, &st)) {
        code = 1;
        goto cleanup;
    }
    if (S_ISDIR(st.st_mode)) {
        code = 2;
        goto cleanup;
    }
    if (!S_ISREG(st.st_mode)) {
        code = 3;
        goto cleanup;
    }
    if ((size_t)st.st_size >= size)
        return 4;
    fd = open(path, O_RDONLY);
    if (fd < 0) {
        code = 5;
        goto cleanup;
    }
    len = read(fd, buf, size - 1);
    close(fd);
    buf[len < 0 ? 0 : len] = 0;
cleanup:
    return code;
}

int main(int argc, char **argv)
{
    char buf[8];

    if (argc != 2)
        return 2;
    int code = read_gitfile(argv[1], buf, sizeof buf);
    printf("code %d%s%s", code, code ? "\n" : ": ", code ? "" : buf);
    return code;
}
