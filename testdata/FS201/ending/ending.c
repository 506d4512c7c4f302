#include <stdio.h>
#include <stdlib.h>

#include "ending.h"

void fatal(const char *what)
{
    fprintf(stderr, "fatal: %s\n", what);
    exit(1);
}

void fail_exit(const char *what)
{
    fatal(what);
}

void maybe_exit(int really)
{
    if (really)
        exit(1);
}
