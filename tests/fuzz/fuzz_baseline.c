/*
 * fuzz_baseline - the baseline reader, and a baseline written and read back.
 *
 * The first byte picks the mode.  Even: the rest is a baseline file, applied
 * to findings in two files of a private folder; whatever it holds, the
 * findings dropped are counted and the others kept.  Odd: findings made of
 * the fuzzer's strings (fingerprints, functions, messages with any bytes)
 * are written as a baseline and applied again: every one of them is
 * dropped.
 */
#include <sys/stat.h>

#include "tool/baseline.h"
#include "fuzz_common.h"
#include "fuzz_tmp.h"

#define FS_FUZZ_MAX_INPUT (64 * 1024)

static const char *const fs_fuzz_rules[] = {
#define FS_RULE(id, sym) #id,
#include "rules/rules.def"
#undef FS_RULE
};

static void fs_fuzz_finding(fs_findings *fs, const char *file, const char *rule, const char *fp, const char *function,
                            const char *message)
{
    fs_finding *f = fs_findings_add(fs);
    f->file = strdup(file);
    f->rule = rule;
    f->name = "name";
    f->fingerprint = strdup(fp);
    f->function = strdup(function);
    f->message = strdup(message);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > FS_FUZZ_MAX_INPUT)
        return 0;
    const char *dir = fs_fuzz_tmpdir();
    char a[600], b[600], base[600];
    snprintf(a, sizeof a, "%s/a.c", dir);
    snprintf(b, sizeof b, "%s/sub/b.c", dir);
    snprintf(base, sizeof base, "%s/baseline.json", dir);
    static int made;
    if (!made) {
        char sub[600];
        snprintf(sub, sizeof sub, "%s/sub", dir);
        mkdir(sub, 0700);
        fs_fuzz_write(a, "", 0);
        fs_fuzz_write(b, "", 0);
        made = 1;
    }
    fs_findings fs = { 0 };
    int dropped = -1;
    if (!(data[0] & 1)) {
        fs_fuzz_write(base, data + 1, size - 1);
        for (int i = 0; i < 7; i++) {
            char fp[32];
            snprintf(fp, sizeof fp, "fp%d", i % 3);
            fs_fuzz_finding(&fs, i % 2 ? b : a, fs_fuzz_rules[i], fp, "f", "m");
        }
        fs_fuzz_finding(&fs, a, "FS101", "fp0", "f", "m"); /* twice: dropped once per entry */
        int before = fs.n;
        if (fs_baseline_apply(base, &fs, &dropped) == 0)
            FS_FUZZ_CHECK(dropped >= 0 && fs.n + dropped == before);
        else
            FS_FUZZ_CHECK(fs.n == before);
    } else {
        fs_fuzz_in in = { data + 1, size - 1 };
        int n = (int)(fs_fuzz_byte(&in) % 8) + 1;
        for (int i = 0; i < n && in.n; i++) {
            char *file = fs_fuzz_str(&in, 64);
            char *fp = fs_fuzz_str(&in, 64);
            char *fn = fs_fuzz_str(&in, 64);
            char *msg = fs_fuzz_str(&in, 128);
            const char *f = fs_fuzz_byte(&in) & 1 ? (i % 2 ? b : a) : file;
            if (!*f)
                f = a;
            fs_fuzz_finding(&fs, f, fs_fuzz_rules[i % 7], fp, fn, msg);
            free(file);
            free(fp);
            free(fn);
            free(msg);
        }
        int before = fs.n;
        if (fs_baseline_write(base, &fs) == 0) {
            FS_FUZZ_CHECK(fs_baseline_apply(base, &fs, &dropped) == 0);
            FS_FUZZ_CHECK(dropped == before && fs.n == 0);
        } else {
            FS_FUZZ_CHECK(!"a baseline of any findings can be written");
        }
    }
    fs_findings_clear(&fs);
    return 0;
}
