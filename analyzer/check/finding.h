/*
 * finding.h - findings and fixes: data the rules produce and the reporters
 * and the fixer consume.
 */
#ifndef FSCHECK_FINDING_H
#define FSCHECK_FINDING_H

#include "ir/ir.h"

typedef struct fs_related {
    char *file;
    int line, col;
    char *message;
} fs_related;

typedef struct fs_edit {
    char *file;
    long offset, length;
    char *replacement;
    unsigned long long hash; /* content hash (fs_fnv64) of the file the edit was computed
                              * against; 0 when not known (a merged report) */
} fs_edit;

typedef enum fs_safety { FS_FIX_SAFE, FS_FIX_UNSAFE } fs_safety;

typedef struct fs_fix {
    fs_safety safety;
    char *description;
    fs_edit *edits;
    int nedits, capedits;
} fs_fix;

typedef struct fs_finding {
    const char *rule;     /* "FS101" (static) */
    const char *name;     /* "exists-then-stat" (static) */
    const char *severity; /* "warning" / "error" / "note" */
    char *file;
    fs_range range;
    char *function;
    char *path_expr;
    char *message;
    fs_related *related;
    int nrelated, caprelated;
    int syscalls_saved;
    fs_fix *fix;          /* NULL when there is none */
    char *fingerprint;    /* stable identity (rule, function, path, calls) */
} fs_finding;

typedef struct fs_findings {
    fs_finding *v;
    int n, cap;
} fs_findings;

fs_finding *fs_findings_add(fs_findings *self);
void fs_finding_add_related(fs_finding *f, const char *file, int line, int col, const char *message);
fs_fix *fs_finding_set_fix(fs_finding *f, fs_safety safety, const char *description);
void fs_fix_add_edit(fs_fix *fix, const char *file, long offset, long length, const char *replacement);
/* Take the finding's fix away, and say why in its message ("...; no fix:
 * WHY"). */
void fs_finding_drop_fix(fs_finding *f, const char *why);
/* The same whether it had a fix or not: the message says what to do. */
void fs_finding_no_fix(fs_finding *f, const char *why);
void fs_finding_clear(fs_finding *f);
void fs_findings_clear(fs_findings *self);
/* Move every finding of src to the end of dst; src is left empty. */
void fs_findings_take(fs_findings *dst, fs_findings *src);
/* Sort by file, line, column, rule; drop exact duplicates (a header's
 * finding seen from several translation units). */
void fs_findings_sort_unique(fs_findings *self);

#endif
