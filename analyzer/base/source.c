/* source.c - the source-file store (source.h). */
#include "base/source.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct fs_stored {
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime, ctime;
    char *text; /* NULL once dropped */
    long len;
    unsigned long long hash;
    unsigned long long used; /* the store's clock when last asked for */
} fs_stored;

static struct {
    pthread_mutex_t lock;
    fs_stored *v;
    int n, cap;
    int *slot; /* open addressing over v by (dev, ino): index + 1, 0 empty */
    int nslot;
    long kept; /* bytes of text held */
    unsigned long long clock;
} fs_store = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, NULL, 0, 0, 0 };

static unsigned fs_stored_hash(dev_t dev, ino_t ino)
{
    unsigned long long k[2] = { (unsigned long long)dev, (unsigned long long)ino };
    return fs_fnv32((const char *)k, sizeof k);
}

static int *fs_stored_slot(dev_t dev, ino_t ino)
{
    unsigned mask = (unsigned)fs_store.nslot - 1;
    for (unsigned h = fs_stored_hash(dev, ino) & mask;; h = (h + 1) & mask) {
        int i = fs_store.slot[h];
        if (i == 0 || (fs_store.v[i - 1].dev == dev && fs_store.v[i - 1].ino == ino))
            return &fs_store.slot[h];
    }
}

static fs_stored *fs_stored_find(const struct stat *st)
{
    if (!fs_store.nslot)
        return NULL;
    int i = *fs_stored_slot(st->st_dev, st->st_ino);
    return i ? &fs_store.v[i - 1] : NULL;
}

static fs_stored *fs_stored_add(const struct stat *st)
{
    if (2 * (fs_store.n + 1) > fs_store.nslot) {
        free(fs_store.slot);
        fs_store.nslot = fs_store.nslot ? 2 * fs_store.nslot : 256;
        fs_store.slot = fs_xcalloc((size_t)fs_store.nslot, sizeof *fs_store.slot);
        for (int i = 0; i < fs_store.n; i++)
            *fs_stored_slot(fs_store.v[i].dev, fs_store.v[i].ino) = i + 1;
    }
    fs_grow(&fs_store.v, &fs_store.cap, fs_store.n + 1, sizeof *fs_store.v);
    fs_stored *s = &fs_store.v[fs_store.n++];
    memset(s, 0, sizeof *s);
    s->dev = st->st_dev;
    s->ino = st->st_ino;
    *fs_stored_slot(st->st_dev, st->st_ino) = fs_store.n;
    return s;
}

static int fs_same_stamp(const fs_stored *s, const struct stat *st)
{
    return s->text && s->size == st->st_size && s->mtime.tv_sec == st->st_mtim.tv_sec &&
           s->mtime.tv_nsec == st->st_mtim.tv_nsec && s->ctime.tv_sec == st->st_ctim.tv_sec &&
           s->ctime.tv_nsec == st->st_ctim.tv_nsec;
}

/* Drop the texts used longest ago until what is kept fits (lock held). */
static void fs_store_trim(void)
{
    while (fs_store.kept > FS_SOURCE_KEEP_BYTES) {
        fs_stored *old = NULL;
        for (int i = 0; i < fs_store.n; i++)
            if (fs_store.v[i].text && (!old || fs_store.v[i].used < old->used))
                old = &fs_store.v[i];
        if (!old)
            return;
        fs_store.kept -= old->len;
        free(old->text);
        old->text = NULL;
    }
}

char *fs_source_read_fresh(const char *path, long *len, const char **why)
{
    /* what is not a regular file is not even opened: opening a FIFO or a
     * device can block, or act on it (the fstat below is for a file
     * swapped in meanwhile) */
    struct stat pre;
    if (stat(path, &pre) == 0 && !S_ISREG(pre.st_mode)) {
        *why = S_ISDIR(pre.st_mode) ? "is a directory" : "not a regular file";
        return NULL;
    }
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *why = strerror(errno);
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > FS_MAX_FILE_BYTES) {
        *why = S_ISDIR(st.st_mode)    ? "is a directory"
               : !S_ISREG(st.st_mode) ? "not a regular file"
                                      : "file too large (over 16 MiB)";
        close(fd);
        return NULL;
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *buf = fs_xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap) {
            if (cap > (size_t)FS_MAX_FILE_BYTES) {
                *why = "file too large (over 16 MiB)";
                free(buf);
                close(fd);
                return NULL;
            }
            cap *= 2;
            buf = fs_xrealloc(buf, cap);
        }
        ssize_t r = read(fd, buf + n, cap - n - 1);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            *why = strerror(errno);
            free(buf);
            close(fd);
            return NULL;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    buf[n] = '\0';
    *len = (long)n;
    return buf;
}

char *fs_source_read(const char *path, long *len, const char **why, unsigned long long *hash)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return fs_source_read_fresh(path, len, why); /* says why */
    pthread_mutex_lock(&fs_store.lock);
    fs_stored *s = fs_stored_find(&st);
    if (s && fs_same_stamp(s, &st)) {
        s->used = ++fs_store.clock;
        char *copy = fs_xmalloc((size_t)s->len + 1);
        memcpy(copy, s->text, (size_t)s->len + 1);
        *len = s->len;
        if (hash)
            *hash = s->hash;
        pthread_mutex_unlock(&fs_store.lock);
        return copy;
    }
    pthread_mutex_unlock(&fs_store.lock);
    /* read without the lock: other workers go on meanwhile */
    char *text = fs_source_read_fresh(path, len, why);
    if (!text)
        return NULL;
    unsigned long long h = fs_fnv64(text, (size_t)*len);
    if (hash)
        *hash = h;
    pthread_mutex_lock(&fs_store.lock);
    s = fs_stored_find(&st);
    if (!s)
        s = fs_stored_add(&st);
    if (s->text) {
        fs_store.kept -= s->len;
        free(s->text);
    }
    s->size = st.st_size;
    s->mtime = st.st_mtim;
    s->ctime = st.st_ctim;
    s->text = fs_xmalloc((size_t)*len + 1);
    memcpy(s->text, text, (size_t)*len + 1);
    s->len = *len;
    s->hash = h;
    s->used = ++fs_store.clock;
    fs_store.kept += s->len;
    fs_store_trim();
    pthread_mutex_unlock(&fs_store.lock);
    return text;
}
