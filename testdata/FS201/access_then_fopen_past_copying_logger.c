#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An in-memory log of the names read: appending copies the name in, and
   running out of memory ends the program (flushing the streams first).
   Copying a name acts on no file. */
struct log {
    char *buf;
    size_t len, cap;
};

static void log_fail(void)
{
    fflush(NULL);
    exit(70);
}

static void log_add(struct log *l, const char *s)
{
    size_t len = strlen(s);

    if (l->len + len + 2 > l->cap) {
        size_t cap = (l->len + len + 2) * 2;
        char *p = realloc(l->buf, cap);
        if (!p)
            log_fail();
        l->buf = p;
        l->cap = cap;
    }
    memcpy(l->buf + l->len, s, len);
    l->len += len;
    l->buf[l->len++] = '\n';
    l->buf[l->len] = '\0';
}

long first_line_length(const char *path, struct log *seen)
{
    char line[256];
    FILE *f;

    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    log_add(seen, path);
    f = fopen(path, "r");
    if (!f)
        return -1;
    if (!fgets(line, sizeof line, f)) {
        fclose(f);
        return 0;
    }
    fclose(f);
    return (long)strlen(line);
}
