#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growable name buffer: appending copies the string in.  Running out of
   memory ends the program, which flushes what was buffered. */
struct name {
    char *buf;
    size_t len, cap;
};

static void name_fail(void)
{
    fflush(NULL);
    exit(128);
}

static void name_add(struct name *n, const char *s, size_t len)
{
    if (n->len + len + 1 > n->cap) {
        size_t cap = (n->len + len + 1) * 2;
        char *p = realloc(n->buf, cap);
        if (!p)
            name_fail();
        n->buf = p;
        n->cap = cap;
    }
    memcpy(n->buf + n->len, s, len);
    n->len += len;
    n->buf[n->len] = '\0';
}

static void name_addstr(struct name *n, const char *s)
{
    name_add(n, s, strlen(s));
}

/* Takes the lock of PATH: PATH.lock, made by copying PATH into a buffer
   first; committing the lock renames it over PATH. */
static int lock_take(struct name *lock, const char *path)
{
    name_addstr(lock, path);
    name_addstr(lock, ".lock");
    return open(lock->buf, O_WRONLY | O_CREAT | O_EXCL, 0600);
}

static int lock_commit(struct name *lock)
{
    char target[4096];
    size_t len = lock->len - strlen(".lock");

    if (len >= sizeof target)
        return -1;
    memcpy(target, lock->buf, len);
    target[len] = '\0';
    return rename(lock->buf, target);
}

/* Appends a line to PATH by rewriting it under its lock; the old content
   is read back only when the file was there before the lock was taken.
   The lock replaces PATH in between: the access() answers for another
   file than the one fopen() reads. */
int append_line(const char *path, const char *line)
{
    struct name lock = { 0 };
    int existed = access(path, F_OK) == 0;
    int fd = lock_take(&lock, path);
    char buf[512];
    FILE *old;

    if (fd < 0)
        return -1;
    if (existed && (old = fopen(path, "r")) != NULL) {
        while (fgets(buf, sizeof buf, old) != NULL)
            if (write(fd, buf, strlen(buf)) < 0)
                break;
        fclose(old);
    }
    if (write(fd, line, strlen(line)) < 0 || close(fd) != 0)
        return -1;
    return lock_commit(&lock);
}
