/* fixkit.c - facts and edits the rules' fixes are built from. */
#include "check/rule.h"
#include "check/fixtext.h"
#include "base/lex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int fs_edge_target(const fs_ctx *ctx, int a, fs_outcome want)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind != FS_N_BRANCH || br->test != a)
            continue;
        for (int e = 0; e < br->nsucc && e < 2; e++)
            if (br->out[e] == want)
                return br->succ[e].to;
    }
    return -1;
}

int fs_fail_target(const fs_ctx *ctx, int a) { return fs_edge_target(ctx, a, FS_OUT_FAIL); }
int fs_succ_target(const fs_ctx *ctx, int a) { return fs_edge_target(ctx, a, FS_OUT_SUCC); }

static int fs_next_plain(const fs_func *fn, int n)
{
    const fs_node *x = &fn->nodes[n];
    if (x->nsucc != 1 || x->succ[0].back)
        return -1;
    return x->succ[0].to;
}

int fs_returns_const(const fs_ctx *ctx, int n, long *value)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int steps = 0; n >= 0 && steps < 64; steps++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind == FS_N_RETURN) {
            if (!x->ret_const)
                return 0;
            *value = x->ret_value;
            return 1;
        }
        if (x->kind != FS_N_NOP)
            return 0;
        n = fs_next_plain(fn, n);
    }
    return 0;
}

int fs_straight_to(const fs_ctx *ctx, int n, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *bn = &fn->nodes[b];
    for (int steps = 0; n >= 0 && steps < 256; steps++) {
        if (n == b)
            return 1;
        const fs_node *x = &fn->nodes[n];
        if (x->kind == FS_N_WRITE) {
            for (int i = 0; i < bn->path.ndeps; i++)
                if (bn->path.deps[i] == x->var)
                    return 0;
            if (x->var < 0)
                return 0;
        } else if (x->kind != FS_N_NOP && x->kind != FS_N_READ) {
            return 0;
        }
        n = fs_next_plain(fn, n);
    }
    return 0;
}

static int fs_ws_and(const char *p, const char *end)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (end - p < 2 || p[0] != '&' || p[1] != '&')
        return 0;
    p += 2;
    while (p < end && isspace((unsigned char)*p))
        p++;
    return p == end;
}

static const char *fs_text(fs_ctx *ctx, const fs_node *n, long *len)
{
    return fs_ctx_source(ctx, n->file ? n->file : fs_ctx_func(ctx)->file, len);
}

int fs_is_conjunct_before(fs_ctx *ctx, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    int fa = fs_fail_target(ctx, a), fb = fs_fail_target(ctx, b);
    if (fa < 0 || fa != fb)
        return 0;
    int sa = fs_succ_target(ctx, a);
    if (sa < 0 || !fs_straight_to(ctx, sa, b))
        return 0;
    if (!an->file || !bn->file || strcmp(an->file, bn->file) != 0)
        return 0;
    long len;
    const char *t = fs_text(ctx, an, &len);
    long e = an->atom.end.offset, s = bn->atom.begin.offset;
    if (!t || e > s || s > len || an->atom.begin.offset >= e)
        return 0;
    return fs_ws_and(t + e, t + s);
}

int fs_is_guard(fs_ctx *ctx, int a, int b)
{
    if (!fs_is_whole_if_cond(ctx, a))
        return 0;
    /* the then-branch leaves: b is not reached from it */
    int then = fs_then_target(ctx, a);
    if (then < 0 || fs_reach(fs_ctx_walk(ctx), then, b, NULL, NULL))
        return 0;
    return 1;
}

int fs_then_is_failure(const fs_ctx *ctx, int a)
{
    const fs_func *fn = fs_ctx_func(ctx);
    int then = fs_then_target(ctx, a);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind == FS_N_BRANCH && br->test == a && br->nsucc == 2)
            return br->succ[0].to == then ? br->out[0] == FS_OUT_FAIL : br->out[1] == FS_OUT_FAIL;
    }
    return 0;
}

int fs_is_whole_if_cond(fs_ctx *ctx, int a)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    if (!an->in_if_cond || an->if_has_else)
        return 0;
    long len;
    const char *t = fs_text(ctx, an, &len);
    long sb = an->stmt.begin.offset, ab = an->atom.begin.offset, ae = an->atom.end.offset;
    if (!t || sb < 0 || ab <= sb || ae > len)
        return 0;
    /* not the `else if` of an outer if: deleting it would leave `else` alone */
    long k = sb;
    while (k > 0 && isspace((unsigned char)t[k - 1]))
        k--;
    if (k >= 4 && strncmp(t + k - 4, "else", 4) == 0 && (k == 4 || !(isalnum((unsigned char)t[k - 5]) || t[k - 5] == '_')))
        return 0;
    /* `if ( ATOM )` exactly */
    const char *p = t + sb;
    if (strncmp(p, "if", 2) != 0)
        return 0;
    p += 2;
    while (p < t + ab && isspace((unsigned char)*p))
        p++;
    if (*p != '(')
        return 0;
    p++;
    while (p < t + ab && isspace((unsigned char)*p))
        p++;
    if (p != t + ab)
        return 0;
    p = t + ae;
    while (p < t + len && isspace((unsigned char)*p))
        p++;
    return *p == ')';
}

