// RUN-NOBUILD: compiler.h, which defines FS_ATTR and ss_argv_t, is made by the build
#include "compiler.h"
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

/* An attribute macro after a parameter's name: the preprocessor takes it
 * away, so it is no part of the function, whose parameters tree-sitter
 * reads without it (libclang, without the header, cannot). */
void do_open_image(int argc, ss_argv_t argv, int sci_idx FS_ATTR((unused)),
                   void *infop FS_ATTR((unused)))
{
    struct stat st;

    if (argc < 2)
        return;
    if (stat(argv[1], &st) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        perror(argv[1]);
        return;
    }
    printf("%d\n", open(argv[1], O_RDONLY));
}
