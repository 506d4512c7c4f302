#include <stdio.h>
#include <sys/stat.h>

/* The size, not the existence, decides: an empty file gets a header too. */
int start_csv(const char *path)
{
    struct stat st;
    FILE *fp;

    if (stat(path, &st) == 0 && st.st_size > 0)
        return 0;
    fp = fopen(path, "w");
    if (fp == NULL)
        return -1;
    fputs("time,value\n", fp);
    return fclose(fp);
}
