/* Shared by every unit of the project: one finding (FS101) in a static
 * inline function, which must be reported once however many units include
 * the header. */
#ifndef PROBE_H
#define PROBE_H

#include <sys/stat.h>
#include <unistd.h>

static inline int probe_is_dir(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return 0;
    if (stat(path, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}

#endif
