/* probe.h - included by src/a.c and src/b.c: its finding is seen from two
   translation units, under two spellings of its name, and fixed once. */
#ifndef PROBE_H
#define PROBE_H
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

static inline bool probe_is_dir(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
#endif
