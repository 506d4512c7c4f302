/* engine.h - runs the enabled rules over one function's IR. */
#ifndef FSCHECK_ENGINE_H
#define FSCHECK_ENGINE_H

#include "check/rule.h"

typedef const char *(*fs_source_fn)(void *arg, const char *file, long *len);

typedef struct fs_engine_opts {
    const fs_rule *const *rules; /* enabled, in priority order */
    int nrules;
    int uses_setuid;
    fs_source_fn source;
    void *source_arg;
} fs_engine_opts;

/* Appends the function's findings to out. */
void fs_engine_run(const fs_func *fn, const fs_engine_opts *opts, fs_findings *out);

#endif
