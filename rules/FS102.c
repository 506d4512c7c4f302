/* FS102 repeated-probe: a probe whose answer an earlier probe of the same path gave. */
#include "rules/rulekit.h"

#include <ctype.h>
#include <string.h>

/* Does the answer of probe a contain the answer of probe b? */
static int fs102_covers(const fs_node *a, const fs_node *b)
{
    /* a wrapper that does more than its probe (libgit2's is_empty_dir(): a
     * stat(), then it reads the folder) answers more than the probe did */
    if (b->op.via_wrapper && (b->op.others || b->op.then_kind != FS_OP_NONE))
        return 0; /* (or a stat(), then it reads the file: git_futils_readbuffer()) */
    if (a->op.family == FS_PROBE_STAT && b->op.family == FS_PROBE_STAT)
        return a->op.follows >= 0 && a->op.follows == b->op.follows;
    if (a->op.family == FS_PROBE_STAT && b->op.family == FS_PROBE_ACCESS)
        return a->op.follows == 1 && b->op.access_mode == FS_F_OK;
    if (a->op.family == FS_PROBE_ACCESS && b->op.family == FS_PROBE_ACCESS)
        return a->op.access_mode != FS_MODE_UNKNOWN && a->op.access_mode == b->op.access_mode;
    return 0;
}

/* Text helpers for the fix: skip blanks forward / backward. */
static long fs102_skip(const char *t, long p, long len)
{
    while (p < len && isspace((unsigned char)t[p]))
        p++;
    return p;
}

static long fs102_back(const char *t, long p)
{
    while (p > 0 && isspace((unsigned char)t[p - 1]))
        p--;
    return p;
}

/* The end of the statement that starts at p: a `{...}` block (braces
 * counted outside strings, characters and comments) or up to its `;`; -1
 * when the text is not that simple. */
static long fs102_stmt_end(const char *t, long p, long end)
{
    /* a compound statement (if, for, while, do, switch) as the body: its
     * end is more than its first `;`, so not simple */
    static const char *const kw[] = { "if", "for", "while", "do", "switch", NULL };
    for (int k = 0; kw[k]; k++) {
        size_t n = strlen(kw[k]);
        if (p + (long)n <= end && strncmp(t + p, kw[k], n) == 0 &&
            (p + (long)n == end || !(isalnum((unsigned char)t[p + n]) || t[p + n] == '_')))
            return -1;
    }
    int depth = 0;
    for (long k = p; k < end; k++) {
        char c = t[k];
        if (c == '"' || c == '\'') {
            for (k++; k < end && t[k] != c; k++)
                if (t[k] == '\\')
                    k++;
        } else if (c == '/' && k + 1 < end && t[k + 1] == '*') {
            const char *e = strstr(t + k + 2, "*/");
            if (!e || e - t >= end)
                return -1;
            k = (long)(e - t) + 1;
        } else if (c == '/' && k + 1 < end && t[k + 1] == '/') {
            while (k < end && t[k] != '\n')
                k++;
        } else if (c == '{') {
            depth++;
        } else if (c == '}') {
            if (--depth == 0 && t[p] == '{')
                return k + 1;
            if (depth < 0)
                return -1;
        } else if (c == ';' && depth == 0 && t[p] != '{') {
            return k + 1;
        }
    }
    return -1;
}

/* The indentation of the line holding offset p, when only blanks stand
 * before p on it: [*ls, p). */
static int fs102_line_indent(const char *t, long p, long *ls)
{
    long k = p;
    while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t'))
        k--;
    *ls = k;
    return k == 0 || t[k - 1] == '\n';
}

/* Is offset p directly inside the parentheses of the `if` statement that
 * starts at sb (not inside a call or a nested group)? */
static int fs102_in_if_parens(const char *t, long sb, long p, long len)
{
    if (sb < 0 || sb + 2 > len || strncmp(t + sb, "if", 2) != 0)
        return 0;
    long k = fs102_skip(t, sb + 2, len);
    if (k >= p || t[k] != '(')
        return 0;
    int depth = 0;
    for (; k < p; k++) {
        if (t[k] == '"' || t[k] == '\'') {
            char q = t[k];
            for (k++; k < p && t[k] != q; k++)
                if (t[k] == '\\')
                    k++;
        } else if (t[k] == '(') {
            depth++;
        } else if (t[k] == ')' && --depth <= 0) {
            return 0;
        }
    }
    return depth == 1;
}

/* Where the later probe succeeds for sure (on the success path of the
 * first), its test goes, with no constant test left behind:
 *   `if (stat(p, &st2) != 0) return -1;`  deleted (or `st2 = st;`);
 *   `if (stat(p, &st2) == 0) STMT`        STMT (after `st2 = st;`);
 *   `if (stat(p, &st) == 0 && REST)`      `if (REST)`;
 *   `if (REST && access(p, F_OK) == 0)`   `if (REST)`;
 *   `return access(p, F_OK) == 0;`        `return 1;`.
 * Elsewhere there is no fix. */
