/* prescan.c - nesting and macro expansion estimates before libclang (prescan.h). */
#include "frontend/prescan.h"
#include "base/source.h"
#include "base/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
        if (fs_eol(s, (long)n, (long)x->i)) {
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
            while (x->i < n && !fs_eol(s, (long)n, (long)x->i))
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
        while (x->i < n && s[x->i] != c && !fs_eol(s, (long)n, (long)x->i)) {
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
    /* punctuators: the two-character ones the estimates tell apart (++ --
     * -> && || == != <= >= += -= *= /= %= &= |= ^= << >> ##) */
    x->i++;
    if (x->i < n) {
        char d = s[x->i];
        if ((d == '=' && memchr("=!<>+-*/%&|^", c, 12)) || (d == (char)c && memchr("+-&|<>#", c, 7)) ||
            (c == '-' && d == '>'))
            x->i++;
    }
    return (fs_ptok){ T_PUNCT, (int)(x->i - b), s + b };
}

static inline int fs_tok_is(const fs_ptok *t, const char *s)
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
    const char *p = t->p;
    if (t->kind == T_IDENT) {
        /* if, else, for, while, do, switch, case, default */
        switch (t->len) {
        case 2: return (p[0] == 'i' && p[1] == 'f') || (p[0] == 'd' && p[1] == 'o');
        case 3: return memcmp(p, "for", 3) == 0;
        case 4: return memcmp(p, "else", 4) == 0 || memcmp(p, "case", 4) == 0;
        case 5: return memcmp(p, "while", 5) == 0;
        case 6: return memcmp(p, "switch", 6) == 0;
        case 7: return memcmp(p, "default", 7) == 0;
        default: return 0;
        }
    }
    if (t->kind != T_PUNCT)
        return 0;
    /* right-associative and prefix operators (! ~ ++ -- ? = and the compound
     * assignments, ( [ {); a sign or a '*' or '&' only where no operand
     * precedes it */
    if (t->len == 1)
        switch (p[0]) {
        case '!': case '~': case '?': case '=': case '(': case '[': case '{': return 1;
        case '-': case '+': case '*': case '&': return !prev_operand;
        default: return 0;
        }
    return (p[0] == '+' && p[1] == '+') || (p[0] == '-' && p[1] == '-') ||
           (p[1] == '=' && memchr("+-*/%&|^", p[0], 8) != NULL);
}

/* The next '#' at or after i that starts a directive: nothing but blanks
 * before it on its line; n when there is none.  Comments are not looked
 * at: a directive in one is taken too, at the cost of a look at a header,
 * or of a macro that no code uses. */
static size_t fs_next_directive(const char *s, size_t n, size_t i)
{
    for (;;) {
        const char *h = i < n ? memchr(s + i, '#', n - i) : NULL;
        if (!h)
            return n;
        size_t k = (size_t)(h - s), b = k;
        while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t'))
            b--;
        if (b == 0 || s[b - 1] == '\n' || s[b - 1] == '\r')
            return k;
        i = k + 1;
    }
}

/* What the directives of a text name: its #include lines (include: called
 * with the name, 1 for <...>, and the offset of the name), and its #define
 * lines into ps (when ps is given). */
typedef void fs_pinclude(void *arg, const char *name, int angled, size_t at);

static void fs_pdirectives(fs_pscan *ps, const char *s, size_t n, fs_pinclude *include, void *arg)
{
    for (size_t i = fs_next_directive(s, n, 0); i < n; i = fs_next_directive(s, n, i)) {
        fs_plex x = { s, n, i + 1, 0, 1 };
        fs_ptok d = fs_next(&x);
        if (d.kind == T_IDENT && fs_tok_is(&d, "define") && ps) {
            fs_read_define(ps, &x); /* to the end of its line */
            i = x.i;
            continue;
        }
        if (d.kind == T_IDENT && include &&
                   (fs_tok_is(&d, "include") || fs_tok_is(&d, "include_next") || fs_tok_is(&d, "import"))) {
            size_t b = x.i;
            while (b < n && (s[b] == ' ' || s[b] == '\t'))
                b++;
            char close = b < n && s[b] == '<' ? '>' : b < n && s[b] == '"' ? '"' : 0;
            size_t e = ++b;
            while (close && e < n && s[e] != close && !fs_eol(s, (long)n, (long)e))
                e++;
            if (close && e < n && s[e] == close && e > b) {
                char *name = fs_xstrndup(s + b, e - b);
                include(arg, name, close == '>', b);
                free(name);
            }
        }
        /* on past the directive's line */
        while (d.kind != T_NEWLINE && d.kind != T_END)
            d = fs_next(&x);
        i = x.i;
    }
}

