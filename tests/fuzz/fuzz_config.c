/*
 * fuzz_config - the .fscheck.yml reader on arbitrary bytes: either a
 * configuration or NULL with a message, never a crash or a leak; a
 * configuration that loads is then used (exclude globs matched against a
 * few names, rules and wrappers merged into driver options, severities set
 * on findings of every rule).
 */
#include "tool/config.h"
#include "rules/registry.h"
#include "fuzz_common.h"
#include "fuzz_tmp.h"

#define FS_FUZZ_MAX_INPUT (64 * 1024)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FS_FUZZ_MAX_INPUT)
        return 0;
    char path[512];
    snprintf(path, sizeof path, "%s/.fscheck.yml", fs_fuzz_tmpdir());
    fs_fuzz_write(path, data, size);
    fs_config *c = fs_config_load(path);
    if (!c)
        return 0;
    FS_FUZZ_CHECK(strcmp(fs_config_path(c), path) == 0);
    static const char *const names[] = { "src/a.c", "third_party/x/y.c", "./vendor/lib.c", "a b/\xff.c", "" };
    char file[600];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(file, sizeof file, "%s/%s", fs_fuzz_tmpdir(), names[i]);
        (void)fs_config_excludes(c, file);
        (void)fs_config_excludes(c, names[i]);
    }
    fs_summaries *project = fs_summaries_new();
    fs_driver_opts base;
    memset(&base, 0, sizeof base);
    base.rules = fs_rules;
    base.nrules = fs_nrules;
    fs_driver_opts out;
    fs_config_opts(c, &base, 0, &out);
    FS_FUZZ_CHECK(out.nrules >= 0 && out.nrules <= fs_nrules);
    for (int i = 0; i < out.nrules; i++)
        FS_FUZZ_CHECK(out.rules[i] != NULL);
    base.project = project;
    fs_config_opts(c, &base, 1, &out);
    fs_findings fs = { 0 };
    for (int i = 0; i < fs_nrules; i++) {
        fs_finding *f = fs_findings_add(&fs);
        f->rule = fs_rules[i]->id;
        f->name = fs_rules[i]->name;
        f->severity = "warning";
    }
    fs_config_severities(c, &fs, 0);
    for (int i = 0; i < fs.n; i++)
        FS_FUZZ_CHECK(strcmp(fs.v[i].severity, "error") == 0 || strcmp(fs.v[i].severity, "warning") == 0 ||
                      strcmp(fs.v[i].severity, "note") == 0);
    fs_findings_clear(&fs);
    fs_summaries_delete(project);
    fs_config_delete(c);
    return 0;
}
