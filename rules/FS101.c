/* FS101 exists-then-stat: an existence probe followed by a stat of the same path. */
#include "rules/rulekit.h"
#include "check/fixtext.h"

#include <ctype.h>
#include <string.h>

/* A name for a new struct stat that occurs nowhere in the function. */
static const char *fs101_fresh_name(const char *text, long from, long to, char *buf, size_t size)
{
    static const char *const names[] = { "st", "sb", "st_buf", "path_st", "fs_st" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!fs_ft_has_word(text, from, to, names[i], (long)strlen(names[i]))) {
            snprintf(buf, size, "%s", names[i]);
            return buf;
        }
    return NULL;
}

/* `exists(p) && !is_dir(p)` with both wrappers plain: one stat() and the
 * wrapper's own test, S_ISDIR(st.st_mode), on its buffer. */
static int fs101_fix_wrappers(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    const fs_func *fn = fs_ctx_func(ctx);
    if (!bn->op.via_wrapper || !bn->op.pure || !bn->op.pred[0] || bn->op.sense.kind != FS_VAL_BOOL ||
        bn->op.sense.when_true != FS_OUT_SUCC || bn->macro || an->macro || !an->file || !bn->file ||
        strcmp(an->file, bn->file) != 0)
        return 0;
    if (an->op.via_wrapper && !an->op.pure)
        return 0;
    /* the two atoms side by side: `A && [!]B`, and A's failure is B's "false" */
    long len;
    const char *t = fs_ctx_source(ctx, an->file, &len);
    long ae = an->atom.end.offset, bb = bn->atom.begin.offset, be = bn->atom.end.offset;
    if (!t || ae > bb || be > len || an->atom.begin.offset >= ae)
        return 0;
    const char *p = t + ae;
    while (p < t + bb && isspace((unsigned char)*p))
        p++;
    if (t + bb - p < 2 || p[0] != '&' || p[1] != '&')
        return 0;
    for (p += 2; p < t + bb; p++)
        if (!isspace((unsigned char)*p))
            return 0;
    int fa = fs_fail_target(ctx, a), sa = fs_succ_target(ctx, a);
    if (fa < 0 || sa < 0 || !fs_straight_to(ctx, sa, b))
        return 0;
    int negated = t[bb] == '!';
    int bfalse = -1;
    for (int n = 0; n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].test == b && fn->nodes[n].nsucc == 2)
            bfalse = fn->nodes[n].succ[negated ? 0 : 1].to; /* where `[!]B` is false */
    if (bfalse != fa)
        return 0;
    if (!strstr(t, "sys/stat.h"))
        return 0;
    /* where to declare the buffer: the innermost block around the check */
    long blk = an->block.begin.offset;
    if (blk < 0 || blk >= len || t[blk] != '{')
        return 0;
    /* the check's own buffer when it is a stat() into a variable that
     * nothing reads (it holds the same after the one stat() as after the
     * check), else a new one */
    char name[32];
    int reuse = an->op.family == FS_PROBE_STAT && !an->op.via_wrapper && an->buf_var >= 0 && an->callee &&
                strcmp(an->callee, "stat") == 0 && strlen(fn->vars[an->buf_var].name) < sizeof name;
    if (reuse)
        snprintf(name, sizeof name, "%s", fn->vars[an->buf_var].name);
    else if (!fs101_fresh_name(t, fn->range.begin.offset, fn->range.end.offset, name, sizeof name))
        return 0;
    /* the indentation of the line that holds the check */
    long ls = an->stmt.begin.offset > 0 ? an->stmt.begin.offset : an->atom.begin.offset;
    while (ls > 0 && t[ls - 1] != '\n')
        ls--;
    long ie = ls;
    while (ie < len && (t[ie] == ' ' || t[ie] == '\t'))
        ie++;
    const char *pred = bn->op.pred;
    int pneg = pred[0] == '!';
    if (pneg)
        pred++;
    int want_neg = negated != pneg;
    char *path = fs_node_path(ctx, bn);
    char *repl = fs_xasprintf("stat(%s, &%s) == 0 && %s%s(%s.st_mode)", path, name, want_neg ? "!" : "", pred, name);
    /* the file's own line ending */
    const char *nl = memchr(t + blk, '\n', (size_t)(len - blk));
    int crlf = nl && nl > t && nl[-1] == '\r';
    char *decl = fs_xasprintf("%s%.*sstruct stat %s;", crlf ? "\r\n" : "\n", (int)(ie - ls), t + ls, name);
    int safe = an->op.follows == 1 && bn->op.follows == 1 &&
               (an->op.family != FS_PROBE_ACCESS || !fs_ctx_uses_setuid(ctx));
    char an_name[96], bn_name[96];
    char *d = fs_xasprintf("replace %s && %s%s with one stat() and %s%s(%s.st_mode)", fs_call_name(an, an_name, sizeof an_name),
                           negated ? "!" : "", fs_call_name(bn, bn_name, sizeof bn_name), want_neg ? "!" : "", pred, name);
    fs_fix *fix = fs_finding_set_fix(f, safe ? FS_FIX_SAFE : FS_FIX_UNSAFE, d);
    if (!reuse)
        fs_fix_add_edit(fix, an->file, blk + 1, 0, decl);
    fs_fix_add_edit(fix, an->file, an->atom.begin.offset, be - an->atom.begin.offset, repl);
    free(d);
    free(repl);
    free(decl);
    free(path);
    return 1;
}


