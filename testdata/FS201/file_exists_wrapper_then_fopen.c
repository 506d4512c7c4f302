#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

static bool file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

int count_lines(const char *path)
{
    FILE *fp;
    int c, lines = 0;

    if (!file_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    while ((c = getc(fp)) != EOF)
        if (c == '\n')
            lines++;
    fclose(fp);
    return lines;
}
