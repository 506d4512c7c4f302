#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#define MAX_CONFIG_SIZE (1L << 20)

char *read_small_file(const char *path, size_t *len)
{
    struct stat st;
    FILE *fp;
    char *buf;

    if (stat(path, &st) != 0 || st.st_size > MAX_CONFIG_SIZE)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return NULL;
    fp = fopen(path, "r");
    if (fp == NULL)
        return NULL;
    buf = malloc((size_t)st.st_size + 1);
    *len = buf ? fread(buf, 1, (size_t)st.st_size, fp) : 0;
    fclose(fp);
    return buf;
}