int fs_then_target(const fs_ctx *ctx, int a)
{
    const fs_func *fn = fs_ctx_func(ctx);
    if (fn->nodes[a].in_if_cond)
        return fn->nodes[a].if_then;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind == FS_N_BRANCH && br->test == a && br->nsucc == 2)
            return br->succ[0].to;
    }
    return -1;
}

int fs_else_target(const fs_ctx *ctx, int a)
{
    const fs_func *fn = fs_ctx_func(ctx);
    if (fn->nodes[a].in_if_cond) {
        /* the branch testing a: the edge that is not the then-branch */
        for (int n = 0; n < fn->nnodes; n++) {
            const fs_node *br = &fn->nodes[n];
            if (br->kind == FS_N_BRANCH && br->test == a && br->nsucc == 2)
                return br->succ[0].to == fn->nodes[a].if_then ? br->succ[1].to : br->succ[0].to;
        }
        return -1;
    }
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *br = &fn->nodes[n];
        if (br->kind == FS_N_BRANCH && br->test == a && br->nsucc == 2)
            return br->succ[1].to;
    }
    return -1;
}

int fs_return_reached(const fs_ctx *ctx, int n)
{
    const fs_func *fn = fs_ctx_func(ctx);
    int found = -1, sp = 0;
    int *stack = fs_xmalloc(sizeof(int) * (size_t)fn->nnodes);
    unsigned char *mark = fs_xcalloc((size_t)fn->nnodes, 1);
    stack[sp++] = n;
    mark[n] = 1;
    while (sp > 0) {
        int x = stack[--sp];
        const fs_node *xn = &fn->nodes[x];
        if (xn->kind == FS_N_RETURN) {
            if (found >= 0 && found != x) {
                found = -2;
                break;
            }
            found = x;
            continue;
        }
        int errno_read = xn->kind == FS_N_CALL && xn->callee && strcmp(xn->callee, "__errno_location") == 0;
        if ((xn->kind == FS_N_CALL && !errno_read) || xn->kind == FS_N_WRITE ||
            (xn->kind == FS_N_BRANCH && xn->test >= 0) || x == fn->exit) {
            found = -2;
            break;
        }
        for (int i = 0; i < xn->nsucc; i++) {
            int t = xn->succ[i].to;
            if (xn->succ[i].back) {
                found = -2;
                sp = 0;
                break;
            }
            if (!mark[t]) {
                mark[t] = 1;
                stack[sp++] = t;
            }
        }
    }
    free(stack);
    free(mark);
    return found >= 0 ? found : -1;
}

/* The end of the blank line starting at p (its line break included), or p
 * when the line there is not blank. */
static long fs_blank_line_end(const char *t, long p, long len)
{
    long k = p;
    while (k < len && (t[k] == ' ' || t[k] == '\t' || t[k] == '\r'))
        k++;
    return k < len && t[k] == '\n' ? k + 1 : p;
}

/* The line before the line that starts at p: its first byte, or -1. */
static long fs_prev_line(const char *t, long p)
{
    if (p <= 0)
        return -1;
    long k = p - 1; /* its line break */
    while (k > 0 && t[k - 1] != '\n')
        k--;
    return k;
}

static int fs_line_before_is_blank(const char *t, long p)
{
    long k = fs_prev_line(t, p);
    return k >= 0 && fs_blank_line_end(t, k, p) == p;
}

/* Does the line before the one at p end with `{`? */
static int fs_line_before_opens_block(const char *t, long p)
{
    long k = p - 1;
    while (k > 0 && isspace((unsigned char)t[k - 1]) && t[k - 1] != '\n')
        k--;
    return k > 0 && t[k - 1] == '{';
}

/* Replaces [b, e) of an's file with text; an empty text deletes it, taking
 * whole lines when the range has them to itself. */
