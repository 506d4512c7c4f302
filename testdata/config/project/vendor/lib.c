/* Input of the command-line tests of .fscheck.yml: excluded there. */
#include <sys/stat.h>
#include <unistd.h>

int is_directory(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return 0;
    if (stat(path, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}
