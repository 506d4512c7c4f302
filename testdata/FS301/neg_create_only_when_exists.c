#include <stdio.h>
#include <unistd.h>

/* Trace only when the user has created the trace file. */
FILE *open_trace(const char *path)
{
    if (access(path, F_OK) == 0)
        return fopen(path, "a");
    return NULL;
}
