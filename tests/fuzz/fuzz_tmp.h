/*
 * fuzz_tmp.h - a private folder (in /dev/shm when there is one) for the
 * targets whose reader takes a file name: each input is written to one file
 * there and read back by the code under test.
 */
#ifndef FSCHECK_FUZZ_TMP_H
#define FSCHECK_FUZZ_TMP_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char fs_fuzz_dir[256];

static void fs_fuzz_dir_remove(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fs_fuzz_dir);
    if (fs_fuzz_dir[0] && system(cmd) != 0)
        fprintf(stderr, "fuzz: could not remove %s\n", fs_fuzz_dir);
}

/* The folder, made on the first call. */
static const char *fs_fuzz_tmpdir(void)
{
    if (fs_fuzz_dir[0])
        return fs_fuzz_dir;
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(fs_fuzz_dir, sizeof fs_fuzz_dir, "%s/fscheck-fuzz-XXXXXX", base);
    if (!mkdtemp(fs_fuzz_dir)) {
        perror("fuzz: mkdtemp");
        abort();
    }
    atexit(fs_fuzz_dir_remove);
    return fs_fuzz_dir;
}

/* Write n bytes to path (replacing it); aborts on failure. */
static void fs_fuzz_write(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

#endif
