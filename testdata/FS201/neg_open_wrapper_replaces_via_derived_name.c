#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A replacement in progress: the new content goes to NAME.new, which is
   renamed over NAME when it is complete.  Only the temporary name is kept;
   the target is found again by cutting the suffix off. */
struct replacement {
    char temp[PATH_MAX];
    int fd;
};

static struct replacement in_progress;

static int replacement_start(struct replacement *r, const char *path)
{
    char name[PATH_MAX];

    snprintf(name, sizeof name, "%s.new", path);
    r->fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (r->fd < 0)
        return -1;
    memcpy(r->temp, name, sizeof r->temp);
    return 0;
}

static int replacement_finish(struct replacement *r)
{
    char target[PATH_MAX];
    size_t len = strlen(r->temp) - strlen(".new");

    memcpy(target, r->temp, len);
    target[len] = '\0';
    if (close(r->fd) != 0)
        return -1;
    return rename(r->temp, target);
}

/* Copies PATH without the lines that hold KEY, then puts the copy in its
   place: a PATH that is missing becomes an empty file. */
static void drop_lines_with(const char *path, const char *key)
{
    char line[512];
    FILE *in;

    if (replacement_start(&in_progress, path) != 0)
        exit(1);
    in = fopen(path, "r");
    if (in != NULL) {
        while (fgets(line, sizeof line, in) != NULL)
            if (strstr(line, key) == NULL && write(in_progress.fd, line, strlen(line)) < 0)
                exit(1);
        fclose(in);
    }
    if (replacement_finish(&in_progress) != 0)
        exit(1);
}

/* The check decides whether a file is written at all: calling the helper
   without it would create PATH. */
void forget_key(const char *path, const char *key)
{
    if (access(path, F_OK) == 0)
        drop_lines_with(path, key);
}