/* `exists(p) && is_dir(p)` (or `!exists(p) || !is_dir(p)`), where is_dir()
 * is a probe that answers `stat() == 0 && S_ISDIR(st.st_mode)`: it is false
 * on a missing path, so the check before it adds nothing; drop it. */
static int fs101_fix_before_predicate(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    const fs_func *fn = fs_ctx_func(ctx);
    if (!bn->op.pred[0] || bn->op.sense.kind != FS_VAL_BOOL || bn->op.sense.when_true != FS_OUT_SUCC ||
        an->macro || bn->macro || !an->file || !bn->file || strcmp(an->file, bn->file) != 0)
        return 0;
    /* only wrappers whose bodies say they do nothing else (not those a
     * configuration declares, nor helpers that also log or count) */
    if ((an->op.via_wrapper && !an->op.pure) || (bn->op.via_wrapper && !bn->op.pure))
        return 0;
    long len;
    const char *t = fs_ctx_source(ctx, an->file, &len);
    long ae = an->atom.end.offset, bb = bn->atom.begin.offset;
    if (!t || ae > bb || bb > len || an->atom.begin.offset >= ae)
        return 0;
    const char *p = t + ae;
    while (p < t + bb && isspace((unsigned char)*p))
        p++;
    if (t + bb - p < 2 || !((p[0] == '&' && p[1] == '&') || (p[0] == '|' && p[1] == '|')))
        return 0;
    int conj = p[0] == '&';
    for (p += 2; p < t + bb; p++)
        if (!isspace((unsigned char)*p))
            return 0;
    /* `A && B`: B as it is, false where A's failure is false; `!A || !B`:
     * B negated, true where A's failure is true.  B's atom is the call
     * alone, or `!` and the call. */
    long q = bb;
    if (!conj) {
        if (t[q] != '!')
            return 0;
        for (q++; q < len && isspace((unsigned char)t[q]); q++)
            ;
    }
    if (q != bn->range.begin.offset || bn->atom.end.offset != bn->range.end.offset)
        return 0;
    /* a stat() into a buffer: dropping it would leave the buffer unused */
    if (an->op.family == FS_PROBE_STAT && !an->op.via_wrapper)
        return 0;
    int fa = fs_fail_target(ctx, a), sa = fs_succ_target(ctx, a);
    if (fa < 0 || sa < 0 || !fs_straight_to(ctx, sa, b))
        return 0;
    /* where B is false (its edge that is not its success) must be where A's failure goes */
    int bfalse = -1;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind == FS_N_BRANCH && br->test == b && br->nsucc == 2)
            bfalse = br->out[0] == FS_OUT_SUCC ? br->succ[1].to : br->out[1] == FS_OUT_SUCC ? br->succ[0].to : -1;
    }
    if (bfalse < 0 || bfalse != fa)
        return 0;
    int same_follow = an->op.follows >= 0 && an->op.follows == bn->op.follows;
    int pure = 1;
    int uid_ok = an->op.family != FS_PROBE_ACCESS || !fs_ctx_uses_setuid(ctx);
    char an_name[96], bn_name[96];
    char *d = fs_xasprintf("drop the %s check: %s is false for a missing path too", fs_call_name(an, an_name, sizeof an_name),
                           fs_call_name(bn, bn_name, sizeof bn_name));
    fs_fix *fix = fs_finding_set_fix(f, same_follow && pure && uid_ok ? FS_FIX_SAFE : FS_FIX_UNSAFE, d);
    free(d);
    fs_fix_delete_conjunct(ctx, fix, a, b);
    return 1;
}

