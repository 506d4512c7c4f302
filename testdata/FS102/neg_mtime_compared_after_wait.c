#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* Has another process touched the file during the grace period? */
bool touched_during_grace(const char *path, unsigned seconds)
{
    struct stat first, second;

    if (stat(path, &first) != 0)
        return false;
    sleep(seconds);
    if (stat(path, &second) != 0)
        return true;
    return first.st_mtime != second.st_mtime;
}
