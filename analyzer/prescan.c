/* prescan.c - nesting and macro expansion estimates before libclang (prescan.h). */
#include "prescan.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* --- tokens ------------------------------------------------------------------- */

enum { T_END, T_IDENT, T_PUNCT, T_OTHER, T_NEWLINE };

typedef struct fs_ptok {
    int kind;
    int len;
    const char *p;
} fs_ptok;

typedef struct fs_plex {
    const char *s;
    size_t n, i;
    int bol;       /* nothing but spaces since the last line break */
    int directive; /* inside a # line: its end is a T_NEWLINE */
} fs_plex;

static int fs_is_ident_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80 || c == '$';
}

static int fs_is_ident(unsigned char c)
{
    return fs_is_ident_start(c) || (c >= '0' && c <= '9');
}

/* The next token; inside a directive, its end (a line break not escaped
 * by a backslash) is a T_NEWLINE.  '#' at the start of a line is T_PUNCT
 * with x->directive set. */
static fs_ptok fs_next(fs_plex *x)
{
    const char *s = x->s;
    size_t n = x->n;
    for (;;) {
        if (x->i >= n)
            return (fs_ptok){ T_END, 0, s + n };
        unsigned char c = (unsigned char)s[x->i];
        if (c == '\n') {
            x->i++;
            x->bol = 1;
            if (x->directive) {
                x->directive = 0;
                return (fs_ptok){ T_NEWLINE, 1, s + x->i - 1 };
            }
            continue;
        }
        if (c == '\\' && x->i + 1 < n && (s[x->i + 1] == '\n' || s[x->i + 1] == '\r')) {
            x->i += s[x->i + 1] == '\r' && x->i + 2 < n && s[x->i + 2] == '\n' ? 3 : 2;
            continue; /* a line continued */
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            x->i++;
            continue;
        }
        if (c == '/' && x->i + 1 < n && s[x->i + 1] == '/') {
            while (x->i < n && s[x->i] != '\n')
                x->i++;
            continue;
        }
        if (c == '/' && x->i + 1 < n && s[x->i + 1] == '*') {
            const char *e = x->i + 2 < n ? memmem(s + x->i + 2, n - x->i - 2, "*/", 2) : NULL;
            x->i = e ? (size_t)(e - s) + 2 : n;
            continue;
        }
        break;
    }
    unsigned char c = (unsigned char)s[x->i];
    size_t b = x->i;
    int bol = x->bol;
    x->bol = 0;
    if (c == '#' && bol && !x->directive) {
        x->i++;
        x->directive = 1;
        return (fs_ptok){ T_PUNCT, 1, s + b };
    }
    if (c == '"' || c == '\'') {
        x->i++;
        while (x->i < n && s[x->i] != c && s[x->i] != '\n') {
            if (s[x->i] == '\\' && x->i + 1 < n)
                x->i++;
            x->i++;
        }
        if (x->i < n && s[x->i] == c)
            x->i++;
        return (fs_ptok){ T_OTHER, (int)(x->i - b), s + b };
    }
    if (fs_is_ident_start(c)) {
        while (x->i < n && fs_is_ident((unsigned char)s[x->i]))
            x->i++;
        return (fs_ptok){ T_IDENT, (int)(x->i - b), s + b };
    }
    if ((c >= '0' && c <= '9') || (c == '.' && x->i + 1 < n && s[x->i + 1] >= '0' && s[x->i + 1] <= '9')) {
        x->i++;
        while (x->i < n) {
            unsigned char d = (unsigned char)s[x->i];
            if ((d == '+' || d == '-') && (s[x->i - 1] == 'e' || s[x->i - 1] == 'E' || s[x->i - 1] == 'p' ||
                                           s[x->i - 1] == 'P'))
                x->i++;
            else if (fs_is_ident(d) || d == '.')
                x->i++;
            else
                break;
        }
        return (fs_ptok){ T_OTHER, (int)(x->i - b), s + b };
    }
    /* punctuators: the two-character ones the estimates tell apart */
    static const char *const two[] = { "++", "--", "->", "&&", "||", "==", "!=", "<=", ">=", "+=", "-=",
                                       "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "##" };
    x->i++;
    if (x->i < n)
        for (size_t k = 0; k < sizeof two / sizeof two[0]; k++)
            if (two[k][0] == (char)c && two[k][1] == s[x->i]) {
                x->i++;
                break;
            }
    return (fs_ptok){ T_PUNCT, (int)(x->i - b), s + b };
}

static int fs_tok_is(const fs_ptok *t, const char *s)
{
    return t->len == (int)strlen(s) && memcmp(t->p, s, (size_t)t->len) == 0;
}

/* --- macros ------------------------------------------------------------------- */

typedef struct fs_pmacro {
    const char *name;
    int namelen;
    int nparams;   /* -1: object-like */
    int body, nbody; /* tokens in fs_pscan.toks */
    int params;      /* parameter names: tokens in fs_pscan.toks */
    int state;       /* 0 not computed, 1 computing, 2 done */
    double c, k;     /* expansion: c + k * (size of an argument) tokens */
} fs_pmacro;

typedef struct fs_pscan {
    fs_ptok *toks;
    int ntoks, captoks;
    fs_pmacro *m;
    int nm, capm;
    int *hash; /* open addressing: macro index + 1, 0 empty */
    size_t hcap;
    const char *too_big; /* the macro that expands too far */
    int too_big_len;
    double too_big_size;
} fs_pscan;

static size_t fs_phash(const char *p, int n)
{
    size_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

static int fs_macro_find(const fs_pscan *ps, const char *p, int n)
{
    if (!ps->hcap)
        return -1;
    for (size_t h = fs_phash(p, n) & (ps->hcap - 1);; h = (h + 1) & (ps->hcap - 1)) {
        int v = ps->hash[h];
        if (!v)
            return -1;
        const fs_pmacro *m = &ps->m[v - 1];
        if (m->namelen == n && memcmp(m->name, p, (size_t)n) == 0)
            return v - 1;
    }
}

static void fs_macro_index(fs_pscan *ps, int idx)
{
    if ((size_t)(ps->nm + 1) * 2 > ps->hcap) {
        size_t ncap = ps->hcap ? ps->hcap * 2 : 256;
        free(ps->hash);
        ps->hash = fs_xcalloc(ncap, sizeof *ps->hash);
        ps->hcap = ncap;
        for (int i = 0; i < ps->nm; i++)
            if (i != idx && fs_macro_find(ps, ps->m[i].name, ps->m[i].namelen) < 0) {
                size_t h = fs_phash(ps->m[i].name, ps->m[i].namelen) & (ncap - 1);
                while (ps->hash[h])
                    h = (h + 1) & (ncap - 1);
                ps->hash[h] = i + 1;
            }
    }
    const fs_pmacro *m = &ps->m[idx];
    size_t h = fs_phash(m->name, m->namelen) & (ps->hcap - 1);
    for (;; h = (h + 1) & (ps->hcap - 1)) {
        int v = ps->hash[h];
        if (!v || (ps->m[v - 1].namelen == m->namelen && memcmp(ps->m[v - 1].name, m->name, (size_t)m->namelen) == 0))
            break;
    }
    ps->hash[h] = idx + 1; /* a redefinition replaces the old one */
}

/* Read "#define NAME[(PARAMS)] BODY" after "define". */
static void fs_read_define(fs_pscan *ps, fs_plex *x)
{
    fs_ptok name = fs_next(x);
    if (name.kind != T_IDENT) {
        while (name.kind != T_NEWLINE && name.kind != T_END)
            name = fs_next(x);
        return;
    }
    fs_pmacro m = { name.p, name.len, -1, 0, 0, 0, 0, 0, 0 };
    if (x->i < x->n && x->s[x->i] == '(') {
        fs_next(x); /* ( */
        m.nparams = 0;
        m.params = ps->ntoks;
        for (fs_ptok t = fs_next(x); t.kind != T_NEWLINE && t.kind != T_END && !fs_tok_is(&t, ")"); t = fs_next(x))
            if (t.kind == T_IDENT || fs_tok_is(&t, ".")) {
                /* "..." is __VA_ARGS__ */
                fs_ptok p = t.kind == T_IDENT ? t : (fs_ptok){ T_IDENT, 11, "__VA_ARGS__" };
                if (t.kind != T_IDENT && m.nparams > 0 &&
                    fs_tok_is(&ps->toks[ps->ntoks - 1], "__VA_ARGS__"))
                    continue;
                FS_PUSH(ps->toks, ps->ntoks, ps->captoks, p);
                m.nparams++;
            }
    }
    m.body = ps->ntoks;
    for (fs_ptok t = fs_next(x); t.kind != T_NEWLINE && t.kind != T_END; t = fs_next(x))
        FS_PUSH(ps->toks, ps->ntoks, ps->captoks, t);
    m.nbody = ps->ntoks - m.body;
    FS_PUSH(ps->m, ps->nm, ps->capm, m);
    fs_macro_index(ps, ps->nm - 1);
}

/* --- expansion sizes: c + k * A tokens, A the size of an argument --------------- */

typedef struct fs_lin {
    double c, k;
} fs_lin;

typedef struct fs_pframe {
    int macro;
    int depth;   /* parentheses open inside the argument list */
    fs_lin cur;  /* the argument being read */
    fs_lin most; /* the largest argument so far */
} fs_pframe;

/* Evaluates token sequences: sizes of macro invocations, with an explicit
 * stack for invocations within arguments. */
typedef struct fs_peval {
    fs_pscan *ps;
    const fs_pmacro *self; /* parameters of the macro whose body this is, or NULL */
    fs_pframe *st;
    int nst, capst;
    int pending;  /* a function-like macro's name, waiting for its '(' */
    fs_lin total;
    int level;    /* macros being computed around this one */
    int body;     /* a macro's body (sizes are noted at uses in the code only) */
} fs_peval;

static void fs_macro_size(fs_pscan *ps, int idx, int level);

static void fs_lin_add(fs_peval *e, fs_lin v)
{
    fs_lin *to = e->nst ? &e->st[e->nst - 1].cur : &e->total;
    to->c += v.c;
    to->k += v.k;
}

static void fs_note_size(fs_pscan *ps, const fs_pmacro *m, double size)
{
    if (size > FS_PRESCAN_MAX_EXPANSION && !ps->too_big) {
        ps->too_big = m->name;
        ps->too_big_len = m->namelen;
        ps->too_big_size = size;
    }
}

static void fs_eval_close(fs_peval *e)
{
    fs_pframe f = e->st[--e->nst];
    if (f.cur.c > f.most.c)
        f.most.c = f.cur.c;
    if (f.cur.k > f.most.k)
        f.most.k = f.cur.k;
    const fs_pmacro *m = &e->ps->m[f.macro];
    fs_lin r = { m->c + m->k * f.most.c, m->k * f.most.k };
    if (!e->body)
        fs_note_size(e->ps, m, r.c);
    fs_lin_add(e, r);
}

static void fs_eval_tok(fs_peval *e, const fs_ptok *t)
{
    if (e->pending >= 0) {
        int m = e->pending;
        e->pending = -1;
        if (fs_tok_is(t, "(")) {
            fs_pframe f = { m, 0, { 0, 0 }, { 0, 0 } };
            FS_PUSH(e->st, e->nst, e->capst, f);
            return;
        }
        fs_lin_add(e, (fs_lin){ 1, 0 }); /* the name alone */
    }
    if (t->kind == T_IDENT) {
        if (e->self)
            for (int i = 0; i < e->self->nparams; i++) {
                const fs_ptok *p = &e->ps->toks[e->self->params + i];
                if (p->len == t->len && memcmp(p->p, t->p, (size_t)t->len) == 0) {
                    fs_lin_add(e, (fs_lin){ 0, 1 });
                    return;
                }
            }
        int m = fs_macro_find(e->ps, t->p, t->len);
        if (m >= 0) {
            fs_macro_size(e->ps, m, e->level + 1);
            const fs_pmacro *pm = &e->ps->m[m];
            if (pm->state == 1) {
                fs_lin_add(e, (fs_lin){ 1, 0 }); /* within its own expansion: not expanded again */
            } else if (pm->nparams < 0) {
                if (!e->body)
                    fs_note_size(e->ps, pm, pm->c);
                fs_lin_add(e, (fs_lin){ pm->c, pm->k });
            } else {
                e->pending = m;
            }
            return;
        }
        fs_lin_add(e, (fs_lin){ 1, 0 });
        return;
    }
    if (e->nst && t->kind == T_PUNCT && t->len == 1) {
        fs_pframe *f = &e->st[e->nst - 1];
        if (t->p[0] == '(') {
            f->depth++;
        } else if (t->p[0] == ')') {
            if (f->depth == 0) {
                fs_eval_close(e);
                return;
            }
            f->depth--;
        } else if (t->p[0] == ',' && f->depth == 0) {
            if (f->cur.c > f->most.c)
                f->most.c = f->cur.c;
            if (f->cur.k > f->most.k)
                f->most.k = f->cur.k;
            f->cur = (fs_lin){ 0, 0 };
            return;
        }
    }
    fs_lin_add(e, (fs_lin){ 1, 0 });
}

static fs_lin fs_eval_end(fs_peval *e)
{
    if (e->pending >= 0)
        fs_lin_add(e, (fs_lin){ 1, 0 });
    e->pending = -1;
    while (e->nst)
        fs_eval_close(e); /* an invocation without its ')' */
    free(e->st);
    e->st = NULL;
    e->capst = 0;
    return e->total;
}

static void fs_macro_size(fs_pscan *ps, int idx, int level)
{
    fs_pmacro *m = &ps->m[idx];
    if (m->state)
        return;
    if (level > FS_PRESCAN_MAX_DEPTH) {
        /* macros within macros this deep: too much to tell, so too much */
        m->state = 2;
        m->c = m->k = 1e30;
        return;
    }
    m->state = 1;
    fs_peval e = { ps, m->nparams >= 0 ? m : NULL, NULL, 0, 0, -1, { 0, 0 }, level, 1 };
    for (int i = 0; i < m->nbody; i++)
        fs_eval_tok(&e, &ps->toks[m->body + i]);
    fs_lin r = fs_eval_end(&e);
    m = &ps->m[idx];
    m->c = r.c;
    m->k = r.k;
    m->state = 2;
}

/* --- the scan ----------------------------------------------------------------- */

static int fs_nests(const fs_ptok *t, int prev_operand)
{
    static const char *const kw[] = { "if", "else", "for", "while", "do", "switch", "case", "default" };
    if (t->kind == T_IDENT) {
        for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
            if (fs_tok_is(t, kw[i]))
                return 1;
        return 0;
    }
    if (t->kind != T_PUNCT)
        return 0;
    /* right-associative and prefix operators; a sign or a '*' or '&' only
     * where no operand precedes it */
    static const char *const ops[] = { "!", "~", "++", "--", "?", "=", "+=", "-=", "*=", "/=", "%=",
                                       "&=", "|=", "^=", "(", "[", "{" };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (fs_tok_is(t, ops[i]))
            return 1;
    return !prev_operand && (fs_tok_is(t, "-") || fs_tok_is(t, "+") || fs_tok_is(t, "*") || fs_tok_is(t, "&"));
}

int fs_prescan(const char *text, size_t len, long max_nesting, char **why)
{
    *why = NULL;
    fs_pscan ps;
    memset(&ps, 0, sizeof ps);
    fs_plex x = { text, len, 0, 1, 0 };
    /* first the macros, wherever they are defined */
    for (fs_ptok t = fs_next(&x); t.kind != T_END; t = fs_next(&x)) {
        if (!(t.kind == T_PUNCT && x.directive && t.len == 1 && t.p[0] == '#'))
            continue;
        fs_ptok d = fs_next(&x);
        if (d.kind == T_IDENT && fs_tok_is(&d, "define"))
            fs_read_define(&ps, &x);
        else
            while (d.kind != T_NEWLINE && d.kind != T_END)
                d = fs_next(&x);
    }
    for (int i = 0; i < ps.nm; i++)
        fs_macro_size(&ps, i, 0);
    /* then the code: invocations, and how deep statements and operators nest */
    long run = 0, most = 0;
    int prev_operand = 0, after_end = 0;
    fs_peval e = { &ps, NULL, NULL, 0, 0, -1, { 0, 0 }, 0, 0 };
    x = (fs_plex){ text, len, 0, 1, 0 };
    for (fs_ptok t = fs_next(&x); t.kind != T_END && !ps.too_big; t = fs_next(&x)) {
        if (t.kind == T_PUNCT && x.directive) {
            while (t.kind != T_NEWLINE && t.kind != T_END)
                t = fs_next(&x);
            continue;
        }
        if (ps.nm)
            fs_eval_tok(&e, &t);
        if (after_end && !(t.kind == T_IDENT && fs_tok_is(&t, "else")))
            run = 0; /* a statement ended, and no else continues it */
        after_end = 0;
        if (t.kind == T_PUNCT && (fs_tok_is(&t, ";") || fs_tok_is(&t, "}")))
            after_end = 1;
        else if (t.kind == T_PUNCT && fs_tok_is(&t, ","))
            run = 0;
        else if (fs_nests(&t, prev_operand) && ++run > most)
            most = run;
        prev_operand = t.kind == T_IDENT || t.kind == T_OTHER || fs_tok_is(&t, ")") || fs_tok_is(&t, "]");
    }
    fs_eval_end(&e);
    if (ps.too_big) {
        if (ps.too_big_size >= 1e29)
            *why = fs_xasprintf("macro '%.*s' is defined through more than %d other macros", ps.too_big_len,
                                ps.too_big, FS_PRESCAN_MAX_DEPTH);
        else
            *why = fs_xasprintf("macro '%.*s' expands to about %.3g tokens (more than %.0f)", ps.too_big_len,
                                ps.too_big, ps.too_big_size, FS_PRESCAN_MAX_EXPANSION);
    } else if (most > max_nesting) {
        *why = fs_xasprintf("statements or operators nested about %ld deep (more than %ld)", most, max_nesting);
    }
    free(ps.toks);
    free(ps.m);
    free(ps.hash);
    return *why ? -1 : 0;
}
