/*
 * ir.h - the front-end-neutral intermediate representation.
 *
 * A function is a control-flow graph of nodes.  Each node is one event the
 * rules care about: a call that touches a path (an operation), a write to a
 * variable that may hold a path, a read of a stat buffer, a branch (with what
 * it tests), a return.  Front ends (libclang, tree-sitter) build it with the
 * fs_func_* builder calls; rules only read it.
 *
 * Ownership: an fs_func owns every string and array reachable from it;
 * fs_func_delete() frees them all.  Strings passed to builder calls are copied.
 */
#ifndef FSCHECK_IR_H
#define FSCHECK_IR_H

#include <stddef.h>
#include <stdio.h>

/* A source position: 1-based line and byte column, 0-based byte offset. */
typedef struct fs_loc {
    int line, col;
    long offset;
} fs_loc;

typedef struct fs_range {
    fs_loc begin, end; /* end is one past the last byte */
} fs_range;

/* --- operations ---------------------------------------------------------- */

typedef enum fs_op_kind {
    FS_OP_NONE = 0, /* a call with no known effect on its path arguments */
    FS_OP_PROBE,    /* access, stat, lstat, ... or a wrapper of one */
    FS_OP_OPEN,     /* open without O_CREAT, fopen "r"/"r+", opendir */
    FS_OP_CREATE,   /* mkdir, creat, open with O_CREAT, fopen "w"/"a"/"x" */
    FS_OP_REMOVE,   /* unlink, rmdir, remove */
    FS_OP_MODIFY,   /* rename, chmod, truncate, ...: ends any pairing */
    FS_OP_MAYBE     /* a project function that may do any of the above */
} fs_op_kind;

typedef enum fs_probe_family {
    FS_PROBE_ACCESS = 1, /* access, faccessat, euidaccess: a permission or existence question */
    FS_PROBE_STAT        /* stat, lstat, fstatat, statx: the file's metadata */
} fs_probe_family;

/* access() mode bits, as the IR stores them (independent of <unistd.h>). */
enum { FS_F_OK = 0, FS_X_OK = 1, FS_W_OK = 2, FS_R_OK = 4, FS_MODE_UNKNOWN = -1 };

/* What an open checks. */
enum { FS_OPEN_READ = 1, FS_OPEN_WRITE = 2 };

/* What the truth of a call's value says about its success. */
typedef enum fs_outcome { FS_OUT_UNKNOWN = 0, FS_OUT_SUCC, FS_OUT_FAIL } fs_outcome;

typedef enum fs_value_kind {
    FS_VAL_UNKNOWN = 0,
    FS_VAL_RAW,  /* 0 on success, -1 on failure: access, stat, mkdir, ... */
    FS_VAL_FD,   /* >= 0 on success, -1 on failure: open */
    FS_VAL_PTR,  /* non-NULL on success: fopen, opendir */
    FS_VAL_BOOL  /* truth value; see when_true / when_false */
} fs_value_kind;

typedef struct fs_sense {
    fs_value_kind kind;
    fs_outcome when_true, when_false; /* for FS_VAL_BOOL */
} fs_sense;

