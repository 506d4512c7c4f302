#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

struct download {
    char *outfile;
    int skip;
    long resume_from;
};

/* The first stat() runs only when skip_existing is set: a later stat() reached
   without it has no earlier answer to reuse. */
void prepare_output(struct download *d, int skip_existing, int resume)
{
    struct stat st;

    if (skip_existing && stat(d->outfile, &st) == 0)
        d->skip = 1;
    if (resume && stat(d->outfile, &st) == 0)
        d->resume_from = (long)st.st_size;
}

/* The probe inside the loop answers for a candidate; the loop's other exit
   reaches the later stat() without any probe of the fallback path. */
long find_config(char *buf, size_t n, const char *const *dirs, int ndirs)
{
    struct stat st;
    int i;

    for (i = 0; i < ndirs; i++) {
        snprintf(buf, n, "%s/app.conf", dirs[i]);
        if (stat(buf, &st) == 0)
            break;
    }
    if (i == ndirs)
        snprintf(buf, n, "%s", "/etc/app.conf");
    if (stat(buf, &st) != 0)
        return -1;
    return (long)st.st_size;
}

/* Only one branch probes. */
int mode_of(const char *p, int verbose)
{
    struct stat st;

    if (verbose) {
        if (stat(p, &st) == 0)
            printf("%ld\n", (long)st.st_size);
    }
    if (stat(p, &st) != 0)
        return -1;
    return (int)st.st_mode;
}
