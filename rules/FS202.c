/* FS202 stat-then-open: a stat of a path followed by an open of it. */
#include "rules/rulekit.h"
#include "check/fixtext.h"
#include "base/lex.h"

#include <ctype.h>
#include <string.h>

/* Whether the writes right after call node n (what it writes through its
 * arguments) include variable var. */
static int fs202_call_writes(const fs_func *fn, int n, int var)
{
    for (int k = 0; k < 16 && fn->nodes[n].nsucc == 1; k++) {
        n = fn->nodes[n].succ[0].to;
        if (fn->nodes[n].kind != FS_N_WRITE)
            return 0;
        if (fn->nodes[n].var == var)
            return 1;
    }
    return 0;
}

/* The race-free form: stat, open, then fstat the descriptor into another
 * buffer and compare the two (st_dev, st_ino).  The first stat's buffer is
 * read after an fstat() that follows the open; an fstat() into that same
 * buffer is the rewrite half done, no comparison. */
static int fs202_compared_after(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a);
    if (an->buf_var < 0)
        return 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *x = &fn->nodes[n];
        if (x->kind != FS_N_CALL || !x->callee || (strcmp(x->callee, "fstat") != 0 && strcmp(x->callee, "fstat64") != 0))
            continue;
        if (fs202_call_writes(fn, n, an->buf_var))
            continue;
        if (!fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL))
            continue;
        for (int r = 0; r < fn->nnodes; r++)
            if (fn->nodes[r].kind == FS_N_READ && fn->nodes[r].var == an->buf_var &&
                fs_reach(fs_ctx_walk(ctx), n, r, NULL, NULL))
                return 1;
    }
    return 0;
}

/* Is the stat's buffer read inside the open call itself (its mode or flags
 * argument: `open(p, O_RDWR, st.st_mode & 0777)`)?  Not for a wrapper: its
 * other arguments need not reach the open (git's copy_file(dst, src, mode)
 * opens src, and the mode is the new dst's). */
static int fs202_buf_in_args(fs_ctx *ctx, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (bn->op.via_wrapper)
        return 0;
    for (int n = 0; n < fn->nnodes; n++) {
        const fs_node *r = &fn->nodes[n];
        if (r->kind == FS_N_READ && r->var == an->buf_var && r->range.end.offset > 0 &&
            r->range.begin.offset >= bn->range.begin.offset && r->range.end.offset <= bn->range.end.offset)
            return 1;
    }
    return 0;
}


/* --- the fix: open first, then fstat() the descriptor ---------------------
 *
 *     if (stat(p, &st) < 0)            X = open(p, O_RDONLY);
 *         FAIL_A                       if (X < 0)
 *     CHECKS (may return)                  FAIL_A
 *     X = open(p, O_RDONLY);    ==>    if (fstat(X, &st) < 0) {
 *     if (X < 0)                           close(X);
 *         FAIL_B                           FAIL_A
 *                                      }
 *                                      CHECKS (close(X) before each return)
 *
 * The open's own failure branch goes: where the open fails and the stat
 * would not have (an unreadable file), the stat's failure branch runs
 * instead, and the fix says so unless the two branches are the same. */

/* The arguments of the call whose text is [b, e): their ranges (blanks
 * trimmed); the count, or -1. */
static int fs202_args(const char *t, long b, long e, long ab[][2], int max)
{
    long pb;
    long i = fs_ft_token(t, e, b, &pb); /* the callee */
    i = fs_ft_token(t, e, i, &pb);
    if (pb >= e || t[pb] != '(' || fs_ft_match(t, e, pb) != e)
        return -1;
    int n = 0;
    long start = i, depth = 0;
    for (;;) {
        long tb, te = fs_ft_token(t, e, i, &tb);
        if (tb >= e)
            return -1;
        char c = t[tb];
        if (te == tb + 1 && (c == '(' || c == '[' || c == '{'))
            depth++;
        else if (te == tb + 1 && (c == ']' || c == '}'))
            depth--;
        else if (te == tb + 1 && c == ')' && depth > 0)
            depth--;
        if ((te == tb + 1 && c == ',' && depth == 0) || (te == e && c == ')')) {
            if (n == max)
                return -1;
            long s = fs_ft_skip_blank(t, e, start), x = tb;
            while (x > s && isspace((unsigned char)t[x - 1]))
                x--;
            ab[n][0] = s;
            ab[n][1] = x;
            n++;
            start = te;
            if (te == e)
                return n;
        }
        i = te;
    }
}

