#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* Appends to a file of its own making, in this project. */
static void log_size(const char *path, long size)
{
    FILE *f = fopen(path, "a");
    if (!f)
        return;
    fprintf(f, "%ld\n", size);
    fclose(f);
}

/* The loop hands the probed path to a project function that writes that
   very file: its size changes from turn to turn, so the probe cannot move
   out of the loop. */
long grow_log(const char *log, size_t n)
{
    struct stat st;
    long total = 0;

    for (size_t i = 0; i < n; i++) {
        if (stat(log, &st) == 0)
            total += (long)st.st_size;
        log_size(log, total);
    }
    return total;
}

/* Rebuilds the index file at PATH with a child process: the project
   function may change files, and it is handed the probed path. */
static void regenerate(const char *path, int i)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "make-index %d > %s", i, path);
    system(cmd);
}

long index_sizes(const char *idx, size_t n)
{
    struct stat st;
    long total = 0;

    for (size_t i = 0; i < n; i++) {
        if (stat(idx, &st) == 0)
            total += (long)st.st_size;
        regenerate(idx, (int)i);
    }
    return total;
}
