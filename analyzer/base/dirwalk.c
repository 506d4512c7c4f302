/* dirwalk.c - the one walk of a folder tree (dirwalk.h). */
#include "base/dirwalk.h"
#include "base/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#define FS_DIR_WALK_MAX_DEPTH 64

typedef struct fs_dir_entry {
    char *name;
    unsigned char type; /* readdir's d_type */
} fs_dir_entry;

static int fs_dir_entry_cmp(const void *a, const void *b)
{
    return strcmp(((const fs_dir_entry *)a)->name, ((const fs_dir_entry *)b)->name);
}

static char *fs_dir_join(const char *dir, const char *name)
{
    if (strcmp(dir, ".") == 0 && name[0] != '-')
        return fs_xstrdup(name);
    return fs_xasprintf("%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
}

static void fs_dir_walk_in(const char *dir, const fs_dir_walk_spec *spec, int depth)
{
    if (depth > FS_DIR_WALK_MAX_DEPTH || (spec->more && !spec->more(spec->arg)))
        return;
    DIR *d = opendir(dir);
    if (!d) {
        if (spec->cannot_read)
            spec->cannot_read(spec->arg, dir, errno);
        return;
    }
    fs_dir_entry *v = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *nm = e->d_name;
        if (strcmp(nm, ".") == 0 || strcmp(nm, "..") == 0)
            continue;
        /* neither a folder nor a wanted file, as readdir's type says */
        if (e->d_type != DT_UNKNOWN && e->d_type != DT_DIR && !(e->d_type == DT_REG && spec->want(nm)))
            continue;
        if (nm[0] == '.' && (e->d_type == DT_DIR || !spec->hidden_files))
            continue;
        fs_grow(&v, &cap, n + 1, sizeof *v);
        v[n].name = fs_xstrdup(nm);
        v[n].type = e->d_type;
        n++;
    }
    int dfd = dirfd(d);
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, fs_dir_entry_cmp);
    for (int i = 0; i < n && (!spec->more || spec->more(spec->arg)); i++) {
        char *p = fs_dir_join(dir, v[i].name);
        struct stat st;
        if (v[i].type == DT_DIR) {
            fs_dir_walk_in(p, spec, depth + 1);
        } else if (fstatat(dfd, v[i].name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
            if (S_ISDIR(st.st_mode)) {
                if (v[i].name[0] != '.')
                    fs_dir_walk_in(p, spec, depth + 1);
            } else if (S_ISREG(st.st_mode) && spec->want(v[i].name)) {
                spec->found(spec->arg, p, &st);
                p = NULL;
            }
        }
        free(p);
    }
    closedir(d);
    for (int i = 0; i < n; i++)
        free(v[i].name);
    free(v);
}

void fs_dir_walk(const char *dir, const fs_dir_walk_spec *spec)
{
    fs_dir_walk_in(dir, spec, 0);
}