static void fs102_drop_test(fs_ctx *ctx, fs_finding *f, int b, const char *assign, const char *d)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    const fs_func *fn = fs_ctx_func(ctx);
    long len;
    const char *t = fs_ctx_source(ctx, bn->file ? bn->file : fn->file, &len);
    long ab = bn->atom.begin.offset, ae = bn->atom.end.offset, sb = bn->stmt.begin.offset, se = bn->stmt.end.offset;
    int br = -1, ret = -1;
    for (int n = 0; n < fn->nnodes && br < 0; n++)
        if (fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].test == b && fn->nodes[n].nsucc == 2)
            br = n;
        else if (fn->nodes[n].kind == FS_N_RETURN && fn->nodes[n].ret_test == b)
            ret = n;
    if (br < 0 && ret >= 0) {
        /* the returned expression is the atom */
        ab = fn->nodes[ret].ret_range.begin.offset;
        ae = fn->nodes[ret].ret_range.end.offset;
    }
    if (!t || ab <= 0 || ae <= ab || ae > len)
        return;
    long ls;
    char *before = NULL; /* `st2 = st;` and a line break with the statement's indentation */
    if (assign) {
        if (sb < 0 || !fs102_line_indent(t, sb, &ls))
            return;
        before = fs_xasprintf("%s\n%.*s", assign, (int)(sb - ls), t + ls);
    }
    fs_fix *fix = NULL;
    if (br < 0) {
        /* `return ATOM;` */
        long p = fs102_back(t, ab), q = fs102_skip(t, ae, len);
        if (ret >= 0 && p >= 6 && strncmp(t + p - 6, "return", 6) == 0 && q < len && t[q] == ';' &&
            fn->nodes[ret].ret_sense.kind == FS_VAL_BOOL) {
            fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
            fs_fix_add_edit(fix, bn->file, ab, ae - ab, fn->nodes[ret].ret_sense.when_true == FS_OUT_SUCC ? "1" : "0");
        }
    } else if (fs_is_whole_if_cond(ctx, b) && fs_then_is_failure(ctx, b)) {
        fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
        fs_fix_replace_statement(ctx, fix, b, assign ? assign : "");
    } else if (fs_is_whole_if_cond(ctx, b) && se > 0 && se <= len) {
        /* unwrap: the then-statement in the if's place */
        long close = fs102_skip(t, ae, len); /* the `)` */
        long body = fs102_skip(t, close + 1, len);
        long bend = fs102_stmt_end(t, body, len);
        if (bend < 0 || !fs102_line_indent(t, sb, &ls) || fs102_skip(t, bend, len) < se)
            goto out;
        /* a block would have to move one level out: left to the user */
        if (t[body] == '{')
            goto out;
        fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
        fs_fix_add_edit(fix, bn->file, sb, body - sb, before ? before : "");
    } else if (bn->in_if_cond && fn->nodes[br].out[0] == FS_OUT_SUCC) {
        long p = fs102_back(t, ab);
        long next = fs_atom_and_next(ctx, b);
        if (next >= 0 && p >= 1 && t[p - 1] == '(' && fs102_in_if_parens(t, sb, ab, len) &&
            fs102_skip(t, sb + 2, len) == p - 1) {
            /* `if (ATOM && REST)`; not an `else if` (a line before it) */
            long e = fs102_back(t, sb);
            if (assign && e >= 4 && strncmp(t + e - 4, "else", 4) == 0)
                goto out;
            fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
            if (before)
                fs_fix_add_edit(fix, bn->file, sb, 0, before);
            fs_fix_add_edit(fix, bn->file, ab, next - ab, "");
        } else if (!assign && p >= 2 && t[p - 1] == '&' && t[p - 2] == '&' && fs102_in_if_parens(t, sb, ab, len) &&
                   fs102_skip(t, ae, len) < len && t[fs102_skip(t, ae, len)] == ')') {
            /* `if (REST && ATOM)` */
            long q = fs102_back(t, p - 2);
            fix = fs_finding_set_fix(f, FS_FIX_SAFE, d);
            fs_fix_add_edit(fix, bn->file, q, ae - q, "");
        }
    }
out:
    free(before);
}

/* Is variable var read somewhere after node b? */
static int fs102_read_after(fs_ctx *ctx, int b, int var)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_READ && fn->nodes[n].var == var && fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL))
            return 1;
    return 0;
}

/* Reuse the first struct stat: on the success path of the first stat() of
 * an unchanged path, the second returns 0 and the same contents. */
