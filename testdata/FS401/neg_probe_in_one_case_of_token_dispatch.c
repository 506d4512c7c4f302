#include <stdio.h>
#include <sys/stat.h>

/* Expand %p (the path) and %m (its mode on disk) in FMT.  The lstat() runs
   once for each %m in the format, not on every iteration. */
void expand_format(FILE *out, const char *fmt, const char *path)
{
    struct stat st;

    for (const char *p = fmt; *p != '\0'; p++) {
        if (p[0] == '%' && p[1] == 'm') {
            if (lstat(path, &st) == 0)
                fprintf(out, "%06o", (unsigned)st.st_mode);
            p++;
        } else if (p[0] == '%' && p[1] == 'p') {
            fputs(path, out);
            p++;
        } else {
            fputc(*p, out);
        }
    }
}
