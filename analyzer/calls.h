/*
 * calls.h - what the C library's path calls do, and which library functions
 * write through their pointer arguments.
 */
#ifndef FSCHECK_CALLS_H
#define FSCHECK_CALLS_H

#include "ir.h"

typedef struct fs_call_spec {
    const char *name;
    fs_op_kind kind;
    fs_probe_family family;
    int path_arg;     /* 0-based */
    int dirfd_arg;    /* -1: none */
    int mode_arg;     /* access: mode; open/openat: flags; fopen: mode string; -1 */
    int buf_arg;      /* stat buffer, -1 */
    int flags_arg;    /* AT_SYMLINK_NOFOLLOW carrier, -1 */
    int follows;      /* follows a final symlink (unless flags say otherwise) */
    fs_value_kind value;
    int path_arg2;    /* a second path the call modifies (rename), -1 */
    int dirfd_arg2;
} fs_call_spec;

/* The spec of a library path call, or NULL. */
const fs_call_spec *fs_call_lookup(const char *name);

/* For library functions that are not path calls: returns 1 and sets
 * *written_mask (bit i: argument i is written through; bit 31: every
 * argument from the variadic part on is written) when the function is known. */
int fs_libc_writes(const char *name, unsigned *written_mask);

/* Library calls after which some file may have changed, or time has passed:
 * writes through descriptors and streams (not to stdout or stderr: give the
 * stream argument's text), child processes, sleeps. */
int fs_call_changes_files(const char *callee, const char *stream_arg);

/* Calls a poll loop waits with. */
int fs_is_sleep_call(const char *name);

/* Functions that change the process's user ids. */
int fs_is_setuid_call(const char *name);

#endif