typedef struct fs_op {
    fs_op_kind kind;
    fs_probe_family family;  /* probes */
    int access_mode;         /* FS_PROBE_ACCESS: FS_F_OK or R/W/X bits, or FS_MODE_UNKNOWN */
    int mode_param1;         /* FS_PROBE_ACCESS, mode unknown: 1 + the parameter the mode comes from (a
                              * wrapper's `access(p, m)`, resolved at each call with a constant), or 0 */
    int follows;             /* 1 when the call follows a final symlink */
    int fields_read;         /* stat probes: 1 when the buffer's fields are used */
    int open_mode;           /* FS_OPEN_READ | FS_OPEN_WRITE */
    int excl;                /* creates: fails with EEXIST when the path exists */
    int exists_ok;           /* creates: succeeds when the path is there already (mkdir -p) */
    fs_op_kind then_kind;    /* wrappers that do two things (stat, then read the file): what follows the
                              * probe on the parameter (FS_OP_OPEN on every way, else FS_OP_MAYBE);
                              * FS_OP_NONE: nothing */
    int then_open_mode;      /* then_kind FS_OP_OPEN: FS_OPEN_* */
    int pure;                /* wrappers: nothing but the operation (no other calls or writes) */
    int others;              /* wrappers: the function also opens, creates, removes or changes some
                              * path (is_empty_dir(): a stat(), then it reads the folder) */
    int readonly;            /* summaries of a pointer parameter: the definition never writes through it,
                              * stores it, or passes it where it may be written (its prototype may say
                              * `char *` all the same) */
    int copies;              /* summaries of kind NONE: the function copies this parameter's string
                              * into other storage (strbuf_add(sb, path, n)): its callers' argument is
                              * one a path may be made of */
    char pred[16];           /* stat wrappers returning `stat(..) == 0 && S_ISDIR(st.st_mode)`: "S_ISDIR" ("!S_ISDIR") */
    fs_sense sense;          /* how the call's value relates to success */
    const char *base;        /* the libc call at the bottom: "access", "stat", "fopen" */
    int via_wrapper;         /* 1 for a project function or macro */
} fs_op;

/* --- paths --------------------------------------------------------------- */

/* Variables a function refers to.  Ids are indexes into fs_func.vars. */
typedef enum fs_var_kind { FS_VAR_LOCAL, FS_VAR_PARAM, FS_VAR_GLOBAL } fs_var_kind;

typedef struct fs_var {
    char *name;
    fs_var_kind kind;
    int param_index;    /* FS_VAR_PARAM: 0-based */
    int is_stat_buf;    /* a struct stat (or pointer to one) */
    int ptr_to_const;   /* pointee cannot be written through it (const char *) */
    int is_array;
    int is_scalar;      /* an arithmetic or enum type: never holds a path */
    fs_range scope;     /* the block it is declared in (locals); zero: unknown */
    int escapes;        /* parameters: stored where the function's caller cannot see (a struct, a global) */
    int derived;        /* parameters: copied into a buffer (another path may be made of it) */
    int returned;       /* parameters: returned (or a pointer into it): the caller may write through it */
} fs_var;

/*
 * A path identity: a canonical key (e.g. "v3->log_path", "v2[v5]",
 * "\"/etc/motd\"", with the directory fd as a prefix "fd:v1|" for *at calls),
 * and the variables whose writes change it (root first).
 */
typedef struct fs_path {
    char *key;      /* NULL: unknown expression, never "the same" as anything */
    char *text;     /* as written in the source */
    int *deps;      /* variable ids; deps[0] is the root when root >= 0 */
    int ndeps;
    int root;       /* root variable id, -1 for literals */
    fs_range range; /* of the path argument */
} fs_path;

/* --- nodes --------------------------------------------------------------- */

typedef enum fs_node_kind {
    FS_N_ENTRY, FS_N_EXIT, FS_N_NOP,
    FS_N_CALL,   /* a call; op.kind says what it does to path */
    FS_N_WRITE,  /* write to variable var, at member chain key (NULL: whole) */
    FS_N_READ,   /* read of stat buffer variable var */
    FS_N_BRANCH, /* succ[0] when true, succ[1] when false */
    FS_N_RETURN  /* return; see ret_* */
} fs_node_kind;

enum { FS_WRITE_CWD = -2 };

typedef struct fs_edge {
    int to;
    int back; /* a loop back edge (or backward goto) */
} fs_edge;

