#include "probe.h"

int a_main(const char *path)
{
    return probe_is_dir(path);
}
