/* A unit that names the header by a path of its own ("../../include/probe.h"). */
#include "../../include/probe.h"

#ifdef NEED_F
int f_size(const char *p)
{
    struct stat st;

    if (access(p, F_OK) != 0)
        return -1;
    if (stat(p, &st) != 0)
        return -1;
    return (int)st.st_size;
}
#endif
