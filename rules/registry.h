/*
 * registry.h - the rules of rules.def, in their (priority) order.
 */
#ifndef FSCHECK_REGISTRY_H
#define FSCHECK_REGISTRY_H

#include "check/rule.h"

extern const fs_rule *const fs_rules[];
extern const int fs_nrules;
/* The rule an id ("FS101", any case) or a name ("exists-then-stat", with
 * or without "fscheck-") names, or NULL. */
const fs_rule *fs_rule_find(const char *id_or_name);

#endif
