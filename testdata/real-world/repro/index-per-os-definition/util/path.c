#include <stdbool.h>
#include "posix.h"
bool path_isdir(const char *p)
{
    struct stat st;
    if (p_stat(p, &st) < 0)
        return false;
    return S_ISDIR(st.st_mode) != 0;
}
bool path_isfile(const char *p)
{
    struct stat st;
    if (p_stat(p, &st) < 0)
        return false;
    return S_ISREG(st.st_mode) != 0;
}
