#include "../include/probe.h"

int b_main(const char *path)
{
    return probe_is_dir(path) ? 2 : 0;
}
