#include <stdio.h>
#include <unistd.h>

#define READABLE(p) (access((p), R_OK) == 0)

struct store {
    const char *journal;
    FILE *fp;
};

int store_open(struct store *s)
{
    if (!READABLE(s->journal))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    s->fp = fopen(s->journal, "r+");
    return s->fp != NULL ? 0 : -1;
}