/* A label (`name:` first in a statement), a case or a preprocessor line in [b, e)? */
static int fs202_has_label(const char *t, long b, long e)
{
    long prev_b = -1, before = -1;
    for (long i = b; i < e;) {
        long tb, te = fs_ft_token(t, e, i, &tb);
        if (tb >= e)
            break;
        if (t[tb] == '#' && fs_ft_first_on_line(t, tb))
            return 1;
        if (fs_ft_is(t, tb, te, "case") || fs_ft_is(t, tb, te, "default"))
            return 1;
        if (te == tb + 1 && t[tb] == ':' && prev_b >= 0 && fs_lex_ident(t[prev_b]) &&
            (before < 0 || strchr(";{}", t[before])))
            return 1;
        before = prev_b;
        prev_b = tb;
        i = te;
    }
    return 0;
}

/* The statement after a conjunct-free `if (COND)`: the text of its body
 * without outer braces, normalised, for comparing two failure branches. */
static char *fs202_body_normal(const char *t, long b, long e)
{
    char *s = fs_ft_normal(t, b, e);
    size_t n = strlen(s);
    if (n >= 2 && s[0] == '{' && s[n - 1] == '}') {
        memmove(s, s + 1, n - 2);
        s[n - 2] = 0;
    }
    return s;
}

/* Does the open's failure test [cb, ce) test X: `X < 0`, `X == -1`, `!X`,
 * `X == NULL`, `NULL == X`, `-1 == X`, `0 > X`? */
static int fs202_fail_test(const char *t, long cb, long ce, const char *x, int ptr)
{
    char *n = fs_ft_normal(t, cb, ce);
    char want[6][160];
    int k = 0;
    if (ptr) {
        snprintf(want[k++], sizeof want[0], "!%s", x);
        snprintf(want[k++], sizeof want[0], "%s==NULL", x);
        snprintf(want[k++], sizeof want[0], "NULL==%s", x);
    } else {
        snprintf(want[k++], sizeof want[0], "%s<0", x);
        snprintf(want[k++], sizeof want[0], "%s==-1", x);
        snprintf(want[k++], sizeof want[0], "-1==%s", x);
        snprintf(want[k++], sizeof want[0], "0>%s", x);
    }
    int ok = 0;
    for (int i = 0; i < k; i++)
        ok |= strcmp(n, want[i]) == 0;
    free(n);
    return ok;
}

/* The close of what the open gave, in the file's spacing ("close (fd)"). */
static char *fs202_close(const char *base, const char *x, int space)
{
    const char *fn = strcmp(base, "fopen") == 0 ? "fclose" : strcmp(base, "opendir") == 0 ? "closedir" : "close";
    return fs_xasprintf("%s%s(%s)", fn, space ? " " : "", x);
}

static char *fs202_fd_expr(const char *base, const char *x, int space)
{
    if (strcmp(base, "fopen") == 0)
        return fs_xasprintf("fileno%s(%s)", space ? " " : "", x);
    if (strcmp(base, "opendir") == 0)
        return fs_xasprintf("dirfd%s(%s)", space ? " " : "", x);
    return fs_xstrdup(x);
}

/* `body` (the text of an if's body, blanks before it included) with CLOSE
 * as its first statement: braces added where it had none. */
static char *fs202_body_with_close(const char *t, long b, long e, const char *close, const char *ind_if,
                                   const char *step, int same_line)
{
    long fb = fs_ft_skip_blank(t, e, b);
    if (fb < e && t[fb] == '{') {
        long first = fs_ft_skip_blank(t, e, fb + 1);
        char *ind = fs_ft_first_on_line(t, first) ? fs_ft_indent(t, first) : fs_xasprintf("%s%s", ind_if, step);
        char *s = fs_xasprintf("%.*s\n%s%s;%.*s", (int)(fb + 1 - b), t + b, ind, close, (int)(e - fb - 1), t + fb + 1);
        free(ind);
        return s;
    }
    /* one statement: its text from fb to e */
    if (same_line)
        return fs_xasprintf(" {\n%s%s%s;\n%s%s%.*s\n%s}", ind_if, step, close, ind_if, step, (int)(e - fb), t + fb,
                            ind_if);
    return fs_xasprintf("\n%s%s{\n%s%s%s%s;\n%s%s%s%.*s\n%s%s}", ind_if, step, ind_if, step, step, close, ind_if, step,
                        step, (int)(e - fb), t + fb, ind_if, step);
}

typedef struct fs202_plan {
    const char *t;
    long len;
    long a_b, a_e, a_cb, a_ce, a_body;   /* the stat's if */
    long b_b, b_e, b_cb, b_ce, b_body;   /* the open's statement (an if when the open is in its condition) */
    long c_b, c_e, c_cb, c_ce, c_body;   /* the open's failure test (c_b < 0: it is b) */
    long fn_b, fn_e;                     /* the function's body */
    char x[128];                         /* what the open gives */
    int ret;                             /* `return OPEN;`: x is a new variable of type decl */
    const char *decl;
} fs202_plan;

/* A name for the new variable that the function does not use yet. */
static void fs202_new_name(const char *t, long b, long e, const char *want, char *out, size_t size)
{
    for (int i = 1; i < 100; i++) {
        if (i == 1)
            snprintf(out, size, "%s", want);
        else
            snprintf(out, size, "%s%d", want, i);
        if (!fs_ft_has_word(t, b, e, out, (long)strlen(out)))
            return;
    }
    out[0] = 0;
}

