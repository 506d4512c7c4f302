#include <errno.h>
#include <stdio.h>

/* The rewrite: open, then look at errno. */
FILE *open_config(const char *path, int *missing)
{
    FILE *fp = fopen(path, "r");

    *missing = fp == NULL && errno == ENOENT;
    return fp;
}
