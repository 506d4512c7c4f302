#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>

struct download {
    char *outfile;
    int skip;
    long resume_from;
};

static int verbose;

/* A printf-like logger: it only reads its arguments. */
static void notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void notice(const char *fmt, ...)
{
    va_list ap;

    if (!verbose)
        return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

void prepare_output(struct download *d, int skip_existing, int resume)
{
    struct stat st;

    if (stat(d->outfile, &st) == 0 && skip_existing) {
        notice("%s exists, skipping\n", d->outfile);
        d->skip = 1;
    }
    if (resume && stat(d->outfile, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: repeated probe: {{.*}} [FS102]
        d->resume_from = (long)st.st_size;
}