static void fs_replace_range(fs_ctx *ctx, fs_fix *fix, const fs_node *an, long b, long e, const char *text)
{
    long len;
    const char *t = fs_text(ctx, an, &len);
    if (!t)
        return;
    /* a statement's range ends before its `;` (`return -1;`) */
    long se = e;
    while (se < len && (t[se] == ' ' || t[se] == '\t'))
        se++;
    if (se < len && t[se] == ';' && e > 0 && t[e - 1] != ';' && t[e - 1] != '}')
        e = se + 1;
    if (*text) {
        fs_fix_add_edit(fix, an->file, b, e - b, text);
        return;
    }
    /* whole lines when the range has them to itself */
    long lb = b;
    while (lb > 0 && (t[lb - 1] == ' ' || t[lb - 1] == '\t'))
        lb--;
    long le = e;
    while (le < len && (t[le] == ' ' || t[le] == '\t'))
        le++;
    if ((lb == 0 || t[lb - 1] == '\n' || t[lb - 1] == '\r') && (le >= len || t[le] == '\n' || t[le] == '\r')) {
        b = lb;
        if (le < len && t[le] == '\r')
            le++;
        if (le < len && t[le] == '\n')
            le++;
        e = le;
        /* no two blank lines left side by side, and no blank line left
         * first in its block: the blank line after the statement goes too */
        long after = fs_blank_line_end(t, e, len);
        if (after > e && (fs_line_before_is_blank(t, b) || fs_line_before_opens_block(t, b)))
            e = after;
    }
    fs_fix_add_edit(fix, an->file, b, e - b, "");
}

void fs_fix_delete_conjunct(fs_ctx *ctx, fs_fix *fix, int a, int b)
{
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    fs_fix_add_edit(fix, an->file, an->atom.begin.offset, bn->atom.begin.offset - an->atom.begin.offset, "");
}

void fs_fix_delete_range(fs_ctx *ctx, fs_fix *fix, int a, long b, long e)
{
    fs_replace_range(ctx, fix, fs_ctx_node(ctx, a), b, e, "");
}

void fs_fix_delete_statement(fs_ctx *ctx, fs_fix *fix, int a)
{
    fs_fix_replace_statement(ctx, fix, a, "");
}

void fs_fix_replace_statement(fs_ctx *ctx, fs_fix *fix, int a, const char *text)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    fs_replace_range(ctx, fix, an, an->stmt.begin.offset, an->stmt.end.offset, text);
}

long fs_atom_and_next(fs_ctx *ctx, int a)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    long len;
    const char *t = fs_text(ctx, an, &len);
    long p = an->atom.end.offset;
    if (!t || p <= an->atom.begin.offset || p > len)
        return -1;
    while (p < len && isspace((unsigned char)t[p]))
        p++;
    if (p + 1 >= len || t[p] != '&' || t[p + 1] != '&')
        return -1;
    for (p += 2; p < len && isspace((unsigned char)t[p]);)
        p++;
    return p < len ? p : -1;
}

void fs_fix_replace_call(fs_ctx *ctx, fs_fix *fix, int b, const char *text)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    fs_fix_add_edit(fix, bn->file, bn->range.begin.offset, bn->range.end.offset - bn->range.begin.offset, text);
}

int fs_var_written_between(fs_ctx *ctx, int a, int b, int var)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int w = 0; w < fn->nnodes; w++) {
        const fs_node *x = &fn->nodes[w];
        if (x->kind != FS_N_WRITE || (x->var != var && x->var >= 0) || w == a + 1)
            continue;
        if (x->var < 0 && fn->vars[var].kind != FS_VAR_GLOBAL)
            continue;
        if (fs_reach(fs_ctx_walk(ctx), a, w, NULL, NULL) && fs_reach(fs_ctx_walk(ctx), w, b, NULL, NULL))
            return 1;
    }
    return 0;
}

int fs_in_scope(const fs_ctx *ctx, int var, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_range *s = &fn->vars[var].scope;
    const fs_node *bn = &fn->nodes[b];
    if (!s->end.offset)
        return 0;
    return bn->range.begin.offset >= s->begin.offset && bn->range.end.offset <= s->end.offset;
}

int fs_call_between(fs_ctx *ctx, int a, int b, int (*pred)(const fs_node *))
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (n == a || n == b || x->kind != FS_N_CALL || !pred(x))
            continue;
        if (fs_reach(fs_ctx_walk(ctx), a, n, NULL, NULL) && fs_reach(fs_ctx_walk(ctx), n, b, NULL, NULL))
            return 1;
    }
    return 0;
}

int fs_is_changing_call(const fs_node *n)
{
    return n->changes_fs;
}

int fs_exclusive_return(const fs_ctx *ctx, int from, int n)
{
    const fs_func *fn = fs_ctx_func(ctx);
    /* the chain from n to its return: each node entered only from the chain */
    int prev = from;
    for (int steps = 0; n >= 0 && steps < 64; steps++) {
        for (int x = 0; x < fn->nnodes; x++) {
            if (x == prev)
                continue;
            for (int i = 0; i < fn->nodes[x].nsucc; i++)
                if (fn->nodes[x].succ[i].to == n)
                    return -1;
        }
        if (fn->nodes[n].kind == FS_N_RETURN)
            return fn->nodes[n].ret_const ? n : -1;
        if (fn->nodes[n].kind != FS_N_NOP)
            return -1;
        prev = n;
        n = fs_next_plain(fn, n);
    }
    return -1;
}

