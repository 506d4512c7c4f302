#include <stdio.h>
#include <sys/stat.h>

struct endpoint {
    int fd;
    const char *name;
};

static int endpoint_set_mode(struct endpoint *ep, mode_t mode)
{
    return fchmod(ep->fd, mode);
}

/* The helper changes the socket file's mode through its descriptor; the
   second stat() checks that the change took effect. */
int open_up_socket(struct endpoint *ep)
{
    struct stat st;

    if (stat("/run/relay.sock", &st) != 0)
        return -1;
    printf("mode before: %o\n", (unsigned)(st.st_mode & 0777));
    if (endpoint_set_mode(ep, 0666) != 0)
        return -1;
    if (stat("/run/relay.sock", &st) != 0)
        return -1;
    return (st.st_mode & 0777) == 0666 ? 0 : -1;
}
