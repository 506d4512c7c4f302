/*
 * suppress.h - inline suppressions, as clang-tidy spells them:
 *   // NOLINT                     every rule, this line
 *   // NOLINT(FS101, fscheck-probe-in-loop)
 *   // NOLINTNEXTLINE(...)        the next line
 *   // NOLINTBEGIN(...) ... // NOLINTEND(...)
 * Items are rule ids, fscheck-<name>, or globs (*, fscheck-*); items that
 * name other tools' checks are ignored.
 */
#ifndef FSCHECK_SUPPRESS_H
#define FSCHECK_SUPPRESS_H

#include "check/finding.h"
#include "check/rule.h"

/* The pseudo-rule of problems with the comments themselves: FS000
 * "fscheck-nolint", as clang-tidy reports them under "clang-tidy-nolint".
 * Not in the registry; it has no check. */
extern const fs_rule fs_rule_nolint;

typedef struct fs_supp fs_supp;

typedef struct fs_supp_problem {
    int line, col;
    const char *message; /* static */
} fs_supp_problem;

/* Scan a file's text. Never fails (allocation failure aborts). */
fs_supp *fs_supp_parse(const char *text, long len);
void fs_supp_free(fs_supp *self);

/* Is a finding of rule (id, name) on `line` suppressed?  Marks the
 * suppression used. */
int fs_supp_match(fs_supp *self, int line, const char *id, const char *name);

/* Suppressions that silenced nothing (after all matching), and unbalanced
 * BEGIN/END pairs: returns the count, *out points into self.  A bare NOLINT
 * is never unused: other tools (clang-tidy) read it too. */
int fs_supp_unused(const fs_supp *self, fs_supp_problem **out);
int fs_supp_problems(const fs_supp *self, const fs_supp_problem **out);

/* Append findings of fs_rule_nolint in `file` for self's problems (always)
 * and, when `unused` is set, for each suppression that names one of the
 * rules (an enabled one, by id, fscheck- name or glob) and silenced nothing,
 * and for each fscheck-looking item that `find` (the registry's lookup
 * among all rules) finds no rule for. */
void fs_supp_report(fs_supp *self, const char *file, int unused, const fs_rule *const *rules, int nrules,
                    const fs_rule *(*find)(const char *id_or_name), fs_findings *out);

#endif
