/*
 * changed.h - the lines changed since a git revision, as `git diff -U0 REV`
 * reports them for the working tree (staged or not), plus every line of the
 * files git does not track yet (and does not ignore).  Used by
 * --changed-since to keep only the findings whose primary location is on a
 * changed line.  git runs in the current folder's repository.
 */
#ifndef FSCHECK_CHANGED_H
#define FSCHECK_CHANGED_H

#include "check/finding.h"

typedef struct fs_changes fs_changes;

/* Ask git.  NULL, with a message on stderr, when git cannot be run, the
 * current folder is not in a work tree, or rev is not a revision. */
fs_changes *fs_changes_load(const char *rev);
void fs_changes_delete(fs_changes *self);

/* Is line (1-based) of file (a path as the findings give it) changed? */
int fs_changes_has(const fs_changes *self, const char *file, int line);

/* Drop the findings not on a changed line; *dropped counts them. */
void fs_changes_filter(const fs_changes *self, fs_findings *findings, int *dropped);

/* Parse the output of `git diff -U0` (with a/ and b/ prefixes) into self;
 * exposed for tests. */
void fs_changes_parse_diff(fs_changes *self, const char *diff, long len);
fs_changes *fs_changes_new(const char *toplevel);

#endif
