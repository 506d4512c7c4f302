#include <stddef.h>
#include <unistd.h>

struct record {
    int id;
    const char *body;
};

int write_record(const char *dir, const struct record *rec);

int export_records(const char *outdir, const struct record *recs, size_t n)
{
    int written = 0;

    for (size_t i = 0; i < n; i++) {
        if (access(outdir, W_OK) == 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: {{.*}} [FS401]
            written += write_record(outdir, &recs[i]) == 0;
    }
    return written;
}