static int fs202_plan_open(const fs_node *bn, fs202_plan *p)
{
    const char *t = p->t;
    long len = p->len, cb = bn->range.begin.offset, ce = bn->range.end.offset;
    int ptr = bn->op.sense.kind == FS_VAL_PTR;
    if (!fs_ft_statement(t, len, bn->stmt.begin.offset, &p->b_b, &p->b_e, &p->b_cb, &p->b_ce, &p->b_body) ||
        p->b_b != bn->stmt.begin.offset || cb < p->b_b || ce > p->b_e)
        return 0;
    /* a statement of its own: after `;` or a brace (not a declarator after a comma) */
    long pk = fs_ft_prev(t, p->fn_b, p->b_b);
    if (pk < p->fn_b || !strchr(";{}", t[pk]))
        return 0;
    if (p->b_cb >= 0) {
        /* if (!(X = OPEN)), if ((X = OPEN) == NULL), if ((X = OPEN) < 0) */
        if (cb < p->b_cb || ce > p->b_ce)
            return 0;
        long i = p->b_cb, tb, te;
        te = fs_ft_token(t, ce, i, &tb);
        if (te == tb + 1 && t[tb] == '!')
            te = fs_ft_token(t, ce, te, &tb);
        if (!(te == tb + 1 && t[tb] == '('))
            return 0;
        long xb, xe = fs_ft_token(t, ce, te, &xb);
        if (xb >= ce || !fs_lex_ident_start(t[xb]) || xe - xb >= (long)sizeof p->x)
            return 0;
        long eb, ee = fs_ft_token(t, ce, xe, &eb);
        if (!(ee == eb + 1 && t[eb] == '=') || fs_ft_skip_blank(t, ce, ee) != cb)
            return 0;
        memcpy(p->x, t + xb, (size_t)(xe - xb));
        p->x[xe - xb] = 0;
        /* the test with `(X = OPEN)` read as X */
        long close = fs_ft_match(t, p->b_ce, tb);
        if (close < 0)
            return 0;
        char *test = fs_xasprintf("%.*s%s%.*s", (int)(tb - p->b_cb), t + p->b_cb, p->x, (int)(p->b_ce - close), t + close);
        int ok = fs202_fail_test(test, 0, (long)strlen(test), p->x, ptr);
        free(test);
        p->c_b = -1;
        return ok;
    }
    /* return OPEN; */
    long rb, re = fs_ft_token(t, len, p->b_b, &rb);
    if (fs_ft_is(t, rb, re, "return")) {
        if (fs_ft_skip_blank(t, len, re) != cb || fs_ft_skip_blank(t, len, ce) != p->b_e - 1)
            return 0;
        const char *base = bn->op.base;
        int fd = strcmp(base, "open") == 0, dir = strcmp(base, "opendir") == 0;
        p->decl = fd ? "int " : dir ? "DIR *" : "FILE *";
        fs202_new_name(t, p->fn_b, p->fn_e, fd ? "fd" : dir ? "dir" : "fp", p->x, sizeof p->x);
        p->ret = 1;
        p->c_b = -1;
        return p->x[0] != 0;
    }
    /* X = OPEN;  or  TYPE X = OPEN;  then  if (X < 0) FAIL_B */
    long k = cb;
    while (k > p->b_b && isspace((unsigned char)t[k - 1]))
        k--;
    if (k <= p->b_b || t[k - 1] != '=' || (k >= 2 && strchr("=!<>+-*/%&|^", t[k - 2])))
        return 0;
    if (fs_ft_skip_blank(t, len, ce) != p->b_e - 1 || t[p->b_e - 1] != ';')
        return 0;
    long xe = k - 1;
    while (xe > p->b_b && isspace((unsigned char)t[xe - 1]))
        xe--;
    long xb = xe;
    while (xb > p->b_b && fs_lex_ident(t[xb - 1]))
        xb--;
    if (xb == xe || !fs_lex_ident_start(t[xb]) || xe - xb >= (long)sizeof p->x)
        return 0;
    /* what precedes X is a declaration's type (words and `*`) or nothing */
    for (long i = p->b_b; i < xb; i++)
        if (!(fs_lex_ident(t[i]) || isspace((unsigned char)t[i]) || t[i] == '*'))
            return 0;
    memcpy(p->x, t + xb, (size_t)(xe - xb));
    p->x[xe - xb] = 0;
    if (!fs_ft_statement(t, len, p->b_e, &p->c_b, &p->c_e, &p->c_cb, &p->c_ce, &p->c_body) || p->c_cb < 0)
        return 0;
    return fs202_fail_test(t, p->c_cb, p->c_ce, p->x, ptr);
}


