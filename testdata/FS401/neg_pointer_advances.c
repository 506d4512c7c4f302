#include <stddef.h>
#include <unistd.h>

/* The first readable file of a NULL-terminated list. */
const char *first_readable(const char *const *candidates)
{
    for (const char *const *p = candidates; *p != NULL; p++) {
        if (access(*p, R_OK) == 0)
            return *p;
    }
    return NULL;
}
