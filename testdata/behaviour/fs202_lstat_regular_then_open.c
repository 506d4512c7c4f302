// FIXES: safe
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Read a file planted in a shared folder, never through a symlink. */
static long count_bytes(const char *path)
{
    struct stat st;
    int fd;
    char buf[256];
    long total = 0;
    ssize_t n;

    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        total += n;
    close(fd);
    return total;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    long n = count_bytes(argv[1]);
    printf("%ld\n", n);
    return n < 0;
}