/* Does a check turn every non-regular file away before the open: a
 * disjunct `!S_ISREG(BUF.st_mode)` of the stat's own condition, or of an
 * if between whose body leaves (returns or jumps)?  Then O_NONBLOCK keeps a
 * FIFO from blocking the open that now comes first, and changes nothing for
 * the regular files that get past it. */
static int fs202_disjunct_nonreg(const char *t, long cb, long ce, const char *buf, long bufn)
{
    char want[160];
    if (bufn < 2 || bufn > 100)
        return 0;
    /* BUF is `&st` (or `st` for a pointer): the mode is st.st_mode (st->st_mode) */
    if (buf[0] == '&')
        snprintf(want, sizeof want, "!S_ISREG(%.*s.st_mode)", (int)(bufn - 1), buf + 1);
    else
        snprintf(want, sizeof want, "!S_ISREG(%.*s->st_mode)", (int)bufn, buf);
    long start = cb, depth = 0;
    for (long i = cb;;) {
        long tb, te = fs_ft_token(t, ce, i, &tb);
        int end = tb >= ce;
        if (!end && te == tb + 1 && (t[tb] == '(' || t[tb] == '['))
            depth++;
        else if (!end && te == tb + 1 && (t[tb] == ')' || t[tb] == ']'))
            depth--;
        if (end || (depth == 0 && te == tb + 2 && t[tb] == '|' && t[tb + 1] == '|')) {
            char *n = fs_ft_normal(t, start, end ? ce : tb);
            int hit = strcmp(n, want) == 0;
            free(n);
            if (hit)
                return 1;
            if (end)
                return 0;
            start = te;
        }
        i = te;
    }
}

static int fs202_turns_away_fifo(const char *t, const fs202_plan *p, long mid_b, long mid_e, const long buf[2])
{
    char *b = fs_ft_normal(t, buf[0], buf[1]);
    long bn = (long)strlen(b);
    int yes = fs202_disjunct_nonreg(t, p->a_cb, p->a_ce, b, bn);
    for (long i = mid_b; !yes && i < mid_e;) {
        long sb, se, cb, ce, body;
        if (!fs_ft_statement(t, mid_e, i, &sb, &se, &cb, &ce, &body))
            break;
        if (cb >= 0 && fs202_disjunct_nonreg(t, cb, ce, b, bn) &&
            (fs_ft_has_word(t, body, se, "return", 6) || fs_ft_has_word(t, body, se, "goto", 4)))
            yes = 1;
        i = se;
    }
    free(b);
    return yes;
}


/* Where `#include <unistd.h>` goes when the file does not declare close()
 * yet (no include of it, no call of close() anywhere): after the file's
 * last #include line.  -1 when nothing is needed (or no place is found:
 * then 0 is returned through *none). */
static long fs202_unistd_at(const char *t, long len, int *none)
{
    long last = -1;
    *none = 0;
    for (long i = 0; i < len;) {
        long tb, te = fs_ft_token(t, len, i, &tb);
        if (tb >= len)
            break;
        if (fs_ft_is(t, tb, te, "unistd") || (fs_ft_is(t, tb, te, "close") && fs_ft_skip_blank(t, len, te) < len &&
                                               t[fs_ft_skip_blank(t, len, te)] == '('))
            return -1;
        if (t[tb] == '#' && fs_ft_first_on_line(t, tb)) {
            long wb, we = fs_ft_token(t, len, te, &wb);
            long eol = we;
            while (eol < len && !FS_LEX_EOL(t[eol]))
                eol++;
            if (fs_ft_is(t, wb, we, "include")) {
                last = eol < len ? eol + 1 : eol;
                for (long k = we; k + 8 <= eol; k++)
                    if (memcmp(t + k, "unistd.h", 8) == 0)
                        return -1;
            }
            te = eol;
        }
        i = te;
    }
    if (last < 0)
        *none = 1;
    return last;
}

