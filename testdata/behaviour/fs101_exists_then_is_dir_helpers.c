// FIXES: safe
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}

static int path_is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Pick where to clone: an existing folder is used as it is. */
int main(int argc, char **argv)
{
    if (argc != 2 || !path_exists("/"))
        return 2;
    if (path_exists(argv[1]) && path_is_dir(argv[1]))
        puts("use the folder");
    else
        puts("make a new folder");
    return 0;
}
