/* gen_man.c - build-time tool: writes the man page fscheck(1) from the
 * option table.  Usage: gen_man OUT.1 */
#include "tool/options.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen_man OUT.1\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fs_options_man(out);
    if (ferror(out) | (fclose(out) != 0)) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