static void fs202_fix(fs_ctx *ctx, fs_finding *f, int a, int b)
{
    const fs_func *fn = fs_ctx_func(ctx);
    const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, b);
    if (an->macro || an->in_macro || bn->macro || bn->in_macro || an->op.via_wrapper || !an->callee || !an->file ||
        !bn->file || strcmp(an->file, bn->file) != 0)
        return;
    int lst = strcmp(an->callee, "lstat") == 0 || strcmp(an->callee, "lstat64") == 0;
    if (!lst && strcmp(an->callee, "stat") != 0 && strcmp(an->callee, "stat64") != 0)
        return;
    const char *base = bn->op.base;
    if (!base || !(strcmp(base, "open") == 0 || strcmp(base, "fopen") == 0 || strcmp(base, "opendir") == 0) ||
        fs_is_creating_open(bn))
        return;
    if (bn->op.via_wrapper && bn->op.sense.kind != (strcmp(base, "open") == 0 ? FS_VAL_FD : FS_VAL_PTR))
        return;
    /* after lstat(), only open() can refuse a symlink (O_NOFOLLOW) */
    if (lst && (bn->op.via_wrapper || strcmp(base, "open") != 0))
        return;
    if (!an->in_if_cond || an->if_has_else || !fs_then_is_failure(ctx, a) ||
        bn->block.begin.offset != an->block.begin.offset || bn->stmt.begin.offset < an->stmt.end.offset)
        return;
    /* the stat's failure branch leaves: it never goes on to the open (it will
     * run where the open fails, and the code after it expects an open file) */
    int then = fs_then_target(ctx, a);
    if (then < 0 || fs_reach(fs_ctx_walk(ctx), then, b, NULL, NULL))
        return;
    /* the code fstat()s the descriptor into the same buffer already: the
     * rewrite would fstat it twice; the stat's checks belong after that one */
    for (int n = 0; an->buf_var >= 0 && n < fn->nnodes; n++)
        if (fn->nodes[n].kind == FS_N_CALL && fn->nodes[n].callee &&
            (strcmp(fn->nodes[n].callee, "fstat") == 0 || strcmp(fn->nodes[n].callee, "fstat64") == 0) &&
            fs202_call_writes(fn, n, an->buf_var) && fs_reach(fs_ctx_walk(ctx), b, n, NULL, NULL)) {
            fs_finding_no_fix(f, "the descriptor is fstat()ed into the same buffer after the open already: drop the "
                                 "stat() and move its checks after that fstat()");
            return;
        }
    fs202_plan p = { 0 };
    p.t = fs_ctx_source(ctx, an->file, &p.len);
    if (!p.t)
        return;
    const char *t = p.t;
    p.fn_b = fn->body.begin.offset;
    p.fn_e = fn->body.end.offset;
    /* if (STAT) FAIL_A  or  if (STAT || MORE) FAIL_A, not after an else */
    if (!fs_ft_statement(t, p.len, an->stmt.begin.offset, &p.a_b, &p.a_e, &p.a_cb, &p.a_ce, &p.a_body) ||
        p.a_b != an->stmt.begin.offset || p.a_cb < 0 || fs_ft_skip_blank(t, p.len, p.a_cb) != an->atom.begin.offset ||
        an->atom.end.offset > p.a_ce)
        return;
    long ob, oe = fs_ft_token(t, p.a_ce, an->atom.end.offset, &ob);
    if (ob < p.a_ce && !(oe == ob + 2 && t[ob] == '|' && t[ob + 1] == '|'))
        return;
    int more = ob < p.a_ce; /* more checks in the condition: they turn files away too */
    long eb = p.a_b;
    while (eb > p.fn_b && isspace((unsigned char)t[eb - 1]))
        eb--;
    if (eb >= p.fn_b + 4 && fs_ft_is(t, eb - 4, eb, "else"))
        return;
    if (!fs202_plan_open(bn, &p))
        return;
    /* a new variable is declared where the stat's statement begins: not
     * after a label (`case 1:`, a label macro), where C takes no declaration */
    long before_a = fs_ft_prev(t, p.fn_b, p.a_b);
    if (p.ret && (before_a < p.fn_b || !strchr(";{}", t[before_a])))
        return;
    long x_n = (long)strlen(p.x);
    long mid_b = p.a_e, mid_e = p.b_b;
    long end_b = p.c_b >= 0 ? p.c_e : p.b_e; /* the end of what goes */
    /* the checks between: no label, case, preprocessor line, break or
     * continue; X unused; nothing the open's other arguments read */
    if (fs202_has_label(t, mid_b, mid_e) || fs202_has_label(t, p.a_body, p.a_e) ||
        (!p.ret && fs202_has_label(t, p.c_b >= 0 ? p.c_body : p.b_body, end_b)))
        return;
    if (fs_ft_has_word(t, mid_b, mid_e, p.x, x_n) || fs_ft_has_word(t, mid_b, mid_e, "break", 5) ||
        fs_ft_has_word(t, mid_b, mid_e, "continue", 8) || fs_ft_has_word(t, mid_b, mid_e, "switch", 6) ||
        fs_ft_has_word(t, mid_b, mid_e, "S_ISLNK", 7) || fs_ft_has_word(t, p.a_cb, p.a_ce, "S_ISLNK", 7))
        return;
    long args[8][2];
    int nargs = fs202_args(t, bn->range.begin.offset, bn->range.end.offset, args, 8);
    long sa[8][2];
    int ns = fs202_args(t, an->range.begin.offset, an->range.end.offset, sa, 8);
    if (nargs < 1 || ns != 2 || bn->path_arg < 0 || bn->path_arg >= nargs)
        return;
    for (int i = 0; i < nargs; i++) {
        if (i == bn->path_arg)
            continue;
        for (long k = args[i][0]; k < args[i][1];) {
            long tb, te = fs_ft_token(t, args[i][1], k, &tb);
            if (tb >= args[i][1])
                break;
            int upper = 1;
            for (long q = tb; q < te; q++)
                upper &= !islower((unsigned char)t[q]);
            if (fs_lex_ident_start(t[tb]) && !upper && fs_ft_has_word(t, mid_b, mid_e, t + tb, te - tb))
                return;
            k = te;
        }
    }
    /* the exits between, in order: each gets a close */
    long exits[64];
    int nexits = 0;
    for (long i = mid_b; i < mid_e;) {
        long tb, te = fs_ft_token(t, mid_e, i, &tb);
        if (tb >= mid_e)
            break;
        if (fs_ft_is(t, tb, te, "return") || fs_ft_is(t, tb, te, "goto")) {
            if (nexits == 64)
                return;
            exits[nexits++] = tb;
            if (fs_ft_is(t, tb, te, "goto")) {
                /* the code after the label must not use X (it would close it again) */
                long lb, le = fs_ft_token(t, mid_e, te, &lb);
                for (long k = p.b_b; k < fn->body.end.offset;) {
                    long kb, ke = fs_ft_token(t, fn->body.end.offset, k, &kb);
                    if (kb >= fn->body.end.offset)
                        break;
                    if (ke - kb == le - lb && memcmp(t + kb, t + lb, (size_t)(le - lb)) == 0) {
                        long cb2, ce2 = fs_ft_token(t, fn->body.end.offset, ke, &cb2);
                        if (ce2 == cb2 + 1 && t[cb2] == ':' &&
                            fs_ft_has_word(t, cb2, fn->body.end.offset, p.x, x_n))
                            return;
                    }
                    k = ke;
                }
            }
        }
        i = te;
    }
    int mid_exits = nexits > 0; /* ways out between other than the stat's failure branch */
    for (int n = 0; n < fn->nnodes && !mid_exits; n++) {
        const fs_node *x = &fn->nodes[n];
        mid_exits = x->kind == FS_N_CALL && x->noreturn && x->range.begin.offset >= mid_b && x->range.end.offset <= mid_e;
    }
    /* the style: spacing before a call's parenthesis, braces, indentation */
    long callee_e = bn->range.begin.offset;
    while (callee_e < bn->range.end.offset && fs_lex_ident(t[callee_e]))
        callee_e++;
    int space = t[callee_e] == ' ';
    int same_line = fs_ft_brace_same_line(t, 0, p.len);
    char *ind_a = fs_ft_indent(t, p.a_b);
    char *step = fs_ft_indent_step(t, an->block.begin.offset, p.a_b);
    int read_only = !(bn->op.open_mode & FS_OPEN_WRITE);
    /* open(): refuse symlinks after lstat(); do not wait on a FIFO that a
     * check turns away (a regular file ignores O_NONBLOCK) */
    char *call;
    int nonblock = 0;
    if (strcmp(base, "open") == 0 && !bn->op.via_wrapper && nargs >= 2) {
        fs_buf flags = { 0 };
        fs_buf_add(&flags, t + args[1][0], (size_t)(args[1][1] - args[1][0]));
        if (lst)
            fs_buf_puts(&flags, " | O_NOFOLLOW");
        nonblock = read_only && (mid_exits || more) && fs202_turns_away_fifo(t, &p, mid_b, mid_e, sa[1]) &&
                   !fs_ft_has_word(t, args[1][0], args[1][1], "O_NONBLOCK", 10);
        if (nonblock)
            fs_buf_puts(&flags, " | O_NONBLOCK");
        call = fs_xasprintf("%.*s%s%.*s", (int)(args[1][0] - bn->range.begin.offset), t + bn->range.begin.offset,
                            flags.s, (int)(bn->range.end.offset - args[1][1]), t + args[1][1]);
        fs_buf_free(&flags);
    } else {
        call = fs_xstrndup(t + bn->range.begin.offset, (size_t)(bn->range.end.offset - bn->range.begin.offset));
    }
    char *fd = fs202_fd_expr(base, p.x, space);
    char *close = fs202_close(base, p.x, space);
    char *fstat_call = fs_xasprintf("fstat%s(%s, %.*s)", space ? " " : "", fd, (int)(sa[1][1] - sa[1][0]), t + sa[1][0]);
    /* the new head: the open (its statement, or its if with the stat's
     * failure branch), then the fstat with the same test */
    fs_buf head = { 0 };
    long bb = p.b_b, be = p.c_b >= 0 || p.ret ? p.b_e : p.b_body;
    if (p.ret) {
        fs_buf_printf(&head, "%s%s = %s;\n%s", p.decl, p.x, call, ind_a);
        fs_buf_add(&head, t + p.a_b, (size_t)(p.a_cb - p.a_b));
        fs_buf_printf(&head, "%s%s", p.x, bn->op.sense.kind == FS_VAL_PTR ? " == NULL" : " < 0");
        fs_buf_add(&head, t + p.a_ce, (size_t)(p.a_body - p.a_ce));
    } else {
        fs_buf_add(&head, t + bb, (size_t)(bn->range.begin.offset - bb));
        fs_buf_puts(&head, call);
        fs_buf_add(&head, t + bn->range.end.offset, (size_t)(be - bn->range.end.offset));
    }
    if (p.c_b >= 0) {
        fs_buf_printf(&head, "\n%s", ind_a);
        fs_buf_add(&head, t + p.c_b, (size_t)(p.c_body - p.c_b));
    }
    fs_buf_add(&head, t + p.a_body, (size_t)(p.a_e - p.a_body));
    fs_buf_printf(&head, "\n%s", ind_a);
    fs_buf_add(&head, t + p.a_b, (size_t)(an->range.begin.offset - p.a_b));
    fs_buf_puts(&head, fstat_call);
    fs_buf_add(&head, t + an->range.end.offset, (size_t)(p.a_body - an->range.end.offset));
    char *body = fs202_body_with_close(t, p.a_body, p.a_e, close, ind_a, step, same_line);
    fs_buf_puts(&head, body);
    free(body);

    /* which states behave otherwise */
    char *fa = fs202_body_normal(t, p.a_body, p.a_e);
    char *fb = p.ret ? fs_xstrdup(bn->op.sense.kind == FS_VAL_PTR ? "return NULL;" : "return-1;")
               : p.c_b >= 0 ? fs202_body_normal(t, p.c_body, p.c_e) : fs202_body_normal(t, p.b_body, p.b_e);
    int fail_same = strcmp(fa, fb) == 0 || (p.ret && bn->op.sense.kind == FS_VAL_PTR && strcmp(fa, "return 0;") == 0);
    FS_FREE(fa, fb);
    fs_buf states = { 0 };
