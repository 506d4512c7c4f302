#include <sys/stat.h>
#include <time.h>

/* Loops whose exit depends on what the probe found: polls, asked on
   purpose on every turn, whether through the loop's own condition or a
   variable set from the struct stat. */

int wait_until_grown(const char *p)
{
    struct stat st = { 0 };
    int i;

    for (i = 0; st.st_size < 100 && i < 10; i++)
        stat(p, &st);
    return i;
}

int wait_until_touched(const char *p, long ns)
{
    struct stat st;
    int i = 0;

    do {
        if (stat(p, &st) != 0)
            return -1;
        i++;
    } while (st.st_mtim.tv_nsec == ns && i < 1000);
    return i;
}

int wait_until_changed(const char *p, const struct stat *old)
{
    struct stat st;
    int changed = 0;

    for (int i = 0; i < 50 && !changed; i++) {
        if (stat(p, &st) == 0)
            changed = st.st_mtime != old->st_mtime;
    }
    return changed;
}
