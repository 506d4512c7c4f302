#include <stddef.h>
#include <sys/stat.h>

/* Archives are kept in a list of slots and walked with a cursor; the
   loop's own condition points A at the next archive. */
struct archive {
    const char *file;
    int local;
};

struct slot {
    struct archive *archive;
    struct slot *next;
};

struct cursor {
    struct slot *slot;
};

struct cursor archives_first(void);
void archives_advance(struct cursor *c);

#define for_each_archive(a) \
    for (struct cursor cur_ = archives_first(); \
         ((a) = (cur_.slot ? cur_.slot->archive : NULL)); \
         archives_advance(&cur_))

static int archive_on_disk(const char *file)
{
    struct stat st;
    return lstat(file, &st) == 0;
}

/* Counts the local archives whose file is still there: a->file names
   another file on every iteration. */
int count_local_archives(void)
{
    struct archive *a;
    int n = 0;

    for_each_archive(a) {
        if (!a->local || !archive_on_disk(a->file))
            continue;
        n++;
    }
    return n;
}
