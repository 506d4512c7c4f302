#include <stdio.h>
#include <sys/stat.h>

/* gnulib's replacement header: fopen is its rpl_fopen, a drop-in
 * replacement defined outside the project (no summary of its own). */
FILE *rpl_fopen(const char *name, const char *mode);
#define fopen rpl_fopen

long size_then_read(const char *path, char *buf, size_t n)
{
    struct stat st;
    FILE *fp;
    size_t got;

    if (stat(path, &st) != 0 || (size_t)st.st_size > n)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    fp = fopen(path, "r");
    if (!fp)
        return -1;
    got = fread(buf, 1, n, fp);
    fclose(fp);
    return (long)got;
}
