/*
 * source.h - the source-file store: every file fscheck reads for its text
 * (a unit's main file, the headers it includes, the files the index parses,
 * the lines a report quotes) comes from here, read from disk once a run.
 *
 * A file is known by its device and inode; what the store holds of it is
 * used again while stat() shows the same size, modification and change
 * time.  The store keeps up to FS_SOURCE_KEEP_BYTES of text; beyond that the
 * files used longest ago are dropped (and read again if asked for).
 */
#ifndef FSCHECK_SOURCE_H
#define FSCHECK_SOURCE_H

#define FS_MAX_FILE_BYTES (16L * 1024 * 1024)
#define FS_SOURCE_KEEP_BYTES (64L * 1024 * 1024)

/* The text of a regular file (never opens a FIFO or a device): a copy the
 * caller frees, NUL-terminated, *len bytes; or NULL with *why set.  When
 * hash is not NULL it is set to the content hash (fs_fnv64) of the text. */
char *fs_source_read(const char *path, long *len, const char **why, unsigned long long *hash);

/* The same from disk, bypassing the store (nor is it stored): for the
 * check that a file to be rewritten is still what was analysed. */
char *fs_source_read_fresh(const char *path, long *len, const char **why);

#endif
