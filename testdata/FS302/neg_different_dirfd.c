#include <fcntl.h>
#include <unistd.h>

/* NAME is dropped from the staging folder once it is in the store. */
int unstage(int storefd, int stagingfd, const char *name)
{
    if (faccessat(storefd, name, F_OK, 0) != 0)
        return -1;
    return unlinkat(stagingfd, name, 0);
}
