/* Part of exists_through_wrappers_across_a_cycle.c: cyc_leaf_exists() is
   called from b.c, and cyc_top_exists() calls b.c's cyc_mid_exists(), so
   neither file can be read first with everything it calls known. */
#include <unistd.h>

#include "cycle.h"

int cyc_leaf_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

int cyc_top_exists(const char *path)
{
    return cyc_mid_exists(path);
}
