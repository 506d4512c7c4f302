#include <fcntl.h>
#include <unistd.h>

/* A dry run only checks; a real run only opens. */
int prepare_input(const char *path, int dry_run)
{
    if (dry_run)
        return access(path, R_OK) == 0 ? 0 : -1;
    return open(path, O_RDONLY);
}
