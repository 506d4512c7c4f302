/* hook_demo: the one finding of the project (FS101, line 13). */
#include "config.h"

#include <sys/stat.h>
#include <unistd.h>

int config_dir_is_usable(const char *path)
{
    struct stat st;

#ifdef HOOK_DEMO_CONFIG_DIR
    /* needs the definition from the compile command to be seen */
    if (access(path, F_OK) != 0)
        return 0;
#endif
    if (stat(path, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}
