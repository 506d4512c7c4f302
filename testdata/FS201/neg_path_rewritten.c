#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* PATH is readable; its ".sig" companion is what gets opened. */
FILE *open_signature(char *path)
{
    if (access(path, R_OK) != 0)
        return NULL;
    strcat(path, ".sig");
    return fopen(path, "r");
}