static void fs102_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (an->op.via_wrapper || bn->op.via_wrapper || an->macro || bn->macro || an->in_macro || bn->in_macro)
        return;
    if (!(fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_SUCC_ONLY))
        return;
    const fs_func *fn = fs_ctx_func(ctx);
    if (an->op.family == FS_PROBE_STAT && bn->op.family == FS_PROBE_STAT) {
        if (an->buf_var < 0 || bn->buf_var < 0 || strcmp(an->callee, bn->callee) != 0)
            return;
        if (fs_var_written_between(ctx, a, b, an->buf_var) || !fs_in_scope(ctx, an->buf_var, b))
            return;
        /* a second buffer that nothing reads afterwards: `st2 = st;` would
         * be set but unused, and without it st2's declaration would be */
        if (an->buf_var != bn->buf_var && !fs102_read_after(ctx, b, bn->buf_var))
            return;
        char *assign = an->buf_var == bn->buf_var
                           ? NULL
                           : fs_xasprintf("%s = %s;", fn->vars[bn->buf_var].name, fn->vars[an->buf_var].name);
        char *d = fs_xasprintf("reuse the struct stat filled on line %d instead of calling %s() again",
                               an->range.begin.line, bn->callee);
        fs102_drop_test(ctx, f, b, assign, d);
        free(assign);
        free(d);
    } else if (bn->op.family == FS_PROBE_ACCESS && bn->op.access_mode == FS_F_OK && !fs_ctx_uses_setuid(ctx)) {
        char *d = fs_xasprintf("the path exists: the %s() on line %d succeeded", an->callee, an->range.begin.line);
        fs102_drop_test(ctx, f, b, NULL, d);
        free(d);
    }
}

/* Is the path handed to a function the project does not define (another
 * library's `chown_nofollow(name, ...)`): it may change the file. */
static int fs102_unknown_gets_path(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (n == a || n == b || x->kind != FS_N_CALL || !x->ext_unknown)
            continue;
        int gets = 0;
        for (int k = 0; k < x->nargs && !gets; k++)
            gets = x->args[k].key && an->path.key && strcmp(x->args[k].key, an->path.key) == 0;
        if (gets && fs_reach(fs_ctx_walk(ctx), a, n, NULL, NULL) && fs_reach(fs_ctx_walk(ctx), n, b, NULL, NULL))
            return 1;
    }
    return 0;
}

/* Are both stat buffers read after the second call (a before/after comparison)? */
static int fs102_both_kept(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (an->buf_var < 0 || bn->buf_var < 0 || an->buf_var == bn->buf_var)
        return 0;
    int read_a = 0, read_b = 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_READ || (x->var != an->buf_var && x->var != bn->buf_var))
            continue;
        if (!fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL))
            continue;
        if (x->var == an->buf_var)
            read_a = 1;
        else
            read_b = 1;
    }
    return read_a && read_b;
}

static void fs102_check(fs_ctx *ctx)
{
    const fs_func *fn = fs_ctx_func(ctx);
    int *queue = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    unsigned char *seen = fs_xmalloc((size_t)fn->nnodes);
    for (int a = 0; a < fn->nnodes; a++) {
        const fs_node *an = fs_ctx_node(ctx, a);
        if (an->kind != FS_N_CALL || an->op.kind != FS_OP_PROBE || !fs_result_tested(ctx, a))
            continue;
        /* later probes of the path, also past other probes (they change nothing) */
        memset(seen, 0, (size_t)fn->nnodes);
        int qh = 0, qt = 0;
        queue[qt++] = a;
        seen[a] = 1;
        while (qh < qt) {
            const int *nx;
            int n = fs_ctx_nexts(ctx, queue[qh++], &nx);
            for (int i = 0; i < n; i++) {
                const fs_node *b = fs_ctx_node(ctx, nx[i]);
                if (b->op.kind != FS_OP_PROBE || seen[nx[i]])
                    continue;
                seen[nx[i]] = 1;
                queue[qt++] = nx[i];
                /* the earlier answer must be there on every way to the later probe */
                if (!fs102_covers(an, b) || !fs_dominates(fs_ctx_walk(ctx), a, nx[i]) ||
                    fs_changes_between(fs_ctx_walk(ctx), a, nx[i]))
                    continue;
                /* an existence check, then a stat() where it succeeded: FS101's
                 * pair (drop the check), not a second finding on the stat() */
                if (fs_is_existence_probe(an) && fs_is_stat_probe(b) &&
                    (fs_outcome_reach(fs_ctx_walk(ctx), a, nx[i]) & FS_REACH_SUCC_ONLY))
                    continue;
                /* the file may have changed in between (written, time passed),
                 * or both answers are kept to be compared: not a repeat */
                if (fs_call_between(ctx, a, nx[i], fs_is_changing_call) || fs102_both_kept(ctx, a, nx[i]) ||
                    fs102_unknown_gets_path(ctx, a, nx[i]))
                    continue;
                fs_finding *f = fs_ctx_report(ctx, nx[i]);
                if (!f)
                    continue;
                char an_name[96], bn_name[96];
                fs_call_name(an, an_name, sizeof an_name);
                fs_call_name(b, bn_name, sizeof bn_name);
                f->message = fs_xasprintf("repeated probe: '%s' was already checked by %s on line %d and has not "
                                          "changed since; reuse that result (keep its struct stat) instead of "
                                          "calling %s again",
                                          f->path_expr, an_name, an->range.begin.line, bn_name);
                f->syscalls_saved = 1;
                int one[1] = { a };
                fs_note_calls(f, ctx, one, 0, 1, "is first checked by");
                fs102_fix(ctx, f, a, nx[i]);
            }
        }
    }
    free(queue);
    free(seen);
}

const fs_rule fs_rule_fs102 = {
    "FS102", "repeated-probe",
    "a probe whose answer an earlier probe of the same, unchanged path already gave",
    "warning", 0, fs102_check,
};
