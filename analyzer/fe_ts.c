/* fe_ts.c - the tree-sitter front end (not built yet in this configuration). */
#include "frontend.h"
#include "util.h"

#include <string.h>

int fs_fe_ts_parse(const char *path, const char *text, size_t len, fs_fe_result *r)
{
    (void)path;
    (void)text;
    (void)len;
    memset(r, 0, sizeof *r);
    r->fatal = fs_xstrdup("the tree-sitter engine is not available in this build");
    return -1;
}
