#include <sys/stat.h>
#include <unistd.h>

/* 1 when PRIMARY exists, 2 when FALLBACK is a directory, 0 otherwise. */
int pick_location(const char *primary, const char *fallback)
{
    struct stat st;
    const char *p = primary;

    if (access(p, F_OK) == 0)
        return 1;
    p = fallback;
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
        return 2;
    return 0;
}
