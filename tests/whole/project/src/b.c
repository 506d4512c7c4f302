/* A unit whose finding needs -DNEED_B from its compile command. */
#include "probe.h"

#ifdef NEED_B
int b_size(const char *p)
{
    struct stat st;

    if (access(p, F_OK) != 0)
        return -1;
    if (stat(p, &st) != 0)
        return -1;
    return (int)st.st_size;
}
#endif
