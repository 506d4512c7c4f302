/*
 * fingerprint.h - a finding's identity that survives unrelated edits: a hash
 * of its rule, function, path expression and the normalised text of the
 * calls involved (the primary call and every related one), never of line
 * numbers.  Baselines (baseline.c) and SARIF's partialFingerprints use it.
 */
#ifndef FSCHECK_FINGERPRINT_H
#define FSCHECK_FINGERPRINT_H

#include "check/finding.h"

/* Fill the fingerprint of every finding: "HASH:N", HASH 16 hex digits, N
 * the 1-based rank of the finding among those of the same file and HASH, in
 * the order given (sort first: fs_findings_sort_unique).  Reads the files
 * named by the findings; an unreadable one leaves the calls' text out. */
void fs_findings_fingerprint(fs_findings *self);

#endif
