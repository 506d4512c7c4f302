/*
 * fixer.h - applying fixes: in place (atomically), as a unified diff, or as
 * clang-apply-replacements YAML.  Fixes are all-or-nothing: a fix whose
 * edits overlap an already accepted fix is rejected and named on stderr;
 * identical fixes (a header seen from several translation units) apply once.
 */
#ifndef FSCHECK_FIXER_H
#define FSCHECK_FIXER_H

#include <stdio.h>

#include "finding.h"

typedef struct fs_fixer_opts {
    int unsafe;              /* also fixes marked unsafe */
    int write;               /* --fix: rewrite the files */
    FILE *diff;              /* --diff: write a unified diff here, or NULL */
    const char *yaml;        /* --export-fixes=FILE, or NULL */
    const char *build_dir;   /* BuildDirectory in the YAML */
} fs_fixer_opts;

/* Remember the content a file had when it was analysed (for the stale-file
 * check).  Safe to call several times; the first content wins. */
void fs_fixer_note_content(const char *file, const char *text, long len);

/* Applies what opts ask for.  Sets applied[i] = 1 for each finding whose fix
 * was applied (or would be, for --diff), and, after --fix, for each finding
 * whose code the written fixes replaced.  After --fix, the findings left are
 * moved to where their code now is in the written files (lines, columns,
 * offsets, related locations, the edits of their own fixes; a fix of theirs
 * that the written edits touch is dropped).  Returns 0, or -1 when some file
 * could not be written (messages on stderr). */
int fs_fixer_run(fs_findings *findings, const fs_fixer_opts *opts, unsigned char *applied);

#endif
