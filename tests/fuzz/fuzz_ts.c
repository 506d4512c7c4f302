/*
 * fuzz_ts - the tree-sitter front end, lowering, summaries and every rule on
 * arbitrary bytes as one C file; then the suppression comments and the
 * findings' invariants (fuzz_common.h); the prescan that decides what
 * libclang is given (prescan.h); and the preprocessing layer's holes
 * (pp.h: in order, inside the text, apart), which the parse then goes
 * around, as the driver's does.  NUL bytes become spaces: the
 * driver and the index skip files that hold one.
 */
#include "fuzz_common.h"
#include "base/pp.h"
#include "frontend/prescan.h"

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
    fs_pp *pp = fs_pp_new();
    static const char *const flags[] = { "-DHAVE_X=1", "-UY", "-I." };
    fs_pp_args(pp, flags, 3, NULL);
    long *holes = NULL;
    int nholes = 0, cap = 0;
    fs_pp_scan(pp, "fuzz.c", text, (long)size, &holes, &nholes, &cap);
    for (int h = 0; h < nholes; h++) {
        FS_FUZZ_CHECK(holes[2 * h] >= 0 && holes[2 * h] < holes[2 * h + 1] && holes[2 * h + 1] <= (long)size);
        FS_FUZZ_CHECK(h == 0 || holes[2 * h] > holes[2 * h - 1]);
    }
    fs_pp_free(pp);
    fs_fe_result r;
    int rc = fs_fe_ts_parse_unit("fuzz.c", text, size, holes, nholes, NULL, 0, &r);
    free(holes);
    return fs_fuzz_finish(&r, rc, "fuzz.c", text, size);
}
