#include <stdio.h>

#include "lib/probes.h"

/* Both helpers live in lib/probes.c: an exists check, then an is-directory
   check of the same path, found through the project index. */
int plugin_dir_usable(const char *dir)
{
    if (path_exists(dir) && path_is_dir(dir))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return 1;
    return 0;
}

/* A wrapper of a wrapper, also from the other file. */
int state_dir_usable(const char *dir)
{
    if (!config_present(dir))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check is redundant: {{.*}} [FS101]
        return 0;
    return path_is_dir(dir);
}

/* A macro of the header that expands to the wrapper. */
int spool_usable(const char *spool)
{
    return HAVE_FILE(spool) && path_is_dir(spool);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

// CHECK-FIXES: {{^}}    if (path_is_dir(dir)){{$}}
