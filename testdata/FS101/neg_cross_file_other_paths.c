#include "lib/probes.h"

/* The helpers of lib/probes.c on two different paths: nothing to report. */
int both_present(const char *conf, const char *state)
{
    return path_exists(conf) && path_is_dir(state);
}
