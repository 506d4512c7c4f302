/*
 * report.h - output formats.  Each reporter is one file; fs_reporters lists
 * them.  Reporters only read findings and stats.
 */
#ifndef FSCHECK_REPORT_H
#define FSCHECK_REPORT_H

#include <stdio.h>

#include "check/stats.h"
#include "check/finding.h"

typedef struct fs_report_ctx {
    FILE *out;
    int color;           /* ANSI colours (text, on a terminal) */
    const fs_findings *findings;
    const fs_stats *stats;
} fs_report_ctx;

typedef struct fs_reporter {
    const char *name;
    int (*write)(const fs_report_ctx *ctx);
} fs_reporter;

extern const fs_reporter fs_report_text, fs_report_json, fs_report_sarif, fs_report_github;
const fs_reporter *fs_reporter_find(const char *name);

#endif