#define FS202_STATE(...) do { fs_buf_puts(&states, states.len ? "; " : ""); fs_buf_printf(&states, __VA_ARGS__); } while (0)
    if (!fail_same || mid_exits)
        FS202_STATE("an unreadable file (run unprivileged, the open fails where the stat succeeded, and the stat's "
                    "failure branch runs instead of the open's)");
    if ((mid_exits || more) && !nonblock && strcmp(base, "opendir") != 0)
        FS202_STATE("a FIFO (the open now waits for a writer before the checks that turned it away)");
    if ((mid_exits || !fail_same) && !read_only && strcmp(base, "fopen") != 0)
        FS202_STATE("a folder (the open for writing fails with EISDIR where the stat succeeded)");
    if ((mid_exits || !fail_same) && !read_only && strcmp(base, "fopen") == 0)
        FS202_STATE("a folder (fopen() for writing fails with EISDIR where the stat succeeded)");
    if ((mid_exits || !fail_same) && strcmp(base, "opendir") == 0)
        FS202_STATE("a file that is not a folder (opendir() fails with ENOTDIR where the stat succeeded)");
    if (lst && (mid_exits || !fail_same))
        FS202_STATE("a symlink (the open with O_NOFOLLOW fails with ELOOP where the lstat() succeeded)");
