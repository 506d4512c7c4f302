#include <sys/stat.h>
#include <unistd.h>

/* --check only reports; otherwise the folder is made. */
int setup_dir(const char *dir, int check_only)
{
    if (check_only)
        return access(dir, F_OK) == 0 ? 0 : 1;
    return mkdir(dir, 0755);
}