/* The texts of a unit, in the order their macros are defined. */
typedef struct fs_ptext {
    const char *text;
    size_t len;
} fs_ptext;

/* The code of the texts, with the macros of ps: invocations, and how deep
 * statements and operators nest.  Frees ps. */
static int fs_pcode(fs_pscan *ps, const fs_ptext *texts, int ntexts, long max_nesting, char **why)
{
    *why = NULL;
    for (int i = 0; i < ps->nm; i++)
        fs_macro_size(ps, i, 0);
    long most = 0;
    for (int f = 0; f < ntexts && !ps->too_big; f++) {
        long run = 0;
        int prev_operand = 0, after_end = 0;
        fs_peval e = { ps, NULL, NULL, 0, 0, -1, { 0, 0 }, 0, 0 };
        fs_plex x = { texts[f].text, texts[f].len, 0, 1, 0 };
        for (fs_ptok t = fs_next(&x); t.kind != T_END && !ps->too_big; t = fs_next(&x)) {
            if (t.kind == T_PUNCT && x.directive) {
                while (t.kind != T_NEWLINE && t.kind != T_END)
                    t = fs_next(&x);
                continue;
            }
            if (ps->nm)
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
    }
    if (ps->too_big) {
        if (ps->too_big_size >= 1e29)
            *why = fs_xasprintf("macro '%.*s' is defined through more than %d other macros", ps->too_big_len,
                                ps->too_big, FS_PRESCAN_MAX_DEPTH);
        else
            *why = fs_xasprintf("macro '%.*s' expands to about %.3g tokens (more than %.0f)", ps->too_big_len,
                                ps->too_big, ps->too_big_size, FS_PRESCAN_MAX_EXPANSION);
    } else if (most > max_nesting) {
        *why = fs_xasprintf("statements or operators nested about %ld deep (more than %ld)", most, max_nesting);
    }
    free(ps->toks);
    free(ps->m);
    free(ps->hash);
    return *why ? -1 : 0;
}

int fs_prescan(const char *text, size_t len, long max_nesting, char **why)
{
    fs_pscan ps;
    memset(&ps, 0, sizeof ps);
    fs_pdirectives(&ps, text, len, NULL, NULL);
    fs_ptext t = { text, len };
    return fs_pcode(&ps, &t, 1, max_nesting, why);
}

/* --- the headers of a unit ------------------------------------------------------- */

/* What stat said of each path a unit's #include looked at, once per
 * process: the units of a project include the same headers (and look for
 * <stdio.h> in the same folders) again and again.  Shared by the threads.
 * The headers' texts come from the source store (base/source.h). */
typedef struct fs_pseen {
    char *path;
    int found; /* stat succeeded */
    struct stat st;
} fs_pseen;

static pthread_mutex_t fs_pseen_lock = PTHREAD_MUTEX_INITIALIZER;
static fs_pseen *fs_pseen_v; /* open addressing by path */
static size_t fs_pseen_n, fs_pseen_cap;

static fs_pseen *fs_pseen_get(const char *path) /* with the lock held */
{
    if (2 * (fs_pseen_n + 1) > fs_pseen_cap) {
        size_t cap = fs_pseen_cap ? 2 * fs_pseen_cap : 1024;
        fs_pseen *v = fs_xcalloc(cap, sizeof *v);
        for (size_t i = 0; i < fs_pseen_cap; i++)
            if (fs_pseen_v[i].path) {
                size_t k = fs_fnv32(fs_pseen_v[i].path, strlen(fs_pseen_v[i].path)) & (cap - 1);
                while (v[k].path)
                    k = (k + 1) & (cap - 1);
                v[k] = fs_pseen_v[i];
            }
        free(fs_pseen_v);
        fs_pseen_v = v;
        fs_pseen_cap = cap;
    }
    size_t k = fs_fnv32(path, strlen(path)) & (fs_pseen_cap - 1);
    while (fs_pseen_v[k].path && strcmp(fs_pseen_v[k].path, path) != 0)
        k = (k + 1) & (fs_pseen_cap - 1);
    if (!fs_pseen_v[k].path) {
        fs_pseen_v[k].path = fs_xstrdup(path);
        fs_pseen_v[k].found = stat(path, &fs_pseen_v[k].st) == 0;
        fs_pseen_n++;
    }
    return &fs_pseen_v[k];
}

/* stat(path), as first asked in this process. */
static int fs_pstat(const char *path, struct stat *st)
{
    pthread_mutex_lock(&fs_pseen_lock);
    const fs_pseen *e = fs_pseen_get(path);
    int found = e->found;
    if (found)
        *st = e->st;
    pthread_mutex_unlock(&fs_pseen_lock);
    return found ? 0 : -1;
}

typedef struct fs_pfile {
    char *path;
    char *text; /* NULL for the main file (not ours) */
    const char *t;
    size_t n;
    dev_t dev;
    ino_t ino;
} fs_pfile;

typedef struct fs_punit {
    const char **quote;  /* -iquote: for "..." only */
    int nquote, capquote;
    const char **any;    /* -I, -isystem, -idirafter: for both forms, in that order */
    int nany, capany;
    const char **forced; /* -include, -imacros */
    int nforced, capforced;
    fs_pfile *v;         /* the main file, then each header found, once */
    int n, cap;
    size_t total;        /* bytes read */
    int cur;             /* the file whose directives are read */
    size_t counted;      /* its lines counted up to here */
    int line;
    char *dir;           /* its folder */
    char *why;
} fs_punit;

/* The value of option name in args[*i] ("-Idir" or "-I dir"), or NULL. */
static const char *fs_popt(const char *const *args, int nargs, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(args[*i], name, n) != 0)
        return NULL;
    if (args[*i][n])
        return args[*i] + n;
    if (*i + 1 < nargs)
        return args[++*i];
    return NULL;
}

