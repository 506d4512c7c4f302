/* A unit without findings. */
#include "probe.h"

int clean_is_dir(const char *p)
{
    return probe_is_dir(p);
}
