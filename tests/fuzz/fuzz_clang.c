/*
 * fuzz_clang - the libclang front end on arbitrary bytes given as an
 * in-memory file (libclang's unsaved file: nothing is written to disk),
 * then lowering, summaries and every rule as in fuzz_ts.
 *
 * libclang's crash recovery (signal handlers of its own) is turned off so
 * that the sanitizers see every fault.  Only the standard headers of the
 * resource folder are reachable: the file has no folder of its own.
 */
#include "fuzz_common.h"
#include "base/version.h" /* FSCHECK_CLANG_RESOURCE_DIR */

#define FS_FUZZ_MAX_INPUT (64 * 1024)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
    fs_fe_clang_init(); /* as fscheck runs it: on a thread of ours with a large stack */
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FS_FUZZ_MAX_INPUT)
        return 0;
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    /* -ferror-limit=0: KeepGoing with every error; the bracket depth is
     * clang's own limit on nesting */
    static const char *const flags[] = { "-std=gnu11", "-D_GNU_SOURCE", "-ferror-limit=0", "-w" };
    fs_clang_opts o = { flags, (int)(sizeof flags / sizeof flags[0]), FSCHECK_CLANG_RESOURCE_DIR, NULL, text,
                        (unsigned long)size, NULL };
    fs_fe_result r;
    int rc = fs_fe_clang_parse("/fscheck-fuzz/input.c", &o, &r);
    return fs_fuzz_finish(&r, rc, "/fscheck-fuzz/input.c", text, size);
}
