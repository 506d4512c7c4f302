#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

int make_user_dir(const char *parent, const char *child)
{
    if (access(parent, F_OK) != 0) {
        fprintf(stderr, "%s: missing\n", parent);
        return -1;
    }
    return mkdir(child, 0700);
}