/* Drop the existence check where the stat()'s own failure takes its branch. */
static void fs101_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    /* the rewrites are of a stat() on the exists outcome */
    if (!fs_is_stat_probe(fs_ctx_node(ctx, b)) || !(fs_outcome_reach(fs_ctx_walk(ctx), a, b) & FS_REACH_SUCC_ONLY))
        return;
    if (fs101_fix_before_predicate(ctx, f, a, b) || fs101_fix_wrappers(ctx, f, a, b))
        return;
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    char an_name[96];
    fs_call_name(an, an_name, sizeof an_name);
    /* safe only when both calls resolve the path alike, the check has no
     * other effect (a library call, not a wrapper), and access()'s real-uid
     * check cannot differ from stat()'s */
    int same_follow = an->op.follows >= 0 && an->op.follows == bn->op.follows;
    int pure = !an->op.via_wrapper || an->macro;
    int uid_ok = an->op.family != FS_PROBE_ACCESS || !fs_ctx_uses_setuid(ctx);
    fs_safety safety = same_follow && pure && uid_ok ? FS_FIX_SAFE : FS_FIX_UNSAFE;
    if (fs_is_conjunct_before(ctx, a, b)) {
        char *d = fs_xasprintf("drop the %s check: the stat() right after it fails for a missing path and "
                               "takes the same branch", an_name);
        fs_fix *fix = fs_finding_set_fix(f, safety, d);
        free(d);
        fs_fix_delete_conjunct(ctx, fix, a, b);
        return;
    }
    if (fs_is_guard(ctx, a, b)) {
        long va, vb;
        int fb = fs_fail_target(ctx, b);
        int straight = fs_straight_to(ctx, fs_succ_target(ctx, a), b);
        int same = fs_returns_const(ctx, fs_fail_target(ctx, a), &va) && fb >= 0 &&
                   fs_returns_const(ctx, fb, &vb) && va == vb && straight;
        /* `if (!exists(p)) return A; if (stat(p, &st) != 0) return B;`: the stat
         * fails exactly when the check does, so its failure returns A */
        int ra = -1, rb = -1;
        long la;
        const char *t = fs_ctx_source(ctx, an->file, &la);
        if (!same && straight && fb >= 0 && fs_returns_const(ctx, fs_fail_target(ctx, a), &va) && t) {
            const fs_func *fn = fs_ctx_func(ctx);
            int bbr = -1;
            for (int n = 0; n < fn->nnodes; n++)
                if (fn->nodes[n].kind == FS_N_BRANCH && fn->nodes[n].test == b)
                    bbr = n;
            rb = bbr >= 0 ? fs_exclusive_return(ctx, bbr, fb) : -1;
            int ft = fs_fail_target(ctx, a);
            for (int steps = 0; ft >= 0 && steps < 64 && fn->nodes[ft].kind == FS_N_NOP; steps++)
                ft = fn->nodes[ft].nsucc == 1 ? fn->nodes[ft].succ[0].to : -1;
            ra = ft >= 0 && fn->nodes[ft].kind == FS_N_RETURN ? ft : -1;
            if (ra < 0 || rb < 0 || !fn->nodes[ra].ret_range.end.offset || !fn->nodes[rb].ret_range.end.offset ||
                fn->nodes[ra].ret_range.end.offset > la)
                ra = rb = -1;
        }
        if (ra >= 0 && rb >= 0) {
            const fs_func *fn = fs_ctx_func(ctx);
            const fs_range *r1 = &fn->nodes[ra].ret_range, *r2 = &fn->nodes[rb].ret_range;
            char *text = fs_xstrndup(t + r1->begin.offset, (size_t)(r1->end.offset - r1->begin.offset));
            char *d = fs_xasprintf("drop the %s guard and return its value (%s) where the stat() below fails: it "
                                   "fails exactly when the check would have", an_name, text);
            fs_fix *fix = fs_finding_set_fix(f, safety, d);
            fs_fix_delete_statement(ctx, fix, a);
            fs_fix_add_edit(fix, an->file, r2->begin.offset, r2->end.offset - r2->begin.offset, text);
            free(d);
            free(text);
            return;
        }
        /* a guard whose branch differs from the stat()'s failure is not
         * dropped: the message says what to do */
        if (!same)
            return;
        char *d = fs_xasprintf("drop the %s guard: the stat() below returns the same when the path is missing",
                               an_name);
        fs_fix *fix = fs_finding_set_fix(f, safety, d);
        free(d);
        fs_fix_delete_statement(ctx, fix, a);
    }
}

