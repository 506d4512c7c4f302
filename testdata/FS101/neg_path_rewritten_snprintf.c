#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* BUF first holds DIR, then DIR/NAME: two different paths. */
int has_regular_entry(char *buf, size_t len, const char *dir, const char *name)
{
    struct stat st;

    snprintf(buf, len, "%s", dir);
    if (access(buf, F_OK) != 0)
        return 0;
    snprintf(buf, len, "%s/%s", dir, name);
    return stat(buf, &st) == 0 && S_ISREG(st.st_mode);
}
