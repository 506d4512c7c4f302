/*
 * A small program's configuration loader and file cache, bundled with fscheck
 * as an example to run it on:
 *
 *   build/fscheck testdata/example
 *
 * Each finding is marked in the code by the CHECK-MESSAGES comment under it;
 * everything else must not be reported.
 */
#ifndef EXAMPLE_H
#define EXAMPLE_H

#include <stdio.h>

struct config {
    char cache_dir[256];
    long max_age;
    int verbose;
};

/* config.c */
int config_dir_usable(const char *dir);
FILE *config_open(const char *path);
int config_load(const char *path, struct config *cfg);
int config_hook_runnable(const char *path);

/* cache.c */
int cache_usable(const char *dir);
int cache_prepare(const char *dir);
FILE *cache_open_entry(const char *path);
int cache_entry_fresh(const char *path, long max_age);
int cache_read_entry(const char *path, char *buf, size_t size);
int cache_newer(const char *a, const char *b);
int cache_is_dir_link(const char *path);
int cache_drop(const char *path);

#endif
