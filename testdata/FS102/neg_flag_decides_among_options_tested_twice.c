#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

enum follow { FOLLOW_NEVER, FOLLOW_ARGS, FOLLOW_ALWAYS };

struct columns {
    bool inode, blocks, owner, group, size, mtime, quote, color, classify, numeric;
    enum follow follow;
};

/* The second lstat() runs only after a stat() that followed links: where
   the lstat() branch ran, FOLLOWED is false.  Each display option is tested
   twice, once to count the columns and once to print them, so every one of
   them could decide a later branch; none decides this one. */
int print_row(const char *name, const struct columns *c, bool from_args)
{
    struct stat st, link_st;
    bool inode = c->inode, blocks = c->blocks, owner = c->owner, group = c->group;
    bool size = c->size, mtime = c->mtime, quote = c->quote, color = c->color;
    bool classify = c->classify, numeric = c->numeric;
    bool followed;
    int width = 1, err;

    if (inode)
        width++;
    if (blocks)
        width++;
    if (owner)
        width++;
    if (group)
        width++;
    if (size)
        width++;
    if (mtime)
        width++;
    if (quote)
        width++;
    if (color)
        width++;
    if (classify)
        width++;
    if (numeric)
        width++;

    switch (c->follow) {
    case FOLLOW_ALWAYS:
        err = stat(name, &st);
        followed = true;
        break;
    case FOLLOW_ARGS:
        if (from_args) {
            err = stat(name, &st);
            followed = true;
            break;
        }
        /* fall through */
    case FOLLOW_NEVER:
    default:
        err = lstat(name, &st);
        followed = false;
        break;
    }

    if (err != 0) {
        if (followed && lstat(name, &link_st) == 0)
            printf("%s: dangling link\n", name);
        return -1;
    }
    printf("%d:", width);
    if (inode)
        printf(" %lu", (unsigned long)st.st_ino);
    if (blocks)
        printf(" %ld", (long)st.st_blocks);
    if (owner)
        printf(" %u", (unsigned)st.st_uid);
    if (group)
        printf(" %u", (unsigned)st.st_gid);
    if (size)
        printf(" %ld", (long)st.st_size);
    if (mtime)
        printf(" %ld", (long)st.st_mtime);
    if (quote)
        printf(" \"%s\"", name);
    else
        printf(" %s", name);
    if (color)
        fputs("\033[0m", stdout);
    if (classify && S_ISDIR(st.st_mode))
        putchar('/');
    if (numeric)
        printf(" %o", (unsigned)(st.st_mode & 07777));
    putchar('\n');
    return 0;
}
