#include <unistd.h>

/* Defined elsewhere; may rewrite PATH in place. */
int resolve_alias(char *path);

int remove_alias_target(char *path)
{
    if (access(path, F_OK) != 0)
        return 0;
    resolve_alias(path);
    return unlink(path);
}
