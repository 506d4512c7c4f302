/*
 * options.h - the one table of command-line options.  `fscheck --help` and
 * the man page fscheck(1) (tools/gen_man.c) are both rendered from it, and a
 * test checks that the two agree.  cli.c parses the options.
 */
#ifndef FSCHECK_OPTIONS_H
#define FSCHECK_OPTIONS_H

#include <stdio.h>

typedef struct fs_option {
    const char *name;  /* "--format", "-p" */
    const char *alias; /* "-q", or NULL */
    const char *arg;   /* "FORMAT", or NULL for a flag */
    char sep;          /* between name and arg: '=' or ' ' */
    const char *help;  /* one line, for --help */
    const char *more;  /* further sentences for the man page, or NULL */
} fs_option;

extern const fs_option fs_options[];
extern const int fs_noptions;

/* The text of --help. */
void fs_options_usage(FILE *out);
/* The man page, in roff (man macros). */
void fs_options_man(FILE *out);

#endif
