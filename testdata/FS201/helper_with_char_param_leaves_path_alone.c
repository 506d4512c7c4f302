#include <stdio.h>
#include <sys/stat.h>

/* Whether a helper writes through a pointer parameter comes from its body,
   not from its prototype: fileExist() takes a `char *` and only stats it. */
static int fileExist(char *filename)
{
    struct stat st;

    return stat(filename, &st) == 0;
}

static int show(char *name)
{
    return printf("%s\n", name);
}

FILE *open_existing(char *path)
{
    if (!fileExist(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    show(path);
    return fopen(path, "r");
}

/* Look-alikes: helpers that do write through the pointer, or hand it back
   to be written. */
static void lower_case(char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
}

static char *after_slash(char *s)
{
    return s + 1;
}

FILE *open_lowered(char *path)
{
    if (!fileExist(path))
        return NULL;
    lower_case(path);
    return fopen(path, "r");
}

FILE *open_cut(char *path)
{
    if (!fileExist(path))
        return NULL;
    after_slash(path)[0] = '\0';
    return fopen(path, "r");
}
