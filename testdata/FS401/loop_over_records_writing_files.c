#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

/* Writes one record into a file of its own in DIR. */
static int save_record(const char *dir, int id)
{
    char name[256];
    snprintf(name, sizeof name, "%s/%d.rec", dir, id);
    FILE *f = fopen(name, "w");
    if (!f)
        return -1;
    fprintf(f, "%d\n", id);
    return fclose(f);
}

/* A loop over data that writes files: the pause flag, a path the loop
 * leaves alone, is checked on every turn all the same (a service loop
 * without an end is another matter). */
int save_all(const char *outdir, const char *pause_flag, const int *ids, size_t n)
{
    int saved = 0;

    for (size_t i = 0; i < n; i++) {
        if (access(pause_flag, F_OK) == 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: 'pause_flag' {{.*}} [FS401]
            continue;
        saved += save_record(outdir, ids[i]) == 0;
    }
    return saved;
}