#undef FS202_STATE
    char name[96];
    fs_call_name(an, name, sizeof name);
    const char *why = nonblock && lst ? " (with O_NOFOLLOW, as the lstat() did not follow a symlink, and O_NONBLOCK, so "
                                        "that a FIFO the checks turn away does not block the open; a regular file "
                                        "ignores it)"
                      : nonblock ? " (with O_NONBLOCK, so that a FIFO the checks turn away does not block the open; a "
                                   "regular file ignores it)"
                      : lst ? " (with O_NOFOLLOW, as the lstat() did not follow a symlink)" : "";
    char *d = states.len
                  ? fs_xasprintf("open '%s' first, then fstat() the descriptor instead of the %s%s; behaves otherwise on: %s",
                                 f->path_expr, name, why, states.s)
                  : fs_xasprintf("open '%s' first, then fstat() the descriptor instead of the %s%s", f->path_expr, name,
                                 why);
    /* each exit between: in a block (a close before it), or the body of an
     * if or else without braces (braces added), and where its statement ends */
    long exit_end[64], exit_after[64];
    int exit_bare[64];
    for (int i = 0; i < nexits; i++) {
        long k = exits[i], pk = fs_ft_prev(t, mid_b, k) + 1, sb, cb2, ce2, body2;
        exit_after[i] = pk;
        char pc = pk > mid_b ? t[pk - 1] : ';';
        exit_bare[i] = !(pc == ';' || pc == '{' || pc == '}');
        if (!fs_ft_statement(t, mid_e, k, &sb, &exit_end[i], &cb2, &ce2, &body2))
            goto done;
    }
    int no_place = 0;
    long unistd = strcmp(base, "open") == 0 ? fs202_unistd_at(t, p.len, &no_place) : -1;
    if (no_place)
        goto done;
    fs_fix *fix = fs_finding_set_fix(f, states.len ? FS_FIX_UNSAFE : FS_FIX_SAFE, d);
    if (unistd >= 0)
        fs_fix_add_edit(fix, an->file, unistd, 0, "#include <unistd.h>\n");
    fs_fix_add_edit(fix, an->file, p.a_b, p.a_e - p.a_b, head.s);
    for (int i = 0; i < nexits; i++) {
        long k = exits[i], re = exit_end[i], pk = exit_after[i];
        long ls = k;
        while (ls > 0 && !FS_LEX_EOL(t[ls - 1]))
            ls--;
        char *ind = fs_ft_indent(t, k);
        if (!exit_bare[i] && fs_ft_first_on_line(t, k)) {
            char *ins = fs_xasprintf("%s%s;\n", ind, close);
            fs_fix_add_edit(fix, an->file, ls, 0, ins);
            free(ins);
        } else if (!exit_bare[i] || !fs_ft_first_on_line(t, k)) {
            char *ins = fs_xasprintf("%s%s; ", exit_bare[i] ? "{ " : "", close);
            fs_fix_add_edit(fix, an->file, k, 0, ins);
            if (exit_bare[i])
                fs_fix_add_edit(fix, an->file, re, 0, " }");
            free(ins);
        } else if (same_line) {
            /* the if's own indentation: the body's, one step less (its
             * condition may end on a line indented otherwise) */
            size_t ni = strlen(ind), ns = strlen(step);
            char *ind_if = ni >= ns && strcmp(ind + ni - ns, step) == 0 ? fs_xstrndup(ind, ni - ns) : fs_ft_indent(t, pk - 1);
            char *ins = fs_xasprintf("%s%s;\n", ind, close), *tail = fs_xasprintf("\n%s}", ind_if);
            fs_fix_add_edit(fix, an->file, pk, 0, " {");
            fs_fix_add_edit(fix, an->file, ls, 0, ins);
            fs_fix_add_edit(fix, an->file, re, 0, tail);
            FS_FREE(ins, tail, ind_if);
        } else {
            char *ins = fs_xasprintf("%s{\n%s%s%s;\n%s", ind, ind, step, close, step), *tail = fs_xasprintf("\n%s}", ind);
            fs_fix_add_edit(fix, an->file, ls, 0, ins);
            fs_fix_add_edit(fix, an->file, re, 0, tail);
            FS_FREE(ins, tail);
        }
        free(ind);
    }
    /* the open and its failure test go; `return OPEN;` returns what was opened */
    if (p.ret)
        fs_fix_replace_call(ctx, fix, b, p.x);
    else
        fs_fix_delete_range(ctx, fix, b, p.b_b, end_b);
