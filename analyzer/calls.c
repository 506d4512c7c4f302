/* calls.c - tables of C library calls. */
#include "calls.h"

#include <pthread.h>
#include <string.h>

#define P FS_OP_PROBE
#define O FS_OP_OPEN
#define C FS_OP_CREATE
#define R FS_OP_REMOVE
#define M FS_OP_MODIFY
#define A FS_PROBE_ACCESS
#define S FS_PROBE_STAT

static const fs_call_spec fs_calls[] = {
    /* name        kind fam path dirfd mode buf flags follow value path2 dirfd2 */
    { "access",     P, A, 0, -1, 1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "euidaccess", P, A, 0, -1, 1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "eaccess",    P, A, 0, -1, 1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "faccessat",  P, A, 1, 0, 2, -1, 3, 1, FS_VAL_RAW, -1, -1 },
    { "faccessat2", P, A, 1, 0, 2, -1, 3, 1, FS_VAL_RAW, -1, -1 },
    { "stat",       P, S, 0, -1, -1, 1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "stat64",     P, S, 0, -1, -1, 1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "lstat",      P, S, 0, -1, -1, 1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "lstat64",    P, S, 0, -1, -1, 1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "fstatat",    P, S, 1, 0, -1, 2, 3, 1, FS_VAL_RAW, -1, -1 },
    { "fstatat64",  P, S, 1, 0, -1, 2, 3, 1, FS_VAL_RAW, -1, -1 },
    { "statx",      P, S, 1, 0, -1, 4, 2, 1, FS_VAL_RAW, -1, -1 },
    { "open",       O, 0, 0, -1, 1, -1, -1, 1, FS_VAL_FD, -1, -1 },
    { "open64",     O, 0, 0, -1, 1, -1, -1, 1, FS_VAL_FD, -1, -1 },
    { "openat",     O, 0, 1, 0, 2, -1, -1, 1, FS_VAL_FD, -1, -1 },
    { "openat64",   O, 0, 1, 0, 2, -1, -1, 1, FS_VAL_FD, -1, -1 },
    { "fopen",      O, 0, 0, -1, 1, -1, -1, 1, FS_VAL_PTR, -1, -1 },
    { "fopen64",    O, 0, 0, -1, 1, -1, -1, 1, FS_VAL_PTR, -1, -1 },
    { "freopen",    O, 0, 0, -1, 1, -1, -1, 1, FS_VAL_PTR, -1, -1 },
    { "opendir",    O, 0, 0, -1, -1, -1, -1, 1, FS_VAL_PTR, -1, -1 },
    { "creat",      C, 0, 0, -1, -1, -1, -1, 1, FS_VAL_FD, -1, -1 },
    { "mkdir",      C, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "mkfifo",     C, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "mknod",      C, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "mkdirat",    C, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "mkfifoat",   C, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "mknodat",    C, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "symlink",    C, 0, 1, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "symlinkat",  C, 0, 2, 1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "link",       C, 0, 1, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "linkat",     C, 0, 3, 2, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "unlink",     R, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "rmdir",      R, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "remove",     R, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "unlinkat",   R, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "rename",     M, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, 1, -1 },
    { "renameat",   M, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, 3, 2 },
    { "renameat2",  M, 0, 1, 0, -1, -1, -1, 0, FS_VAL_RAW, 3, 2 },
    { "chmod",      M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "fchmodat",   M, 0, 1, 0, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "chown",      M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "lchown",     M, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "fchownat",   M, 0, 1, 0, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "truncate",   M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "utime",      M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "utimes",     M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "lutimes",    M, 0, 0, -1, -1, -1, -1, 0, FS_VAL_RAW, -1, -1 },
    { "utimensat",  M, 0, 1, 0, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "setxattr",   M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "removexattr",M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "mount",      M, 0, 1, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "umount",     M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
    { "umount2",    M, 0, 0, -1, -1, -1, -1, 1, FS_VAL_RAW, -1, -1 },
};

/* The tables by name: open addressing over FNV-1a hashes, built once.
 * Most names asked about (every identifier of a text, at times) are in
 * none of them. */
#define FS_NAME_SLOTS 512 /* a power of two, over twice the largest table */

static unsigned fs_name_hash(const char *s)
{
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static short fs_call_slots[FS_NAME_SLOTS], fs_libc_slots[FS_NAME_SLOTS]; /* index + 1; 0: empty */
static pthread_once_t fs_slots_once = PTHREAD_ONCE_INIT;

static void fs_slots_put(short *slots, const char *name, int index)
{
    unsigned k = fs_name_hash(name) & (FS_NAME_SLOTS - 1);
    while (slots[k])
        k = (k + 1) & (FS_NAME_SLOTS - 1);
    slots[k] = (short)(index + 1);
}

static void fs_slots_build(void);

/* The index of name in a table (names: its entries' names, stride bytes
 * apart), or -1. */
static int fs_slots_find(const short *slots, const char *name, const char *base, size_t stride)
{
    pthread_once(&fs_slots_once, fs_slots_build);
    for (unsigned k = fs_name_hash(name) & (FS_NAME_SLOTS - 1); slots[k]; k = (k + 1) & (FS_NAME_SLOTS - 1)) {
        int i = slots[k] - 1;
        if (strcmp(*(const char *const *)(const void *)(base + (size_t)i * stride), name) == 0)
            return i;
    }
    return -1;
}

const fs_call_spec *fs_call_lookup(const char *name)
{
    if (!name)
        return NULL;
    int i = fs_slots_find(fs_call_slots, name, (const char *)&fs_calls[0].name, sizeof fs_calls[0]);
    return i >= 0 ? &fs_calls[i] : NULL;
}

#define ALLV 0x80000000u

static const struct {
    const char *name;
    unsigned written;
} fs_libc[] = {
    /* read their pointer arguments only */
    { "strlen", 0 }, { "strnlen", 0 }, { "strcmp", 0 }, { "strncmp", 0 }, { "strcasecmp", 0 },
    { "strncasecmp", 0 }, { "strchr", 0 }, { "strrchr", 0 }, { "strstr", 0 }, { "strpbrk", 0 },
    { "strspn", 0 }, { "strcspn", 0 }, { "memcmp", 0 }, { "memchr", 0 }, { "memrchr", 0 },
    { "strchrnul", 0 }, { "strcasestr", 0 }, { "strdup", 0 }, { "strndup", 0 }, { "strcoll", 0 },
    { "printf", 0 }, { "fprintf", 0 }, { "dprintf", 0 }, { "puts", 0 }, { "fputs", 0 },
    { "putchar", 0 }, { "fputc", 0 }, { "putc", 0 }, { "perror", 0 }, { "syslog", 0 },
    { "err", 0 }, { "errx", 0 }, { "warn", 0 }, { "warnx", 0 }, { "error", 0 },
    { "vprintf", 0 }, { "vfprintf", 0 }, { "vsyslog", 0 },
    { "atoi", 0 }, { "atol", 0 }, { "atoll", 0 }, { "atof", 0 }, { "getenv", 0 },
    { "secure_getenv", 0 }, { "setenv", 0 }, { "fnmatch", 0 }, { "write", 0 }, { "fwrite", 0 },
    { "close", 0 }, { "fclose", 0 }, { "closedir", 0 }, { "readdir", 0 }, { "fstat", 2 },
    { "fileno", 0 }, { "free", 0 }, { "malloc", 0 }, { "calloc", 0 }, { "exit", 0 }, { "_exit", 0 },
    { "abort", 0 }, { "assert", 0 }, { "__assert_fail", 0 }, { "strerror", 0 }, { "sleep", 0 },
    { "usleep", 0 }, { "isatty", 0 }, { "getpid", 0 }, { "time", 1 }, { "execv", 0 },
    { "execvp", 0 }, { "execl", 0 }, { "execlp", 0 }, { "system", 0 }, { "popen", 0 },
    { "__errno_location", 0 }, { "fflush", 0 }, { "feof", 0 }, { "ferror", 0 }, { "fdopen", 0 }, { "dlopen", 0 },
    { "tolower", 0 }, { "toupper", 0 }, { "isspace", 0 }, { "isdigit", 0 }, { "isalpha", 0 },
    { "isalnum", 0 }, { "strtol", 2 }, { "strtoul", 2 }, { "strtoll", 2 }, { "strtoull", 2 },
    { "strtod", 2 }, { "realpath", 2 }, { "readlink", 2 }, { "getcwd", 1 },
    /* write into their first argument */
    { "strcpy", 1 }, { "strncpy", 1 }, { "stpcpy", 1 }, { "stpncpy", 1 }, { "strcat", 1 },
    { "strncat", 1 }, { "strlcpy", 1 }, { "strlcat", 1 }, { "memcpy", 1 }, { "memmove", 1 },
    { "mempcpy", 1 }, { "memset", 1 }, { "bzero", 1 }, { "sprintf", 1 }, { "snprintf", 1 },
    { "vsprintf", 1 }, { "vsnprintf", 1 }, { "strtok", 1 }, { "strtok_r", 1 | 4 },
    { "strsep", 1 }, { "fgets", 1 }, { "read", 2 }, { "fread", 1 }, { "pread", 2 },
    { "mkstemp", 1 }, { "mkostemp", 1 }, { "mkdtemp", 1 }, { "mktemp", 1 }, { "dirname", 1 },
    { "basename", 1 }, { "gets", 1 }, { "asprintf", 1 }, { "vasprintf", 1 },
    /* write through the variadic part */
    { "sscanf", ALLV }, { "scanf", ALLV }, { "fscanf", ALLV },
};

static void fs_slots_build(void)
{
    for (size_t i = 0; i < sizeof fs_calls / sizeof fs_calls[0]; i++)
        fs_slots_put(fs_call_slots, fs_calls[i].name, (int)i);
    for (size_t i = 0; i < sizeof fs_libc / sizeof fs_libc[0]; i++)
        fs_slots_put(fs_libc_slots, fs_libc[i].name, (int)i);
}

int fs_libc_writes(const char *name, unsigned *written_mask)
{
    if (!name)
        return 0;
    int i = fs_slots_find(fs_libc_slots, name, (const char *)&fs_libc[0].name, sizeof fs_libc[0]);
    if (i < 0)
        return 0;
    *written_mask = fs_libc[i].written;
    return 1;
}

int fs_is_sleep_call(const char *name)
{
    static const char *const names[] = { "sleep", "usleep", "nanosleep", "clock_nanosleep",
                                         "poll", "ppoll", "select", "pselect", "pause",
                                         "sched_yield", "wait", "waitpid", "sigsuspend",
                                         "epoll_wait", "inotify_add_watch", "thrd_sleep", "thrd_yield" };
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

int fs_is_setuid_call(const char *name)
{
    static const char *const names[] = { "setuid", "seteuid", "setreuid", "setresuid",
                                         "setgid", "setegid", "setregid", "setresgid", "setfsuid" };
    for (size_t i = 0; name && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

int fs_call_changes_files(const char *callee, const char *stream_arg)
{
    static const char *const names[] = {
        "write", "pwrite", "writev", "pwritev", "fwrite", "fputs", "fputc", "putc", "fprintf", "vfprintf",
        "fflush", "fsync", "fdatasync", "ftruncate", "fchmod", "fchown", "futimens", "futimes", "fallocate",
        "posix_fallocate", "copy_file_range", "sendfile", "splice", "system", "popen", "fork", "vfork",
        "execv", "execve", "execvp", "execl", "execlp", "posix_spawn", "posix_spawnp", "wait", "waitpid",
        "kill", "sleep", "usleep", "nanosleep", "clock_nanosleep", "poll", "select", "pause", "sched_yield",
        "close", "fclose", "msync", "munmap" };
    if (!callee)
        return 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(callee, names[i]) == 0) {
            /* printing to the terminal changes no file */
            if (stream_arg && (strcmp(stream_arg, "stderr") == 0 || strcmp(stream_arg, "stdout") == 0) &&
                (strcmp(callee, "fprintf") == 0 || strcmp(callee, "fputs") == 0 || strcmp(callee, "fputc") == 0 ||
                 strcmp(callee, "fflush") == 0 || strcmp(callee, "vfprintf") == 0 || strcmp(callee, "putc") == 0 ||
                 strcmp(callee, "fwrite") == 0))
                return 0;
            return 1;
        }
    return 0;
}