/* How often word w is a token of the file (comments and literals
 * skipped); *decls: how many of those are static declarations. */
static int fs_word_count(const char *t, long len, const char *w, long *decls)
{
    size_t wn = strlen(w);
    int n = 0;
    *decls = 0;
    for (long i = 0; i < len;) {
        long tb, te = fs_ft_token(t, len, i, &tb);
        if (tb >= len)
            break;
        if ((size_t)(te - tb) == wn && memcmp(t + tb, w, wn) == 0) {
            n++;
            if (fs_ft_static_at(t, tb))
                (*decls)++;
        }
        i = te;
    }
    return n;
}

int fs_fix_orphans(fs_ctx *ctx, const fs_fix *fix, int a)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    if (!fix || !an->callee || !an->op.via_wrapper || an->macro || !an->file)
        return 0;
    int removed = 0;
    for (int i = 0; i < fix->nedits; i++) {
        const fs_edit *e = &fix->edits[i];
        if (strcmp(e->file, an->file) == 0 && e->offset <= an->range.begin.offset &&
            e->offset + e->length >= an->range.end.offset && !strstr(e->replacement, an->callee))
            removed = 1;
    }
    if (!removed)
        return 0;
    long len;
    const char *t = fs_ctx_source(ctx, an->file, &len);
    if (!t)
        return 0;
    long decls;
    int uses = fs_word_count(t, len, an->callee, &decls);
    return decls > 0 && uses - decls <= 1;
}

int fs_fix_remove_orphan(fs_ctx *ctx, fs_fix *fix, int a)
{
    const fs_node *an = fs_ctx_node(ctx, a);
    const fs_func *fn = fs_ctx_func(ctx);
    long len;
    const char *t = fs_ctx_source(ctx, an->file, &len);
    if (!t)
        return 0;
    size_t wn = strlen(an->callee);
    long def_b = -1, def_e = -1;
    int defs = 0;
    for (long i = 0; i < len;) {
        long tb, te = fs_ft_token(t, len, i, &tb);
        if (tb >= len)
            break;
        if ((size_t)(te - tb) == wn && memcmp(t + tb, an->callee, wn) == 0) {
            long pb, pe = fs_ft_token(t, len, te, &pb);
            long close = pb < len && pe == pb + 1 && t[pb] == '(' ? fs_ft_match(t, len, pb) : -1;
            long bb;
            if (close > 0)
                fs_ft_token(t, len, close, &bb);
            if (close > 0 && bb < len && t[bb] == '{') {
                long end = fs_ft_match(t, len, bb);
                if (end < 0)
                    return 0;
                /* the definition's first line: `static` on this line or the one before */
                long ls = tb;
                while (ls > 0 && !FS_LEX_EOL(t[ls - 1]))
                    ls--;
                long first = fs_ft_skip_blank(t, len, ls);
                long sb, se = fs_ft_token(t, len, ls, &sb);
                if (!(se - sb == 6 && memcmp(t + sb, "static", 6) == 0) && ls > 0) {
                    long ps = ls - 1;
                    while (ps > 0 && !FS_LEX_EOL(t[ps - 1]))
                        ps--;
                    se = fs_ft_token(t, len, ps, &sb);
                    if (!(se - sb == 6 && memcmp(t + sb, "static", 6) == 0))
                        return 0;
                    first = sb;
                }
                def_b = first;
                def_e = end;
                defs++;
                te = end;
            }
        }
        i = te;
    }
    /* one definition and no prototype, not the function being fixed, not
     * touched by the fix */
    long decls;
    fs_word_count(t, len, an->callee, &decls);
    if (defs != 1 || decls != 1 || (def_b <= fn->range.begin.offset && def_e >= fn->range.end.offset) ||
        (strcmp(fn->name, an->callee) == 0))
        return 0;
    for (int i = 0; i < fix->nedits; i++)
        if (strcmp(fix->edits[i].file, an->file) == 0 && fix->edits[i].offset < def_e &&
            fix->edits[i].offset + fix->edits[i].length > def_b)
            return 0;
    /* whole lines, and the blank line after */
    long b = def_b, e = def_e;
    while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
        b--;
    while (e < len && (t[e] == ' ' || t[e] == '\t' || t[e] == '\r'))
        e++;
    if (e < len && t[e] == '\n')
        e++;
    e = fs_blank_line_end(t, e, len);
    fs_fix_add_edit(fix, an->file, b, e - b, "");
    return 1;
}
