/* config.c - read "key = value" lines into a struct config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "example.h"

/* 1 when dir names a directory, 0 otherwise. */
int config_dir_usable(const char *dir)
{
    struct stat st;

    if (access(dir, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return 0;
    if (stat(dir, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}

/* The configuration file open for reading, or NULL. */
FILE *config_open(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    return fopen(path, "r");
}

/* Fill cfg from the file at path: 0 on success, -1 if it cannot be read. */
int config_load(const char *path, struct config *cfg)
{
    char line[512];
    FILE *f = config_open(path);

    if (f == NULL)
        return -1;
    snprintf(cfg->cache_dir, sizeof cfg->cache_dir, "%s", "/var/cache/example");
    cfg->max_age = 3600;
    cfg->verbose = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        char key[64];
        char value[256];

        if (line[0] == '#' || sscanf(line, " %63[^= ] = %255[^\n]", key, value) != 2)
            continue;
        if (strcmp(key, "cache_dir") == 0)
            snprintf(cfg->cache_dir, sizeof cfg->cache_dir, "%s", value);
        else if (strcmp(key, "max_age") == 0)
            cfg->max_age = strtol(value, NULL, 10);
        else if (strcmp(key, "verbose") == 0)
            cfg->verbose = atoi(value);
    }
    fclose(f);
    return 0;
}

/* A lone probe whose answer is all the caller wants: nothing to report. */
int config_hook_runnable(const char *path)
{
    return access(path, X_OK) == 0;
}