static int fs101_first(fs_ctx *ctx, int a)
{
    return fs_is_existence_probe(fs_ctx_node(ctx, a)) && fs_result_tested(ctx, a);
}

/* The later probe: a stat-family one, or an access() of another mode (it
 * fails with ENOENT too), on one outcome of the existence check: where the
 * path exists, or where it is missing (`!exists(p) && !is_dir(p)`: one
 * stat() answers both). */
static int fs101_second(fs_ctx *ctx, int a, int b)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    int later = fs_is_stat_probe(bn) || (fs_is_access_probe(bn) && bn->op.access_mode != FS_MODE_UNKNOWN &&
                                         bn->op.access_mode != FS_F_OK);
    int r = later ? fs_outcome_reach(fs_ctx_walk(ctx), a, b) : 0;
    /* on the missing outcome, only a probe that does no more than ask */
    return (r & FS_REACH_SUCC_ONLY) || ((r & FS_REACH_FAIL_ONLY) && bn->op.then_kind == FS_OP_NONE && !bn->op.others);
}

static void fs101_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    char pred[48] = "";
    if (bn->op.pred[0])
        snprintf(pred, sizeof pred, " with %s(st.st_mode)", bn->op.pred[0] == '!' ? bn->op.pred + 1 : bn->op.pred);
    if (fs_is_access_probe(bn))
        f->message = fs_xasprintf("existence check is redundant: %s of '%s' on line %d fails with ENOENT "
                                  "too; drop %s and tell a missing path by that call's errno",
                                  n->second, f->path_expr, n->line, n->first);
    else
        f->message = fs_xasprintf("existence check is redundant: %s of '%s' on line %d fails with ENOENT "
                                  "too; drop %s and test the result of one stat()%s",
                                  n->second, f->path_expr, n->line, n->first, pred);
}

FS_PAIR_RULE(fs_rule_fs101, "FS101", "exists-then-stat",
             "an existence check followed by a stat() of the same path: the stat() alone answers both",
             "warning", 0, .first = fs101_first, .second = fs101_second, .verb = "is stat()ed by",
             .report = fs101_report, .fix = fs101_fix, .on = FS_OUT_UNKNOWN);
