#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

static bool file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* Write a default configuration unless the user already has one. */
int write_default_config(const char *path)
{
    FILE *fp;

    if (file_exists(path))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        return 0;
    fp = fopen(path, "w");
    if (fp == NULL)
        return -1;
    fputs("# defaults\ncolor = auto\n", fp);
    return fclose(fp);
}
