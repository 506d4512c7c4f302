#include <stddef.h>
#include <sys/stat.h>

/* Each turn writes a new name into the path's buffer through a pointer
   into it: the probe asks about another file every time. */
int count_present(char *path, size_t prefix, int n)
{
    struct stat st;
    int found = 0;
    char *d = path + prefix;

    for (int i = 0; i < n; i++) {
        *d = (char)('a' + i);
        if (stat(path, &st) == 0)
            found++;
    }
    return found;
}
