#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A fixed-size text buffer: appending copies the text in and ends it. */
struct textbuf {
    size_t len, alloc;
    char *data;
};

static void textbuf_setlen(struct textbuf *b, size_t len)
{
    b->len = len;
    b->data[len] = '\0';
}

static void textbuf_add(struct textbuf *b, const char *s)
{
    size_t n = strlen(s);

    if (b->len + n + 1 > b->alloc)
        return;
    memcpy(b->data + b->len, s, n);
    textbuf_setlen(b, b->len + n);
}

/* Reads a small regular file and notes its name in LOG first: the note is
   made in memory and does nothing to the file. */
long read_small_noted(const char *path, char *out, size_t size, struct textbuf *log)
{
    struct stat st;
    int fd;
    long n;

    if (stat(path, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    if (S_ISDIR(st.st_mode) || st.st_size > (off_t)size)
        return -1;
    textbuf_add(log, path);
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    n = (long)read(fd, out, size);
    close(fd);
    return n;
}
