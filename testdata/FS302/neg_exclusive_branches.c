#include <stdio.h>
#include <unistd.h>

void finish_build(const char *objfile, int keep_objects)
{
    if (keep_objects) {
        if (access(objfile, F_OK) == 0)
            printf("kept %s\n", objfile);
    } else {
        unlink(objfile);
    }
}
