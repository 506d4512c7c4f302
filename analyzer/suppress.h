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
 * BEGIN/END pairs: returns the count, *out points into self. */
int fs_supp_unused(const fs_supp *self, fs_supp_problem **out);
int fs_supp_problems(const fs_supp *self, const fs_supp_problem **out);

#endif
