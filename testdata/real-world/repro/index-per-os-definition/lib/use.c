#include <stdbool.h>
#include <unistd.h>
bool path_isdir(const char *p);
bool path_isfile(const char *p);
int cleanup(const char *path)
{
    if (path_isfile(path))
        return unlink(path);
    else if (path_isdir(path))
        return rmdir(path);
    return 0;
}
