/* Input of the command-line tests: one broken function, one intact one
   (both probe a path twice: libclang parses them). */
#include <sys/stat.h>
#include <unistd.h>
int broken(const char *p, int n)
{
    int total = n +;
    return total + access(p, F_OK) + access(p, R_OK);
}

int is_regular(const char *path)
{
    struct stat st;

    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
        return S_ISREG(st.st_mode);
    return 0;
}
