#include <stdlib.h>
#include <unistd.h>

/* GLib-style SETPTR: the assignment is the macro's, its two sides are the
   macro's arguments (between which the source has a comma). */
#define SETPTR(ptr, result) \
    do { \
        void *setptr_tmp = ptr; \
        ptr = result; \
        free(setptr_tmp); \
    } while (0)

extern char *fallback_path(const char *name);

/* Look-alike: the path is replaced on the missing outcome, so the second
   check is of another path there. */
int check_twice(char *filename, const char *name)
{
    if (access(filename, F_OK) != 0)
        SETPTR(filename, fallback_path(name));
    return access(filename, F_OK);
}
