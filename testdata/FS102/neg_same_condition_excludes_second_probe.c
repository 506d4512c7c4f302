#include <stdio.h>
#include <sys/stat.h>

int move_tree(const char *src, const char *dst);
int move_file(const char *src, const char *dst);

/* The first lstat() of DST runs only for a directory, the second only for
   anything else: SRC_ST does not change in between. */
int plan_move(const char *src, const char *dst)
{
    struct stat src_st, dst_st;

    if (lstat(src, &src_st) != 0)
        return -1;
    if (S_ISDIR(src_st.st_mode) && lstat(dst, &dst_st) == 0) {
        fprintf(stderr, "%s: destination exists\n", dst);
        return -1;
    }
    if (S_ISDIR(src_st.st_mode))
        return move_tree(src, dst);
    if (lstat(dst, &dst_st) == 0 && !S_ISREG(dst_st.st_mode)) {
        fprintf(stderr, "%s: cannot overwrite\n", dst);
        return -1;
    }
    return move_file(src, dst);
}
