/* registry.c - the one list of rules, in priority order (CONTRACT: the first
 * of FS102, FS101, FS201, FS202, FS301, FS302, FS401 claims a probe). */
#include "rule.h"

#include <string.h>
#include <strings.h>

extern const fs_rule fs_rule_fs101, fs_rule_fs102, fs_rule_fs201, fs_rule_fs202,
    fs_rule_fs301, fs_rule_fs302, fs_rule_fs401;

const fs_rule *const fs_rules[] = {
    &fs_rule_fs102, &fs_rule_fs101, &fs_rule_fs201, &fs_rule_fs202,
    &fs_rule_fs301, &fs_rule_fs302, &fs_rule_fs401,
};
const int fs_nrules = sizeof fs_rules / sizeof fs_rules[0];

const fs_rule *fs_rule_find(const char *s)
{
    if (!s)
        return NULL;
    if (strncmp(s, "fscheck-", 8) == 0)
        s += 8;
    for (int i = 0; i < fs_nrules; i++)
        if (strcasecmp(fs_rules[i]->id, s) == 0 || strcmp(fs_rules[i]->name, s) == 0)
            return fs_rules[i];
    return NULL;
}
