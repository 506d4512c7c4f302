/* Input of the command-line tests: one broken function, one intact one. */
#include <sys/stat.h>
#include <unistd.h>

int broken(int n)
{
    int total = n +;
    return total;
}

int is_regular(const char *path)
{
    struct stat st;

    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
        return S_ISREG(st.st_mode);
    return 0;
}
