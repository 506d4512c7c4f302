#include <stdio.h>
#include <unistd.h>

/* The check before the open is only in the arm Windows and macOS builds
   compile; a Linux build compiles the other arm, which opens at once.
   Nothing to report with either engine. */
FILE *open_config(const char *p)
{
#if defined(_WIN32) || defined(__APPLE__)
    if (access(p, R_OK) != 0)
        return NULL;
    return fopen(p, "r");
#else
    return fopen(p, "r");
#endif
}
