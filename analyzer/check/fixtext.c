/* fixtext.c - reading C text for the rewrites that move statements. */
#include "check/fixtext.h"
#include "base/lex.h"
#include "base/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int fs_ft_comment_at(const char *t, long len, long i)
{
    return i + 1 < len && t[i] == '/' && (t[i + 1] == '*' || t[i + 1] == '/');
}

long fs_ft_skip_blank(const char *t, long len, long i)
{
    while (i < len) {
        if (isspace((unsigned char)t[i]))
            i++;
        else if (fs_ft_comment_at(t, len, i))
            i = fs_lex_skip(t, len, i);
        else if (t[i] == '\\' && fs_lex_continues(t, i, len))
            i += fs_lex_continues(t, i, len);
        else
            break;
    }
    return i;
}

long fs_ft_token(const char *t, long len, long i, long *tb)
{
    i = fs_ft_skip_blank(t, len, i);
    *tb = i;
    if (i >= len)
        return len;
    if (fs_lex_ident(t[i])) {
        while (i < len && fs_lex_ident(t[i]))
            i++;
        return i;
    }
    if (t[i] == '"' || t[i] == '\'') {
        long e = fs_lex_skip(t, len, i);
        return e > i ? e : i + 1;
    }
    static const char two[][3] = { "&&", "||", "==", "!=", "<=", ">=", "->", "++", "--" };
    for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
        if (i + 1 < len && t[i] == two[k][0] && t[i + 1] == two[k][1])
            return i + 2;
    return i + 1;
}

long fs_ft_prev(const char *t, long lo, long p)
{
    for (;;) {
        while (p > lo && isspace((unsigned char)t[p - 1]))
            p--;
        if (p - 2 >= lo && t[p - 1] == '/' && t[p - 2] == '*') {
            long k = p - 2;
            while (k - 1 >= lo && !(t[k - 1] == '/' && t[k] == '*'))
                k--;
            if (k - 1 < lo)
                return lo - 1;
            p = k - 1;
            continue;
        }
        /* a // comment on this line (no quote before it) */
        long ls = p;
        while (ls > lo && !FS_LEX_EOL(t[ls - 1]))
            ls--;
        long cut = -1;
        for (long k = ls; k + 1 < p; k++) {
            if (t[k] == '"' || t[k] == '\'')
                break;
            if (t[k] == '/' && t[k + 1] == '/') {
                cut = k;
                break;
            }
        }
        if (cut >= 0) {
            p = cut;
            continue;
        }
        return p - 1 >= lo ? p - 1 : lo - 1;
    }
}

long fs_ft_match(const char *t, long len, long i)
{
    char stack[256];
    int sp = 0;
    while (i < len) {
        long tb, te = fs_ft_token(t, len, i, &tb);
        if (tb >= len)
            return -1;
        char c = t[tb];
        if (te == tb + 1 && (c == '(' || c == '[' || c == '{')) {
            if (sp == (int)sizeof stack)
                return -1;
            stack[sp++] = c == '(' ? ')' : c == '[' ? ']' : '}';
        } else if (te == tb + 1 && (c == ')' || c == ']' || c == '}')) {
            if (sp == 0 || stack[sp - 1] != c)
                return -1;
            if (--sp == 0)
                return te;
        } else if (sp == 0) {
            return -1;
        }
        i = te;
    }
    return -1;
}

int fs_ft_has_word(const char *t, long b, long e, const char *w, long wn)
{
    for (long i = b; i < e;) {
        long tb, te = fs_ft_token(t, e, i, &tb);
        if (tb >= e)
            break;
        if (te - tb == wn && memcmp(t + tb, w, (size_t)wn) == 0)
            return 1;
        i = te;
    }
    return 0;
}

int fs_ft_static_at(const char *t, long tb)
{
    long ls = tb;
    int lines = 0;
    while (ls > 0 && lines < 2) {
        if (FS_LEX_EOL(t[ls - 1]))
            lines++;
        if (lines < 2)
            ls--;
    }
    for (long k = ls; k + 6 <= tb; k++)
        if (memcmp(t + k, "static", 6) == 0 && (k == 0 || !fs_lex_ident(t[k - 1])) && !fs_lex_ident(t[k + 6]))
            return 1;
    return 0;
}

int fs_ft_is(const char *t, long b, long e, const char *word)
{
    size_t n = strlen(word);
    return e - b == (long)n && memcmp(t + b, word, n) == 0;
}

long fs_ft_stmt_end(const char *t, long len, long e)
{
    long se = e;
    while (se < len && (t[se] == ' ' || t[se] == '\t'))
        se++;
    if (se < len && t[se] == ';' && e > 0 && t[e - 1] != ';' && t[e - 1] != '}')
        return se + 1;
    return e;
}

/* From i to the `;` that ends a simple statement (brackets balanced): the
 * offset after it, or -1. */
