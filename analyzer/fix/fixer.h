/*
 * fixer.h - applying fixes: in place (atomically), as a unified diff, or as
 * clang-apply-replacements YAML.  Fixes are all-or-nothing: a fix whose
 * edits overlap an already accepted fix is rejected and named on stderr;
 * identical fixes (a header seen from several translation units) apply once.
 */
#ifndef FSCHECK_FIXER_H
#define FSCHECK_FIXER_H

#include <stdio.h>

#include "check/finding.h"

typedef struct fs_fixer_opts {
    int unsafe;              /* also fixes marked unsafe */
    int write;               /* --fix: rewrite the files */
    FILE *diff;              /* --diff: write a unified diff here, or NULL */
    const char *yaml;        /* --export-fixes=FILE, or NULL */
    const char *build_dir;   /* BuildDirectory in the YAML */
} fs_fixer_opts;

/* Applies what opts ask for.  Sets applied[i] = 1 for each finding whose fix
 * was applied (or would be, for --diff), and, after --fix, for each finding
 * whose code the written fixes replaced.  After --fix, the findings left are
 * moved to where their code now is in the written files (lines, columns,
 * offsets, related locations, the edits of their own fixes; a fix of theirs
 * that the written edits touch is dropped).  Returns 0, or -1 when some file
 * could not be written (messages on stderr). */
int fs_fixer_run(fs_findings *findings, const fs_fixer_opts *opts, unsigned char *applied);

/* --- the parts that touch no file (fs_fixer_run is made of them) ---------- */

/* What fs_fixer_select made of a finding's fix. */
enum {
    FS_FIXSEL_NONE = 0, /* no fix, no edits, or an unsafe fix without `unsafe` */
    FS_FIXSEL_CHOSEN,   /* to be applied */
    FS_FIXSEL_SAME,     /* the same edits as the fix chosen for finding same_as[i]: applied with it */
    FS_FIXSEL_OVERLAP   /* an edit overlaps an edit of a fix chosen before it, or another of its own */
};

/* Choose the fixes of findings that can be made together, in finding order:
 * a fix is rejected when one of its edits overlaps an edit of a fix chosen
 * before it or another edit of its own (two edits that are the same edit do
 * not overlap: it is made once); the rejection is named on msgs unless that
 * is NULL.  state[i] and same_as[i] (-1 unless FS_FIXSEL_SAME) are set for
 * each finding; the edits of each fix looked at are sorted by file and
 * offset. */
void fs_fixer_select(fs_findings *findings, int unsafe, FILE *msgs, int *state, int *same_as);

/* Make edits e[0..n) (of one file, sorted by offset, each edit once) in
 * text (len bytes).  Returns the new text (NUL-terminated, *outlen bytes;
 * the caller frees it), or NULL when an edit lies outside the text or two
 * edits overlap: ranges that share a byte, an insertion strictly inside a
 * replaced range, two insertions at one offset. */
char *fs_fixer_apply(const char *text, long len, fs_edit *const *e, int n, long *outlen);

/* The unified diff of edits e[0..n) (as for fs_fixer_apply, which must
 * accept them) to `file` (old: oldn bytes), as --diff writes it. */
void fs_fixer_diff(FILE *out, const char *file, const char *old, long oldn, fs_edit *const *e, int n);

#endif
