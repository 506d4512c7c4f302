/*
 * calls.h - what the C library's path calls do, and which library functions
 * write through their pointer arguments.
 */
#ifndef FSCHECK_CALLS_H
#define FSCHECK_CALLS_H

#include "ir/ir.h"

#include <stddef.h>

/* One constant of a `tests` argument (g_file_test's G_FILE_TEST_IS_DIR). */
typedef struct fs_call_test {
    const char *name;
    long value;
    const char *kind; /* a kind word (fs_kind_op) */
} fs_call_test;

/* A library path call, as rules/library.yml describes it. */
typedef struct fs_call_spec {
    const char *name;
    const char *library; /* "C", "GLib", ... */
    const char *kindword; /* as the catalogue says it: "stat", "is_dir", ... */
    fs_op_kind kind;
    fs_probe_family family;
    int path_arg;     /* 0-based */
    int dirfd_arg;    /* -1: none */
    int mode_arg;     /* access: mode; open/openat: flags; fopen: mode string; -1 */
    int mode_string;  /* mode_arg is an fopen() mode string */
    int buf_arg;      /* stat buffer, -1 */
    int flags_arg;    /* AT_SYMLINK_NOFOLLOW carrier, -1 */
    int follows;      /* follows a final symlink (unless flags say otherwise) */
    fs_value_kind value;
    int path_arg2;    /* a second path the call modifies (rename), -1 */
    int dirfd_arg2;
    int open_mode;    /* opens without a mode argument: FS_OPEN_* (opendir: read) */
    int excl;         /* creates: fails with EEXIST when the path exists */
    int exists_ok;    /* creates: succeeds when the path is there already (mkdir -p) */
    int access_mode;  /* probes of a fixed mode (exists, readable): FS_F_OK...; else FS_MODE_UNKNOWN */
    int fields_read;  /* the probe looks at the file's type (is_dir) */
    char pred[16];    /* is_dir: "S_ISDIR" */
    fs_outcome when_false; /* value bool: what false says */
    int others_written; /* its pointer arguments other than those above are written through */
    int test_arg;     /* the argument whose constants (tests) say what it asks, -1 */
    int sync_arg;     /* the call acts on the path now only when this argument is NULL (libuv's
                       * callback: else the loop does it later), -1 */
    const fs_call_test *tests;
    int ntests;
} fs_call_spec;

/* Sets op to what a function of kind `word` does ("exists", "stat", "is_dir",
 * "readable", "open", "create", ...: the words of rules/library.yml and of
 * .fscheck.yml's wrappers); a probe's true result means it holds (sense
 * BOOL), the others' result is not described.  Returns -1 for an unknown
 * word. */
int fs_kind_op(const char *word, fs_op *op);
/* The kind words, for messages: "exists, access, readable, ...". */
const char *fs_kind_words(void);

/* Does the call write through its argument idx (0-based)? */
int fs_call_writes_arg(const fs_call_spec *sp, int idx);

/* Every catalogue entry, in the order of rules/library.yml. */
const fs_call_spec *fs_call_all(int *n);

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

/* Library functions that do not return (exit, abort, err, ...).  error() and
 * error_at_line() end the process when their first argument is not 0: give
 * status_known and status for them. */
int fs_call_noreturn(const char *name, int status_known, long status);

/* A word of a declaration that says its function does not return:
 * `_Noreturn`, `noreturn`, `__noreturn__`, a macro such as `NORETURN`,
 * `G_GNUC_NORETURN`, `pg_attribute_noreturn`, `NO_RETURN`, BSD's `__dead2`. */
int fs_word_says_noreturn(const char *word, size_t len);

/* chdir(), fchdir(), g_chdir(): relative paths change meaning. */
int fs_is_chdir(const char *name);

/* __builtin_expect() and the macros made of it (likely(), unlikely(),
 * G_LIKELY(), ...): their value is their first argument's. */
int fs_call_is_expect(const char *name);

/* Calls a poll loop waits with. */
int fs_is_sleep_call(const char *name);

/* Functions that change the process's user ids. */
int fs_is_setuid_call(const char *name);

#endif