static long fs_ft_to_semicolon(const char *t, long len, long i)
{
    while (i < len) {
        long tb, te = fs_ft_token(t, len, i, &tb);
        if (tb >= len)
            return -1;
        char c = t[tb];
        if (te == tb + 1 && (c == '(' || c == '[' || c == '{')) {
            te = fs_ft_match(t, len, tb);
            if (te < 0)
                return -1;
        } else if (te == tb + 1 && (c == ')' || c == ']' || c == '}' || c == '#')) {
            return -1;
        } else if (te == tb + 1 && c == ';') {
            return te;
        }
        i = te;
    }
    return -1;
}

static int fs_ft_compound_keyword(const char *t, long b, long e)
{
    static const char *const kw[] = { "if", "else", "for", "while", "do", "switch", "case", "default" };
    for (size_t k = 0; k < sizeof kw / sizeof kw[0]; k++)
        if (fs_ft_is(t, b, e, kw[k]))
            return 1;
    return 0;
}

int fs_ft_statement(const char *t, long len, long i, long *b, long *e, long *cb, long *ce, long *body)
{
    long tb, te = fs_ft_token(t, len, i, &tb);
    *cb = *ce = *body = -1;
    if (tb >= len)
        return 0;
    *b = tb;
    if (fs_ft_is(t, tb, te, "if")) {
        long pb, pe = fs_ft_token(t, len, te, &pb);
        if (pb >= len || pe != pb + 1 || t[pb] != '(')
            return 0;
        long close = fs_ft_match(t, len, pb);
        if (close < 0)
            return 0;
        *cb = pb + 1;
        *ce = close - 1;
        *body = close;
        long sb, se = fs_ft_token(t, len, close, &sb);
        if (sb >= len)
            return 0;
        long end;
        if (se == sb + 1 && t[sb] == '{')
            end = fs_ft_match(t, len, sb);
        else if (fs_ft_compound_keyword(t, sb, se) || (se == sb + 1 && t[sb] == '#'))
            return 0;
        else
            end = fs_ft_to_semicolon(t, len, sb);
        if (end < 0)
            return 0;
        long nb, ne = fs_ft_token(t, len, end, &nb);
        if (nb < len && fs_ft_is(t, nb, ne, "else"))
            return 0;
        *e = end;
        return 1;
    }
    if (fs_ft_compound_keyword(t, tb, te) || (te == tb + 1 && strchr("{}#;", t[tb])))
        return 0;
    long end = fs_ft_to_semicolon(t, len, tb);
    if (end < 0)
        return 0;
    *e = end;
    return 1;
}

char *fs_ft_indent(const char *t, long p)
{
    long s = p;
    while (s > 0 && !FS_LEX_EOL(t[s - 1]))
        s--;
    long k = s;
    while (t[k] == ' ' || t[k] == '\t')
        k++;
    return fs_xstrndup(t + s, (size_t)(k - s));
}

int fs_ft_first_on_line(const char *t, long p)
{
    while (p > 0 && (t[p - 1] == ' ' || t[p - 1] == '\t'))
        p--;
    return p == 0 || FS_LEX_EOL(t[p - 1]);
}

char *fs_ft_indent_step(const char *t, long outer, long inner)
{
    char *o = fs_ft_indent(t, outer), *in = fs_ft_indent(t, inner);
    size_t no = strlen(o), ni = strlen(in);
    char *step;
    if (ni > no && strncmp(in, o, no) == 0)
        step = fs_xstrdup(in + no);
    else
        step = fs_xstrdup("\t");
    free(o);
    free(in);
    return step;
}

int fs_ft_brace_same_line(const char *t, long b, long e)
{
    int same = 0, own = 0;
    for (long i = b; i < e;) {
        long tb, te = fs_ft_token(t, e, i, &tb);
        if (tb >= e)
            break;
        if (fs_ft_is(t, tb, te, "if")) {
            long pb, pe = fs_ft_token(t, e, te, &pb);
            if (pb < e && pe == pb + 1 && t[pb] == '(') {
                long close = fs_ft_match(t, e, pb);
                if (close > 0) {
                    long bb;
                    fs_ft_token(t, e, close, &bb);
                    if (bb < e && t[bb] == '{') {
                        int nl = 0;
                        for (long k = close; k < bb; k++)
                            nl |= FS_LEX_EOL(t[k]);
                        nl ? own++ : same++;
                    }
                    te = close;
                }
            }
        }
        i = te;
    }
    return same >= own;
}

char *fs_ft_normal(const char *t, long b, long e)
{
    fs_buf out = { 0 };
    int prev_word = 0;
    for (long i = b; i < e;) {
        long tb, te = fs_ft_token(t, e, i, &tb);
        if (tb >= e)
            break;
        int word = fs_lex_ident(t[tb]);
        if (word && prev_word)
            fs_buf_add(&out, " ", 1);
        fs_buf_add(&out, t + tb, (size_t)(te - tb));
        prev_word = word;
        i = te;
    }
    if (!out.s)
        return fs_xstrdup("");
    return out.s;
}
