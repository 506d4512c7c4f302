/*
 * rule.h - everything a rule may use.  A rule is one static fs_rule in
 * rules/, listed in rules/registry.c; it reads the IR of one function and
 * reports findings through fs_ctx_report().  Rules never print or write.
 */
#ifndef FSCHECK_RULE_H
#define FSCHECK_RULE_H

#include "check/finding.h"
#include "ir/ir.h"
#include "base/util.h"

typedef struct fs_ctx fs_ctx;

typedef struct fs_rule {
    const char *id;       /* "FS101" */
    const char *name;     /* "exists-then-stat" */
    const char *summary;  /* one line */
    const char *severity; /* default severity */
    int cwe;              /* 367 for the race rules, 0 otherwise */
    void (*check)(fs_ctx *ctx);
} fs_rule;

/* --- what a rule sees ---------------------------------------------------- */

const fs_func *fs_ctx_func(const fs_ctx *ctx);
const fs_node *fs_ctx_node(const fs_ctx *ctx, int n);
fs_walk *fs_ctx_walk(fs_ctx *ctx);
/* The nearest later calls on the same path as call a (see CONTRACT "Later
 * call"), in source order, with no write to the path in between. */
int fs_ctx_nexts(fs_ctx *ctx, int a, const int **out);
/* The same, where the path must be unchanged only on the ways that leave
 * probe a by its outcome `on` (FS_OUT_SUCC, FS_OUT_FAIL): a fallback written
 * into the buffer when the probe failed does not end a pair that follows
 * its success.  FS_OUT_UNKNOWN: fs_ctx_nexts. */
int fs_ctx_nexts_on(fs_ctx *ctx, int a, fs_outcome on, const int **out);
/* Does the file call setuid() and friends? */
int fs_ctx_uses_setuid(const fs_ctx *ctx);
/* The file's text (for fixes), or NULL; *len its length. */
const char *fs_ctx_source(const fs_ctx *ctx, const char *file, long *len);

/* Report a finding at call node `primary`; NULL when another rule already
 * claimed that call.  The finding has its rule, location, function and path
 * filled; the rule adds message, related notes, syscalls_saved and fix. */
fs_finding *fs_ctx_report(fs_ctx *ctx, int primary);

/* --- helpers -------------------------------------------------------------- */

/* access F_OK, a stat whose buffer is never read, or a wrapper of one, with
 * a known success/failure result. */
int fs_is_existence_probe(const fs_node *n);
int fs_is_stat_probe(const fs_node *n);
int fs_is_access_probe(const fs_node *n);
/* An open that may create the file (O_CREAT without O_EXCL, fopen() "w" or
 * "a"): on a probe's success outcome it trusts a verdict that may be stale
 * (CONTRACT.md, Opens), an open for FS201 and FS202. */
int fs_is_creating_open(const fs_node *n);
/* The callee as written, with "()": "access()", "file_exists()", "EXISTS()". */
const char *fs_call_name(const fs_node *n, char *buf, size_t size);
/* The path as written, with variable names. Caller frees. */
char *fs_node_path(const fs_ctx *ctx, const fs_node *n);

#endif

/* --- fixes (fixkit.c) ------------------------------------------------------ */

/* Where the failure / success edge of a branch testing call a leads (the
 * first such branch), or -1. */
int fs_fail_target(const fs_ctx *ctx, int a);
int fs_succ_target(const fs_ctx *ctx, int a);
/* From node n, through empty nodes only, to a return of a constant: 1 and
 * *value set, else 0. */
int fs_returns_const(const fs_ctx *ctx, int n, long *value);
/* The then / else edge of the branch testing call a, or -1. */
int fs_then_target(const fs_ctx *ctx, int a);
int fs_else_target(const fs_ctx *ctx, int a);
/* The one return reached from node n through empty nodes and branches that
 * test no call (e.g. `errno == EEXIST ? 1 : -1`), or -1. */
int fs_return_reached(const fs_ctx *ctx, int n);
/* The return of a constant reached from branch `from` through node n and
 * empty nodes that nothing else enters, or -1. */
int fs_exclusive_return(const fs_ctx *ctx, int from, int n);
/* Nothing but empty nodes (and declarations of unrelated variables) from
 * node n up to call b. */
int fs_straight_to(const fs_ctx *ctx, int n, int b);
/* Is a's atom the left conjunct right before b's (`A && B`), with both
 * failures taking the same branch?  Then deleting "A && " is exact. */
int fs_is_conjunct_before(fs_ctx *ctx, int a, int b);
/* Is call a the whole condition of an `if` without else whose failure
 * branch never reaches b (a guard)? */
int fs_is_guard(fs_ctx *ctx, int a, int b);
/* Is call a's atom exactly the condition of an `if` without else (and not
 * an `else if`)? */
int fs_is_whole_if_cond(fs_ctx *ctx, int a);
/* Is the then-branch of the branch testing call a its failure? */
int fs_then_is_failure(const fs_ctx *ctx, int a);
/* When call a's atom is the left side of `&&`: the offset of what follows
 * the `&&` (and blanks), else -1. */
long fs_atom_and_next(fs_ctx *ctx, int a);
/* Edits: delete "A && " / delete the guard statement (whole lines where
 * the statement has them to itself) / replace the statement with text /
 * replace a call's text. */
void fs_fix_delete_conjunct(fs_ctx *ctx, fs_fix *fix, int a, int b);
void fs_fix_delete_statement(fs_ctx *ctx, fs_fix *fix, int a);
void fs_fix_replace_statement(fs_ctx *ctx, fs_fix *fix, int a, const char *text);
void fs_fix_replace_call(fs_ctx *ctx, fs_fix *fix, int b, const char *text);
/* Delete [b, e) of call a's file, whole lines where the range has them to
 * itself (and the blank line after, where one would be left doubled). */
void fs_fix_delete_range(fs_ctx *ctx, fs_fix *fix, int a, long b, long e);
/* Does the fix take away the last call of call a's callee, a static
 * function of the file (which the compiler would then call unused)? */
int fs_fix_orphans(fs_ctx *ctx, const fs_fix *fix, int a);
/* Then take the function's definition away too (its one definition in the
 * file, no prototype): 1, or 0 when it cannot. */
int fs_fix_remove_orphan(fs_ctx *ctx, fs_fix *fix, int a);
/* Was variable var written on some way from a to b (other than by a)? */
int fs_var_written_between(fs_ctx *ctx, int a, int b, int var);
/* Is node b inside the block where variable var is declared? */
int fs_in_scope(const fs_ctx *ctx, int var, int b);

/* Is there a call on some way from a to b (exclusive) for which
 * pred(node) is true? */
int fs_call_between(fs_ctx *ctx, int a, int b, int (*pred)(const fs_node *));
/* Calls after which a file's metadata may have changed or time has passed:
 * writes through descriptors and streams, sleeps, child processes. */
int fs_is_changing_call(const fs_node *n);