typedef struct fs_node {
    fs_node_kind kind;
    fs_edge *succ;
    int nsucc, capsucc;
    int loop;        /* innermost loop id, -1 outside loops */
    int in_loop_cond;/* 1 when evaluated in the loop's own condition */
    int cond_nest;   /* if/else/switch bodies it lies in, counted from the innermost loop's body */

    /* FS_N_CALL */
    char *callee;       /* name as called (macro name for macro expansions) */
    fs_op op;
    fs_path path;       /* the path argument (of op) */
    fs_path dirfd;      /* for *at calls; key NULL for AT_FDCWD */
    int path_arg;       /* 0-based index of the path argument, -1 if none */
    fs_path *args;      /* every argument as a path candidate (for summaries) */
    int nargs;
    fs_range range;     /* the whole call expression (FS_N_READ: the variable as read) */
    fs_range atom;      /* the condition atom containing the call (e.g. `access(p, F_OK) == 0`) */
    int in_macro;       /* the call is spelled inside a macro expansion */
    char *macro;        /* name of the function-like macro the call comes from, or NULL */
    int buf_var;        /* stat probes: the buffer variable, -1 when not a plain variable */
    int changes_fs;     /* some file may have changed after it (writes, children, sleeps, a helper that does) */
    int ext_unknown;    /* a function neither of the C library nor defined in the project */
    int noreturn;       /* the call does not return: the node has no successor */
    int then_node;      /* the second node of a wrapper that probes, then reads (op.then_kind) */
    char *file;         /* file the call is in (borrowed from fs_func.files) */
    fs_range stmt;      /* the statement the call is part of (for if: the whole if) */
    fs_range block;     /* the innermost block around it */
    int in_if_cond;     /* evaluated in that if statement's condition */
    int if_then;        /* then the first node of its then-branch */
    int if_has_else;

    /* FS_N_WRITE / FS_N_READ; a write of var -1 is an unknown callee's
     * (globals), FS_WRITE_CWD a change of the working folder */
    int var;
    char *member;       /* member chain written, e.g. "->path"; NULL: the whole variable */
    int wconst;         /* FS_N_WRITE of a constant to the whole variable: 1, and its value in wvalue */
    int through;        /* FS_N_WRITE: of what the variable points to (`*p = 0`, strcpy(p, ..)), not of it */
    long wvalue;

    /* FS_N_BRANCH: what the branch tests */
    int test;              /* node id of the tested call, -1 when none */
    fs_outcome out[2];     /* outcome of test implied on the true / false edge */
    char *cond_key;        /* the tested expression, canonical, when it calls nothing (else NULL) */
    int *cond_deps;        /* the variables it reads */
    int ncond_deps;
    int guard_var;         /* a NULL / empty-string check of this variable, -1 */
    int guard_edge;        /* the edge taken when it is NULL or empty */

    /* FS_N_RETURN */
    int ret_test;          /* node id of a call whose result the returned value carries, -1 */
    fs_sense ret_sense;    /* how the returned value relates to that call's success */
    int ret_const;         /* 1 when a constant is returned, value in ret_value */
    long ret_value;
    int ret_void;
    fs_range ret_range;    /* the returned expression */
    int ret_eexist;        /* returns `errno == EEXIST ? V : ...` */
    char ret_pred[16];     /* returns `TEST && S_ISxxx(buf.st_mode)`: "S_ISxxx" (or "!S_ISxxx") */
    long ret_eexist_value; /* V */
} fs_node;

typedef struct fs_loop {
    int parent;      /* enclosing loop id, -1 */
    int head;        /* node id of the loop head */
    int infinite;    /* no condition, or a constant true one */
    int has_sleep;   /* the body calls sleep/usleep/nanosleep/poll/... */
    fs_range range;
} fs_loop;

typedef struct fs_func {
    char *name;
    char *file;           /* file of the definition */
    fs_range range;       /* of the definition */
    fs_range body;        /* of the body braces */
    int nparams;
    fs_var *vars;
    int nvars, capvars;
    fs_node *nodes;
    int nnodes, capnodes;
    fs_loop *loops;
    int nloops, caploops;
    int entry, exit;
    int incomplete;       /* the front end could not lower all of it */
    char *incomplete_why; /* why, after "function 'NAME' ": "is too large to analyse (...)"; NULL: too deeply nested */
    char *engine;         /* "clang" or "tree-sitter" */
    char **files;         /* interned file names */
    int nfiles;
} fs_func;

/* --- builder ------------------------------------------------------------- */

fs_func *fs_func_new(const char *name, const char *file, const char *engine);
void fs_func_delete(fs_func *self);
/* Drop the nodes and loops (keep variables and files), ready to lower again. */
void fs_func_reset(fs_func *self);
/* Drop the nodes and loops without starting again (fs_func_reset does that
 * before the next lowering): a lowered function's graph, once used. */
