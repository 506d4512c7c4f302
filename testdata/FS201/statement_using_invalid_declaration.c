// RUN-NOBUILD: config.h is made by the build, and declares config_t
#include "config.h"
#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>

/* libclang marks this declaration invalid (config_t is unknown), and
 * silently drops every statement that uses it: the access() call below
 * is in such a statement.  Tree-sitter's parse has it. */
static config_t *cfg;

int open_spool(const char *spool)
{
    if (access(spool, R_OK) != 0 || cfg == NULL)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    return open(spool, O_RDONLY);
}
