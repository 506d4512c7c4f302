#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Print the mode of each leading directory of NAME below its first SKIP
   bytes: SEP and REL point into the same copy, and every iteration cuts
   REL at a different slash. */
int show_parents(const char *name, size_t skip)
{
    struct stat st;
    char *copy = strdup(name);
    char *rel, *sep;

    if (copy == NULL || strlen(copy) < skip)
        return -1;
    rel = copy + skip;
    sep = rel;
    while ((sep = strchr(sep + 1, '/')) != NULL) {
        *sep = '\0';
        if (stat(rel, &st) == 0)
            printf("%s %o\n", rel, (unsigned)(st.st_mode & 07777));
        *sep = '/';
    }
    free(copy);
    return 0;
}
