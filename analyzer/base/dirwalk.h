/*
 * dirwalk.h - the one walk of a folder tree: the command line's search for .c
 * files and the project index's for .c and .h files.  Entries are taken in
 * name order in each folder, 64 folders deep at most; symbolic links are
 * never followed (no loops), and folders whose name starts with '.' are not
 * entered.
 */
#ifndef FSCHECK_DIRWALK_H
#define FSCHECK_DIRWALK_H

#include <sys/stat.h>

typedef struct fs_dir_walk_spec {
    /* Whether a file of this name is wanted: only those (and folders) are
     * looked at with lstat; readdir's type skips the others unasked. */
    int (*want)(const char *name);
    int hidden_files; /* files whose name starts with '.' are wanted too */
    /* A wanted regular file: path (to keep or free), its lstat. */
    void (*found)(void *arg, char *path, const struct stat *st);
    /* 0 to stop the walk (a limit reached); NULL: never. */
    int (*more)(void *arg);
    /* A folder that cannot be opened (errno in err); NULL: passed over. */
    void (*cannot_read)(void *arg, const char *dir, int err);
    void *arg;
} fs_dir_walk_spec;

/* Walk the tree below dir.  Paths are dir/name ("name" alone under ".",
 * unless it starts with '-', so that no name reads as an option). */
void fs_dir_walk(const char *dir, const fs_dir_walk_spec *spec);

#endif
