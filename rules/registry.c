/* registry.c - the rules of rules.def, in its (priority) order. */
#include "rules/registry.h"

#include <string.h>
#include <strings.h>

#define FS_RULE(id, sym) extern const fs_rule sym;
#include "rules/rules.def"
#undef FS_RULE

const fs_rule *const fs_rules[] = {
#define FS_RULE(id, sym) &sym,
#include "rules/rules.def"
#undef FS_RULE
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