static void fs_pdirs_of(const char *const *args, int nargs, fs_punit *u)
{
    const char **sys = NULL, **after = NULL;
    int nsys = 0, capsys = 0, nafter = 0, capafter = 0;
    for (int i = 0; i < nargs; i++) {
        const char *v;
        if ((v = fs_popt(args, nargs, &i, "-iquote")))
            FS_PUSH(u->quote, u->nquote, u->capquote, v);
        else if ((v = fs_popt(args, nargs, &i, "-isystem")))
            FS_PUSH(sys, nsys, capsys, v);
        else if ((v = fs_popt(args, nargs, &i, "-idirafter")))
            FS_PUSH(after, nafter, capafter, v);
        else if ((v = fs_popt(args, nargs, &i, "-include")) || (v = fs_popt(args, nargs, &i, "-imacros")))
            FS_PUSH(u->forced, u->nforced, u->capforced, v);
        else if ((v = fs_popt(args, nargs, &i, "-I")))
            FS_PUSH(u->any, u->nany, u->capany, v);
    }
    for (int i = 0; i < nsys; i++)
        FS_PUSH(u->any, u->nany, u->capany, sys[i]);
    for (int i = 0; i < nafter; i++)
        FS_PUSH(u->any, u->nany, u->capany, after[i]);
    free(sys);
    free(after);
}

/* Where the preprocessor would look for name: the includer's folder (for
 * "..." only), the -iquote folders (likewise), then the others.  Returns
 * the first candidate that exists and is no folder (to free), with its
 * stat in *st; NULL when none does. */
static char *fs_pfind(const fs_punit *u, const char *name, int angled, const char *from_dir, struct stat *st)
{
    int ndirs = (angled ? 0 : 1 + u->nquote) + u->nany;
    for (int k = name[0] == '/' ? -1 : 0; k < ndirs; k++) {
        const char *dir;
        if (k < 0)
            dir = NULL;
        else if (!angled && k == 0)
            dir = from_dir;
        else if (!angled && k <= u->nquote)
            dir = u->quote[k - 1];
        else
            dir = u->any[k - (angled ? 0 : 1 + u->nquote)];
        char *p = dir && strcmp(dir, ".") != 0 ? fs_xasprintf("%s/%s", dir, name) : fs_xstrdup(name);
        if (fs_pstat(p, st) == 0 && !S_ISDIR(st->st_mode))
            return p;
        free(p);
        if (k < 0)
            break;
    }
    return NULL;
}

