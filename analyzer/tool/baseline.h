/*
 * baseline.h - findings recorded once and left out of later reports, so
 * that a team adopting fscheck on old code sees only new findings.
 *
 * A baseline is a JSON file; each entry is a finding's file (relative to the
 * baseline's own folder, so it works from any working folder), rule and
 * fingerprint (fingerprint.c: no line numbers), plus its function, path and
 * message for people reading it.  Fill the fingerprints before either call.
 */
#ifndef FSCHECK_BASELINE_H
#define FSCHECK_BASELINE_H

#include "check/finding.h"

/* Write every finding to path (atomically: a temporary file renamed).
 * Returns 0, or -1 with a message on stderr. */
int fs_baseline_write(const char *path, const fs_findings *findings);

/* Drop the findings that the baseline at path records; *dropped counts
 * them.  Returns 0, or -1 with a message on stderr when the file cannot be
 * read or is not a baseline. */
int fs_baseline_apply(const char *path, fs_findings *findings, int *dropped);

#endif
