#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

enum follow { FOLLOW_NEVER, FOLLOW_ARGS, FOLLOW_ALWAYS };

struct listing {
    bool inode, blocks, owner, group, size, mtime, quote, color, classify, numeric;
    enum follow follow;
};

/* The second lstat() runs only after a stat() that followed links: where
   the lstat() branch ran, FOLLOWED is false.  The display options tested
   first have nothing to do with it, but there are many of them. */
int list_entry(const char *name, const struct listing *l, bool from_args)
{
    struct stat st, link_st;
    bool show_inode = l->inode, show_blocks = l->blocks, show_owner = l->owner;
    bool show_group = l->group, show_size = l->size, show_mtime = l->mtime;
    bool quote = l->quote, color = l->color, classify = l->classify, numeric = l->numeric;
    bool followed;
    int columns = 1, err;

    if (show_inode)
        columns++;
    if (show_blocks)
        columns++;
    if (show_owner)
        columns++;
    if (show_group)
        columns++;
    if (show_size)
        columns++;
    if (show_mtime)
        columns++;
    if (quote)
        columns++;
    if (color)
        columns++;
    if (classify)
        columns++;
    if (numeric)
        columns++;

    switch (l->follow) {
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
    printf("%s: %d columns, mode %o\n", name, columns, (unsigned)st.st_mode);
    return 0;
}
