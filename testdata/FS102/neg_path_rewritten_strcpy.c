#include <string.h>
#include <sys/stat.h>

/* BUF holds the primary copy, then the mirror. */
int both_copies_regular(char *buf, const char *primary, const char *mirror)
{
    struct stat st;

    strcpy(buf, primary);
    if (stat(buf, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    strcpy(buf, mirror);
    return stat(buf, &st) == 0 && S_ISREG(st.st_mode);
}