done:
    free(d);
    fs_buf_free(&head);
    fs_buf_free(&states);
    FS_FREE(ind_a, step, call, fd, close, fstat_call);
}

static int fs202_first(fs_ctx *ctx, int a)
{
    return fs_is_stat_probe(fs_ctx_node(ctx, a)) && fs_result_tested(ctx, a);
}

static int fs202_second(fs_ctx *ctx, int a, int b)
{
    const fs_node *bn = fs_ctx_node(ctx, b);
    int creating = fs_is_creating_open(bn);
    if (bn->op.kind != FS_OP_OPEN && !creating)
        return 0;
    int how = fs_outcome_reach(fs_ctx_walk(ctx), a, b);
    /* an open that may create counts on the stat's success outcome alone */
    if (creating ? !(how & FS_REACH_SUCC_ONLY) : !(how & FS_REACH) || (how & FS_REACH_FAIL_ONLY))
        return 0;
    return !fs202_compared_after(ctx, a, b) && !fs202_buf_in_args(ctx, a, b);
}

static void fs202_report(fs_ctx *ctx, fs_finding *f, int a, int b, const fs_pair_names *n)
{
    if (fs_is_creating_open(fs_ctx_node(ctx, b))) {
        f->message = fs_xasprintf("stat before open is a race (CWE-367): '%s' can change between %s and %s on "
                                  "line %d, which may create or truncate what is there then; open it first without "
                                  "creating or truncating, fstat() the descriptor and act on what it says",
                                  f->path_expr, n->first, n->second, n->line);
        return;
    }
    f->message = fs_xasprintf("stat before open is a race (CWE-367): '%s' can change between %s and %s "
                              "on line %d; open it first, then fstat() the descriptor%s",
                              f->path_expr, n->first, n->second, n->line,
                              fs_ctx_node(ctx, a)->op.follows == 0
                                  ? " (with O_NOFOLLOW, as the lstat() did not follow links)" : "");
}

FS_PAIR_RULE(fs_rule_fs202, "FS202", "stat-then-open",
             "stat() of a path before opening it: open first and fstat() the descriptor",
             "warning", 367, .first = fs202_first, .second = fs202_second, .verb = "is opened by",
             .report = fs202_report, .fix = fs202_fix, .on = FS_OUT_SUCC);
