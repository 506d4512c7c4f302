/* Part of exists_through_wrappers_across_a_cycle.c. */
#include <stddef.h>

#include "cycle.h"

int cyc_mid_exists(const char *path)
{
    if (path == NULL)
        return 0;
    return cyc_leaf_exists(path);
}
