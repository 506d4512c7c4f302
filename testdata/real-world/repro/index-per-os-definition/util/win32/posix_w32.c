#include <sys/stat.h>
extern int do_lstat(const char *p, struct stat *b, int posix);
int p_stat(const char *path, struct stat *buf)
{
    return do_lstat(path, buf, 0);
}
