// RUN-ARGS: ending/ending.c
#include <err.h>
#include <error.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "ending/ending.h"

/* The failed check ends the process, so only its success reaches the open:
   exit(), err(), error() with a status other than 0, abort(), a function
   declared noreturn, and project functions that end it on every path. */
FILE *open_or_exit(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        exit(2);
    return fopen(path, "r");
}

FILE *open_or_err(const char *path)
{
    if (access(path, R_OK) == -1)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        err(1, "%s", path);
    return fopen(path, "r");
}

FILE *open_or_error(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        error(EXIT_FAILURE, 0, "cannot read %s", path);
    return fopen(path, "r");
}

__attribute__((noreturn)) void bail(const char *why);

FILE *open_or_bail(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        bail(path);
    return fopen(path, "r");
}

FILE *open_or_fatal(const char *path)
{
    if (access(path, R_OK) != 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        fprintf(stderr, "cannot read %s\n", path);
        fail_exit(path);
    }
    return fopen(path, "r");
}

/* error() with status 0 returns: both outcomes reach the open. */
FILE *warn_and_open(const char *path)
{
    if (access(path, R_OK) != 0)
        error(0, 0, "cannot read %s", path);
    return fopen(path, "r");
}

/* maybe_exit() returns on some path: both outcomes may reach the open. */
FILE *maybe_exit_and_open(const char *path)
{
    if (access(path, R_OK) != 0)
        maybe_exit(0);
    return fopen(path, "r");
}
