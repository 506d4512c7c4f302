#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

/* The second lstat() runs only after a stat() that followed links: where
   the lstat() branch ran, FOLLOWED is false. */
int describe(const char *name, bool follow)
{
    struct stat st, link_st;
    bool followed;
    int err;

    if (follow) {
        err = stat(name, &st);
        followed = true;
    } else {
        err = lstat(name, &st);
        followed = false;
    }
    if (err != 0) {
        if (followed && lstat(name, &link_st) == 0)
            printf("%s: dangling link\n", name);
        return -1;
    }
    printf("%s: mode %o\n", name, (unsigned)st.st_mode);
    return 0;
}
