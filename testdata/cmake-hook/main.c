/* hook_demo: no findings here. */
#include <stdio.h>

#include "config.h"

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : HOOK_DEMO_CONFIG_DIR;

    printf("%s: %s\n", dir, config_dir_is_usable(dir) ? "usable" : "not usable");
    return 0;
}
