// FIXES: safe
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Refuse devices, folders and FIFOs, then open. */
static int open_regular(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return open(path, O_RDONLY | O_CLOEXEC);
}

int main(int argc, char **argv)
{
    char buf[64];

    if (argc != 2)
        return 2;
    int fd = open_regular(argv[1]);
    if (fd < 0) {
        puts("refused");
        return 1;
    }
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    printf("read %zd bytes\n", n);
    return 0;
}
