#include <stdio.h>
#include <unistd.h>

struct journal {
    const char *path;
    FILE *fp;
};

/* A new journal starts with a header line. */
int journal_open(struct journal *j)
{
    if (access(j->path, F_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} [FS301]
        j->fp = fopen(j->path, "a");
        if (j->fp == NULL)
            return -1;
        fputs("# journal v1\n", j->fp);
        return 0;
    }
    return -1;
}