void fs_func_drop_nodes(fs_func *self);
/* The path key rendered with variable names: "v3->log" -> "cfg->log". Caller frees. */
char *fs_path_display(const fs_func *self, const char *key);

/* Returns the variable id; an existing variable of the same name and kind
 * declared by the same front-end key is returned again. */
int fs_func_add_var(fs_func *self, const char *name, fs_var_kind kind);
int fs_func_add_node(fs_func *self, fs_node_kind kind);
void fs_func_add_edge(fs_func *self, int from, int to, int back);
int fs_func_add_loop(fs_func *self, int parent);
const char *fs_func_intern_file(fs_func *self, const char *file);

/* Copies src into dst (deep). */
void fs_path_copy(fs_path *dst, const fs_path *src);
void fs_path_clear(fs_path *p);

/* --- queries (ir_query.c) ------------------------------------------------ */

/* Scratch state for graph walks over one function. */
typedef struct fs_walk {
    const fs_func *fn;
    unsigned char *mark;
    int *stack;
} fs_walk;

void fs_walk_init(fs_walk *w, const fs_func *fn);
void fs_walk_fini(fs_walk *w);

/* Is node `to` reachable from `from` along forward edges (no back edges),
 * without entering a node for which block(node, arg) is true? */
int fs_reach(fs_walk *w, int from, int to, int (*block)(const fs_func *, int, void *), void *arg);

/* Does node a lie on every way from the entry to node b along forward edges
 * (a dominates b)? */
int fs_dominates(fs_walk *w, int a, int b);

/* Does a write to any dependency of path p lie on some forward path from
 * `from` to `to`?  (A node both reachable from `from` and reaching `to`.) */
int fs_write_between(fs_walk *w, int from, int to, const fs_path *p);

/* Is there a way from the entry through call a to call b on which no
 * condition is tested twice with opposite outcomes (with nothing it reads
 * written in between) and no flag set to a constant is then tested the
 * other way?  (Also 1 when the question is too big to answer.) */
int fs_feasible_pair(const fs_func *fn, int a, int b);

/* Is the path of call `from` written, or the file it names created, removed
 * or changed by a call, on some way from `from` to `to`? */
int fs_changes_between(fs_walk *w, int from, int to);
/* The same, on the ways that leave `from` (a probe) by its outcome `keep`
 * (FS_OUT_UNKNOWN: every way). */
int fs_changes_between_on(fs_walk *w, int from, int to, fs_outcome keep);

/* Does write node w change path p? */
int fs_write_kills(const fs_func *fn, int wnode, const fs_path *p);

/* Two paths are the same identity (same key, same dirfd). */
int fs_path_same(const fs_node *a, const fs_node *b);

/* Is loop `inner` equal to or nested in `outer`? */
int fs_loop_within(const fs_func *fn, int inner, int outer);

/* How node `b` is reached from call `a` (forward edges): a bitmask of
 * FS_REACH (reachable at all), FS_REACH_SUCC_ONLY (every such path leaves a
 * branch that tests a's result through its success edge) and
 * FS_REACH_FAIL_ONLY (likewise through a failure edge). */
enum { FS_REACH = 1, FS_REACH_SUCC_ONLY = 2, FS_REACH_FAIL_ONLY = 4 };
int fs_outcome_reach(fs_walk *w, int a, int b);

/* Is the result of call `a` used: tested by a branch, carried by a return,
 * or (stat probes) its buffer read afterwards? */
int fs_result_used(const fs_func *fn, int a);

const char *fs_op_kind_name(fs_op_kind k);

/* Debugging: the IR as text. */
void fs_func_dump(const fs_func *f, FILE *out);

/* The node the i-th edge of n leads to when that edge goes forward (not
 * back to a loop's head) and the node is not marked in seen; it is marked
 * then.  -1 otherwise: for the walks that visit each node once. */
static inline int fs_succ_unseen(const fs_node *n, int i, unsigned char *seen)
{
    int t = n->succ[i].to;
    if (n->succ[i].back || seen[t])
        return -1;
    seen[t] = 1;
    return t;
}

#endif