/* Take the file at p (stat st) unless seen; u->why when it is no regular
 * file. */
static void fs_padd(fs_punit *u, char *p, const struct stat *st, const char *from, int line)
{
    for (int i = 0; i < u->n; i++)
        if (u->v[i].dev == st->st_dev && u->v[i].ino == st->st_ino) {
            free(p);
            return;
        }
    const char *what = !S_ISREG(st->st_mode)                  ? "is not a regular file"
                       : st->st_size > FS_PRESCAN_MAX_HEADER ? "is over 16 MiB"
                                                              : NULL;
    if (what) {
        /* a FIFO blocks the parser, a device or a huge file feeds it for
         * ever or nearly */
        u->why = from ? fs_xasprintf("'%s' (included from %s:%d) %s", p, from, line, what)
                      : fs_xasprintf("'%s' (included by the flags) %s", p, what);
        free(p);
        return;
    }
    long len = 0;
    const char *why;
    char *text = NULL;
    if (u->n < FS_PRESCAN_MAX_FILES && u->total + (size_t)st->st_size <= FS_PRESCAN_MAX_BYTES)
        text = fs_source_read(p, &len, &why, NULL);
    if (!text) {
        free(p); /* unreadable (the parser will say so), or enough read */
        return;
    }
    u->total += (size_t)len;
    fs_pfile f = { p, text, text, (size_t)len, st->st_dev, st->st_ino };
    FS_PUSH(u->v, u->n, u->cap, f);
}

static void fs_pinclude_found(void *arg, const char *name, int angled, size_t at)
{
    fs_punit *u = arg;
    struct stat st;
    if (u->why)
        return;
    char *p = fs_pfind(u, name, angled, u->dir, &st);
    if (!p)
        return;
    const fs_pfile *f = &u->v[u->cur];
    for (; u->counted < at; u->counted++)
        u->line += fs_eol(f->t, (long)f->n, (long)u->counted);
    fs_padd(u, p, &st, f->path, u->line);
}

int fs_prescan_unit(const char *path, const char *text, size_t len, const char *const *args, int nargs,
                    long max_nesting, char **why)
{
    fs_punit u;
    memset(&u, 0, sizeof u);
    fs_pdirs_of(args, nargs, &u);
    u.total = len;
    struct stat st;
    if (stat(path, &st) != 0)
        memset(&st, 0, sizeof st); /* an unsaved file */
    fs_pfile self = { fs_xstrdup(path), NULL, text, len, st.st_dev, st.st_ino };
    FS_PUSH(u.v, u.n, u.cap, self);
    for (int i = 0; i < u.nforced && !u.why; i++) {
        char *p = fs_pfind(&u, u.forced[i], 0, ".", &st);
        if (p)
            fs_padd(&u, p, &st, NULL, 0);
    }
    /* the headers, breadth first, with their macros; the main file's last */
    fs_pscan ps;
    memset(&ps, 0, sizeof ps);
    for (int i = 0; i < u.n && !u.why; i++) {
        u.cur = i;
        u.counted = 0;
        u.line = 1;
        u.dir = fs_xstrdup(u.v[i].path);
        char *slash = strrchr(u.dir, '/');
        if (slash == u.dir)
            slash[1] = '\0';
        else if (slash)
            *slash = '\0';
        else
            strcpy(u.dir, ".");
        fs_pdirectives(i > 0 ? &ps : NULL, u.v[i].t, u.v[i].n, fs_pinclude_found, &u);
        free(u.dir);
    }
    int rc = -1;
    if (u.why) {
        *why = u.why;
        free(ps.toks);
        free(ps.m);
        free(ps.hash);
    } else {
        fs_pdirectives(&ps, text, len, NULL, NULL);
        fs_ptext *texts = fs_xmalloc(sizeof *texts * (size_t)u.n);
        for (int i = 1; i < u.n; i++)
            texts[i - 1] = (fs_ptext){ u.v[i].t, u.v[i].n };
        texts[u.n - 1] = (fs_ptext){ text, len };
        rc = fs_pcode(&ps, texts, u.n, max_nesting, why);
        free(texts);
    }
    for (int i = 0; i < u.n; i++)
        FS_FREE(u.v[i].path, u.v[i].text);
    FS_FREE(u.v, u.quote, u.any, u.forced);
    return u.why ? -1 : rc;
}
