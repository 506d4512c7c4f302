#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pending {
    char tmp[4096];
    const char *target;
    FILE *out;
};

static void pending_begin(struct pending *p, const char *target)
{
    snprintf(p->tmp, sizeof p->tmp, "%s.new", target);
    p->target = target;
    p->out = fopen(p->tmp, "w");
    if (p->out == NULL)
        exit(1);
}

static void pending_commit(struct pending *p)
{
    fclose(p->out);
    rename(p->tmp, p->target);
}

/* Copies PATH without the lines naming NAME, and puts the copy in its
   place: a missing PATH becomes an empty file. */
static void rewrite_without(const char *path, const char *name)
{
    struct pending p;
    char line[256];
    FILE *in;

    pending_begin(&p, path);
    in = fopen(path, "r");
    if (in != NULL) {
        while (fgets(line, sizeof line, in) != NULL)
            if (strstr(line, name) == NULL)
                fputs(line, p.out);
        fclose(in);
    }
    pending_commit(&p);
}

/* The check is not a race to remove: it decides whether a file is made. */
void forget_entry(const char *path, const char *name)
{
    if (access(path, F_OK) == 0)
        rewrite_without(path, name);
}
