#include <sys/stat.h>

struct cursor {
    int pos, end;
};

static int cursor_next(struct cursor *c)
{
    return ++c->pos < c->end;
}

/* A real loop: the body runs until the cursor is exhausted. */
int count_while_linked(const char *base, struct cursor *cur)
{
    struct stat st;
    int links = 0;

    do {
        if (lstat(base, &st) == 0 && S_ISLNK(st.st_mode))
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: {{.*}} [FS401]
            links++;
    } while (cursor_next(cur));
    return links;
}
