/*
 * fuzz_ts - the tree-sitter front end, lowering, summaries and every rule on
 * arbitrary bytes as one C file; then the suppression comments and the
 * findings' invariants (fuzz_common.h); and the prescan that decides what
 * libclang is given (prescan.h).  NUL bytes become spaces: the
 * driver and the index skip files that hold one.
 */
#include "fuzz_common.h"
#include "prescan.h"

#define FS_FUZZ_MAX_INPUT (256 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FS_FUZZ_MAX_INPUT)
        return 0;
    char *text = malloc(size + 1);
    for (size_t i = 0; i < size; i++)
        text[i] = data[i] ? (char)data[i] : ' ';
    text[size] = '\0';
    char *why = NULL; /* what libclang would be spared (fe_clang.c) */
    if (fs_prescan(text, size, 100000, &why) != 0)
        FS_FUZZ_CHECK(why != NULL);
    free(why);
    fs_fe_result r;
    if (fs_fe_ts_parse("fuzz.c", text, size, &r) == 0)
        fs_fuzz_analyze(&r, "fuzz.c", text, (long)size);
    else
        FS_FUZZ_CHECK(r.fatal != NULL);
    fs_fe_result_free(&r);
    free(text);
    return 0;
}
