#include <unistd.h>

void cleanup(const char *a, const char *b)
{
    if (access(a, F_OK) == 0) // NOLINT(fscheck-check-then-remove)
        unlink(a);
    if (access(b, F_OK) == 0) // NOLINT(FS302)
        unlink(b);
}
