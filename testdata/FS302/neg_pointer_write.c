#include <string.h>
#include <unistd.h>

/* Once "name.tmp" is there, the old "name" is removed. */
int drop_previous(char *tmp_path)
{
    char *dot = strrchr(tmp_path, '.');

    if (dot == NULL)
        return -1;
    if (access(tmp_path, F_OK) != 0)
        return -1;
    *dot = '\0';
    return unlink(tmp_path);
}
