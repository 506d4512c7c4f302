/* ixscan.c - the index's text scan of functions and macros, and which may have summaries. */
#include "frontend/ixscan.h"
#include "ir/calls.h"
#include "base/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum {
    XS_KW = 1,     /* a C keyword: not a name */
    XS_P = 2,      /* a library call with a path, or one that changes files */
    XS_UNUSED = 4,
    XS_COPIES = 8, /* a library call writing its first argument from the others (strcpy, snprintf) */
    XS_TAG = 16,   /* struct, union, enum: the next name is a tag */
    XS_CHG = 32,   /* a library call that may change some file, or lets time pass */
    XS_RO = 64     /* an object-like macro of the project that may matter (any use of it counts) */
};
enum { /* flags2 */
    XS_DEF = 1,    /* the project defines a function or function-like macro of the name */
    XS_LRO = 2,    /* while a file is looked at: an object-like macro of its own that may matter */
    XS_OWN = 4,    /* while a file is looked at: a function or function-like macro of its own */
    XS_OWNREL = 8  /* ... which may have summaries */
};

struct fs_xs {
    char **names;
    unsigned char *flags;
    unsigned char *flags2;
    int n, cap;
    int *slots; /* id + 1, 0 empty */
    int capslots;
    int *ids, nids, capids;     /* scratch: the current body's names */
    int *calls, ncalls, capcalls;
    long *params;               /* scratch: offset, length pairs of the current function's parameters */
    int changes;                /* scratch: the current body calls a library call that changes files */
    int nparams, capparams;
};

static const char *const fs_xs_keywords[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
    "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
    "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "_Bool",
    "bool", "__inline", "__inline__", "__restrict", "__attribute__", "__typeof__", "typeof", "__extension__",
    "__asm__", "asm", "NULL", "true", "false"
};

static unsigned fs_xs_hash(const char *s, size_t n)
{
    return fs_fnv32(s, n);
}

static void fs_xs_rehash(fs_xs *x)
{
    int cap = x->capslots ? x->capslots * 2 : 4096;
    int *slots = fs_xcalloc((size_t)cap, sizeof *slots);
    for (int id = 0; id < x->n; id++) {
        unsigned h = fs_xs_hash(x->names[id], strlen(x->names[id])) & (unsigned)(cap - 1);
        while (slots[h])
            h = (h + 1) & (unsigned)(cap - 1);
        slots[h] = id + 1;
    }
    free(x->slots);
    x->slots = slots;
    x->capslots = cap;
}

int fs_xs_find(const fs_xs *x, const char *s, size_t n)
{
    if (!x->capslots)
        return -1;
    unsigned h = fs_xs_hash(s, n) & (unsigned)(x->capslots - 1);
    for (; x->slots[h]; h = (h + 1) & (unsigned)(x->capslots - 1)) {
        const char *c = x->names[x->slots[h] - 1];
        if (strncmp(c, s, n) == 0 && c[n] == '\0')
            return x->slots[h] - 1;
    }
    return -1;
}

int fs_xs_intern(fs_xs *x, const char *s, size_t n)
{
    int id = fs_xs_find(x, s, n);
    if (id >= 0)
        return id;
    if ((x->n + 1) * 2 > x->capslots)
        fs_xs_rehash(x);
    if (x->n == x->cap) {
        x->cap = x->cap ? x->cap * 2 : 4096;
        x->names = fs_xrealloc(x->names, sizeof *x->names * (size_t)x->cap);
        x->flags = fs_xrealloc(x->flags, (size_t)x->cap);
        x->flags2 = fs_xrealloc(x->flags2, (size_t)x->cap);
    }
    id = x->n++;
    char *name = fs_xstrndup(s, n);
    x->names[id] = name;
    unsigned char fl = 0;
    unsigned written = 0;
    /* a call that does not return makes its caller one that may not either
     * (a summary of the whole function) */
    if (fs_call_lookup(name) || fs_is_chdir(name) || fs_call_noreturn(name, 1, 1))
        fl |= XS_P;
    if (fs_call_changes_files(name, NULL))
        fl |= XS_CHG;
    if (fs_libc_writes(name, &written) && (written & 1u))
        fl |= XS_COPIES;
    if (strcmp(name, "struct") == 0 || strcmp(name, "union") == 0 || strcmp(name, "enum") == 0)
        fl |= XS_TAG;
    x->flags[id] = fl;
    x->flags2[id] = 0;
    unsigned h = fs_xs_hash(s, n) & (unsigned)(x->capslots - 1);
    while (x->slots[h])
        h = (h + 1) & (unsigned)(x->capslots - 1);
    x->slots[h] = id + 1;
    return id;
}

int fs_xs_count(const fs_xs *x)
{
    return x->n;
}

fs_xs *fs_xs_new(void)
{
    fs_xs *x = fs_xcalloc(1, sizeof *x);
    for (size_t i = 0; i < sizeof fs_xs_keywords / sizeof fs_xs_keywords[0]; i++) {
        int id = fs_xs_intern(x, fs_xs_keywords[i], strlen(fs_xs_keywords[i]));
        x->flags[id] |= XS_KW;
    }
    return x;
}

void fs_xs_free(fs_xs *x)
{
    if (!x)
        return;
    for (int i = 0; i < x->n; i++)
        free(x->names[i]);
    FS_FREE(x->names, x->flags, x->flags2, x->slots, x->ids, x->calls, x->params, x);
}

void fs_xs_file_free(fs_xs_file *f)
{
    for (int i = 0; i < f->nfns; i++)
        FS_FREE(f->fns[i].ids, f->fns[i].calls);
    FS_FREE(f->fns, f->own);
    memset(f, 0, sizeof *f);
}

const char *fs_xs_name(const fs_xs *x, int id)
{
    return id >= 0 && id < x->n ? x->names[id] : NULL;
}

/* --- the scan ---------------------------------------------------------------------- */

static int fs_xs_int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

static int *fs_xs_unique(int *v, int n, int *out_n)
{
    if (n > 1)
        qsort(v, (size_t)n, sizeof *v, fs_xs_int_cmp);
    int w = 0;
    for (int i = 0; i < n; i++)
        if (!w || v[w - 1] != v[i])
            v[w++] = v[i];
    *out_n = w;
    if (!w)
        return NULL;
    int *r = fs_xmalloc(sizeof *r * (size_t)w);
    memcpy(r, v, sizeof *r * (size_t)w);
    return r;
}

/* The end of a balanced (...) group that begins at t[i], or i when t[i] is
 * no '(' (or the group does not close on a few lines). */
static long fs_xs_paren_group(const char *t, long len, long i)
{
    if (i >= len || t[i] != '(')
        return i;
    int d = 0;
    for (long k = i; k < len && k < i + 512; k++) {
        if (t[k] == '(')
            d++;
        else if (t[k] == ')' && --d == 0)
            return k + 1;
        else if (t[k] == ';' || t[k] == '{' || t[k] == '}')
            return i;
    }
    return i;
}

/* The end of the name at t[a]; *caps: it is written in capitals (two
 * characters or more: a macro's name, as projects write them). */
static long fs_xs_caps_name(const char *t, long len, long a, int *caps)
{
    long e = a;
    int upper = 0, lower = 0;
    while (e < len && fs_lex_ident(t[e])) {
        upper |= isupper((unsigned char)t[e]);
        lower |= islower((unsigned char)t[e]);
        e++;
    }
    *caps = upper && !lower && e - a >= 2;
    return e;
}

void fs_xs_attr_macro_holes(const char *t, long len, long **holes, int *nholes, int *cap)
{
    int depth = 0, parens = 0, bol = 1;
    char prev = 0; /* the last significant character at the top level */
    for (long i = 0; i < len;) {
        char c = t[i];
        if (FS_LEX_EOL(c) || c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            bol = FS_LEX_EOL(c) || bol;
            i++;
            continue;
        }
        long s = fs_lex_skip(t, len, i);
        if (s != i) {
            i = s;
            bol = 0;
            prev = '"';
            continue;
        }
        if (c == '#' && bol) { /* a directive, with its continued lines */
            while (i < len && !(FS_LEX_EOL(t[i]) && t[i - 1] != '\\'))
                i++;
            prev = ';';
            continue;
        }
        bol = 0;
        if (c == '{' || c == '}') {
            depth = c == '{' ? depth + 1 : depth > 0 ? depth - 1 : 0;
            parens = 0;
            prev = c;
            i++;
            continue;
        }
        if (depth != 0) {
            i++;
            continue;
        }
        if (c == '(' || c == ')') {
            parens = c == '(' ? parens + 1 : parens > 0 ? parens - 1 : 0;
            prev = c;
            i++;
            continue;
        }
        if (!fs_lex_ident_start(c)) {
            prev = c;
            i++;
            continue;
        }
        /* a name at the top level: CAPS after a type (a name, `*`, or an
         * attribute's `)`), with its own (...) maybe, then a name: no C, so
         * the preprocessor takes it away (`FILE* FAST_FUNC f(`, `static int
         * WGET_GCC_PURE WGET_GCC_NONNULL((1)) parse(`, `char *EXPORT name(`) */
        int caps_a;
        long a = i, ae = fs_xs_caps_name(t, len, a, &caps_a);
        int after_type = parens == 0 && (prev == '*' || prev == ')' || prev == 'a');
        long g = ae;
        while (g < len && (t[g] == ' ' || t[g] == '\t'))
            g++;
        long ge = fs_xs_paren_group(t, len, g);
        if (ge == g)
            ge = ae; /* no group */
        long b = ge;
        while (b < len && (t[b] == ' ' || t[b] == '\t' || FS_LEX_EOL(t[b])))
            b++;
        /* then a function's name and its `(`, maybe after more such macros */
        int named = 0;
        for (long k = b, hop = 0; hop < 4 && k < len && fs_lex_ident_start(t[k]) && (b > ge || ge > ae); hop++) {
            int caps;
            long ke = fs_xs_caps_name(t, len, k, &caps);
            long q = ke;
            while (q < len && (t[q] == ' ' || t[q] == '\t' || FS_LEX_EOL(t[q])))
                q++;
            if (q < len && t[q] == '(') {
                long qe = fs_xs_paren_group(t, len, q), r = qe;
                while (r < len && (t[r] == ' ' || t[r] == '\t' || FS_LEX_EOL(t[r])))
                    r++;
                if (caps && qe > q && r < len && fs_lex_ident_start(t[r])) {
                    k = r; /* `MACRO((1)) name(` */
                    continue;
                }
                named = 1;
                break;
            }
            if (caps && q > ke && q < len && fs_lex_ident_start(t[q])) {
                k = q; /* `MACRO name(` */
                continue;
            }
            break;
        }
        /* or one after a parameter's name, before its `,` or `)` (`int idx
         * EXT2FS_ATTR((unused)),`), or after a declarator's `)`, before its
         * `;` or body: a name then a name is no C there either */
        long nb = ge;
        while (nb < len && (t[nb] == ' ' || t[nb] == '\t' || FS_LEX_EOL(t[nb])))
            nb++;
        char next = nb < len ? t[nb] : 0;
        int on_decl = ge > ae && ((parens > 0 && prev == 'a' && (next == ',' || next == ')')) ||
                                  (parens == 0 && prev == ')' && (next == ';' || next == '{' || next == ',')));
        if (on_decl && caps_a) {
            fs_grow(holes, cap, *nholes + 2, sizeof **holes);
            (*holes)[(*nholes)++] = a;
            (*holes)[(*nholes)++] = ge;
            i = ge;
            continue;
        }
        if (after_type && named && caps_a) {
            fs_grow(holes, cap, *nholes + 2, sizeof **holes);
            (*holes)[(*nholes)++] = a;
            (*holes)[(*nholes)++] = ge;
            i = ge;
            continue; /* prev stays: the next name follows the same type */
        }
        prev = 'a';
        i = ae;
    }
}

/* Whether text defines name (n bytes) as a macro: `#define NAME`. */
static int fs_xs_defines(const char *t, long len, const char *name, size_t n)
{
    for (const char *p = t; (p = memmem(p, (size_t)(t + len - p), "define", 6)) != NULL; p += 6) {
        const char *q = p + 6;
        while (q < t + len && (*q == ' ' || *q == '\t'))
            q++;
        if ((size_t)(t + len - q) > n && memcmp(q, name, n) == 0 && !fs_lex_ident(q[n]))
            return 1;
    }
    return 0;
}

void fs_xs_label_macro_holes(const char *t, long len, long **holes, int *nholes, int *cap)
{
    int depth = 0, bol = 1;
    char prev = ';'; /* the last significant character */
    for (long i = 0; i < len;) {
        char c = t[i];
        if (FS_LEX_EOL(c) || c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            bol = FS_LEX_EOL(c) || bol;
            i++;
            continue;
        }
        long s = fs_lex_skip(t, len, i);
        if (s != i) {
            if (t[i] != '/')
                prev = '"', bol = 0; /* a literal; a comment changes nothing */
            i = s;
            continue;
        }
        if (c == '#' && bol) {
            while (i < len && !(FS_LEX_EOL(t[i]) && t[i - 1] != '\\'))
                i++;
            continue;
        }
        int at_bol = bol;
        bol = 0;
        if (c == '{' || c == '}') {
            depth = c == '{' ? depth + 1 : depth > 0 ? depth - 1 : 0;
            prev = c;
            i++;
            continue;
        }
        if (!fs_lex_ident_start(c)) {
            prev = c;
            i++;
            continue;
        }
        int caps;
        long a = i, ae = fs_xs_caps_name(t, len, a, &caps);
        i = ae;
        char before = prev;
        prev = 'a';
        if (!at_bol || depth == 0 || !caps ||
            (before != ';' && before != '{' && before != '}' && before != ':'))
            continue;
        /* NAME, then maybe (...), then maybe ':', then the line's end */
        long e = ae;
        while (e < len && (t[e] == ' ' || t[e] == '\t'))
            e++;
        long g = fs_xs_paren_group(t, len, e);
        if (g > e)
            for (e = g; e < len && (t[e] == ' ' || t[e] == '\t'); e++)
                ;
        if (e < len && t[e] == ':' && !(e + 1 < len && t[e + 1] == ':'))
            e++;
        long end = e;
        while (e < len && (t[e] == ' ' || t[e] == '\t'))
            e++;
        if (e < len && !FS_LEX_EOL(t[e]) && !(t[e] == '/' && e + 1 < len && (t[e + 1] == '/' || t[e + 1] == '*')))
            continue;
        /* then a statement: a name or a block, not an operator */
        int nbol = 1;
        long nx = fs_lex_blank(t, len, e, &nbol);
        if (nx >= len || !(fs_lex_ident_start(t[nx]) || t[nx] == '{' || t[nx] == '}'))
            continue;
        if (fs_xs_defines(t, len, t + a, (size_t)(ae - a)))
            continue; /* the file's own macro: its body says what it is */
        fs_grow(holes, cap, *nholes + 2, sizeof **holes);
        (*holes)[(*nholes)++] = a;
        (*holes)[(*nholes)++] = end;
        prev = ':';
        i = end;
    }
}

void fs_xs_comment_lines(const char *t, long len, long **holes, int *nholes, int *cap)
{
    int bol = 1; /* only blanks since the line began */
    for (long i = fs_lex_blank(t, len, 0, &bol); i < len; i = fs_lex_blank(t, len, i, &bol)) {
        char c = t[i];
        long e = fs_lex_skip(t, len, i);
        if (e == i || c != '/') { /* code, or a literal */
            bol = 0;
            i = e == i ? i + 1 : e;
            continue;
        }
        /* a line comment a backslash continues goes on to the next line */
        int continued = 0;
        while (t[i + 1] == '/' && e < len && t[e - 1] == '\\') {
            continued = 1;
            e += t[e] == '\r' && e + 1 < len && t[e + 1] == '\n' ? 2 : 1;
            while (e < len && !FS_LEX_EOL(t[e]))
                e++;
        }
        long q = e;
        while (q < len && (t[q] == ' ' || t[q] == '\t'))
            q++;
        if (bol && !continued && (q >= len || FS_LEX_EOL(t[q])) && e - i > 2) {
            fs_grow(holes, cap, 2 * *nholes + 2, sizeof **holes);
            (*holes)[2 * *nholes] = i;
            (*holes)[2 * *nholes + 1] = e;
            (*nholes)++;
        }
        bol = 0;
        i = e;
    }
}

long fs_xs_closing(const char *t, long end, long open, char oc, char cc)
{
    int d = 0;
    for (long k = open; k < end;) {
        long s = fs_lex_skip(t, end, k);
        if (s != k) {
            k = s;
            continue;
        }
        if (t[k] == oc)
            d++;
        else if (t[k] == cc && --d == 0)
            return k;
        k++;
    }
    return -1;
}

/* The offset of the ')' matching t[open] == '(', before `end`, or -1. */
static long fs_xs_match(const char *t, long end, long open)
{
    return fs_xs_closing(t, end, open, '(', ')');
}

static int fs_xs_is_param(const fs_xs *x, const char *t, long b, long e)
{
    for (int p = 0; p < x->nparams; p++)
        if (x->params[2 * p + 1] == e - b && memcmp(t + x->params[2 * p], t + b, (size_t)(e - b)) == 0)
            return 1;
    return 0;
}

/* The next identifier of t[*k, e) outside comments and literals (b: where
 * the text began): its start, with *k moved past it; -1 at the end. */
static long fs_xs_next_ident(const char *t, long b, long e, long *k)
{
    while (*k < e) {
        long s = fs_lex_skip(t, e, *k);
        if (s != *k) {
            *k = s;
            continue;
        }
        if (fs_lex_ident_start(t[*k]) && (*k == b || !fs_lex_ident(t[*k - 1]))) {
            long s0 = *k;
            while (*k < e && fs_lex_ident(t[*k]))
                (*k)++;
            return s0;
        }
        (*k)++;
    }
    return -1;
}

/* Whether t[b, e) names a parameter of the current function anywhere. */
static int fs_xs_mentions_param(const fs_xs *x, const char *t, long b, long e)
{
    long k = b;
    for (long s0; (s0 = fs_xs_next_ident(t, b, e, &k)) >= 0;)
        if (fs_xs_is_param(x, t, s0, k))
            return 1;
    return 0;
}

/* After the '=' at t[i - 1]: does the right-hand side, casts and
 * parentheses aside, start with a parameter itself (`o->name = (char *)path;`)? */
static int fs_xs_stores_param(const fs_xs *x, const char *t, long end, long i)
{
    for (int guard = 0; i < end && guard < 64; guard++) {
        while (i < end && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            i++;
        if (i >= end)
            return 0;
        if (t[i] == '(') {
            long m = fs_xs_match(t, end, i);
            if (m < 0)
                return 0;
            if (fs_xs_mentions_param(x, t, i + 1, m))
                i++; /* (path) */
            else
                i = m + 1; /* a cast */
            continue;
        }
        if (!fs_lex_ident_start(t[i]))
            return 0;
        long s = i;
        while (i < end && fs_lex_ident(t[i]))
            i++;
        if (!fs_xs_is_param(x, t, s, i))
            return 0;
        /* the parameter itself, not path[0], path->x or path(...) */
        while (i < end && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            i++;
        return !(i < end && (t[i] == '(' || t[i] == '[' || t[i] == '.' || (t[i] == '-' && i + 1 < end && t[i + 1] == '>')));
    }
    return 0;
}

/* Whether t[b, e), casts and parentheses aside, is a parameter alone. */
static int fs_xs_is_param_expr(const fs_xs *x, const char *t, long b, long e)
{
    long i = b;
    for (int guard = 0; guard < 64; guard++) {
        while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
            i++;
        if (i >= e)
            return 0;
        if (t[i] != '(')
            break;
        long m = fs_xs_match(t, e, i);
        if (m < 0)
            return 0;
        if (fs_xs_mentions_param(x, t, i + 1, m))
            i++;
        else
            i = m + 1;
    }
    if (i >= e || !fs_lex_ident_start(t[i]))
        return 0;
    long s = i;
    while (i < e && fs_lex_ident(t[i]))
        i++;
    if (!fs_xs_is_param(x, t, s, i))
        return 0;
    while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' || t[i] == ')'))
        i++;
    return i >= e;
}

/* A library call that writes its first argument (strcpy, snprintf), '('
 * at t[open]: is a parameter itself one of the arguments it reads, as
 * lower.c marks a parameter copied into a buffer? */
/* Nothing but blanks and comments in t[b, e)? */
static int fs_xs_blank_only(const char *t, long b, long e)
{
    for (long k = b; k < e;) {
        long s = fs_lex_skip(t, e, k);
        if (s != k)
            k = s;
        else if (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' || t[k] == '\r' || t[k] == '\f' || t[k] == '\v')
            k++;
        else
            return 0;
    }
    return 1;
}

static int fs_xs_copies_param(const fs_xs *x, const char *name, const char *t, long open, long end)
{
    unsigned written = 0;
    if (!fs_libc_writes(name, &written))
        return 0;
    long a[2 * 32];
    int n = fs_xs_args(t, end, open, a, 32);
    for (int idx = 0; idx < n; idx++) {
        int w = (idx < 31 && (written & (1u << idx))) || ((written & 0x80000000u) && idx >= 1);
        if (!w && fs_xs_is_param_expr(x, t, a[2 * idx], a[2 * idx + 1]))
            return 1;
    }
    return 0;
}

int fs_xs_args(const char *t, long end, long open, long *bounds, int max)
{
    long close = fs_xs_match(t, end, open);
    if (close < 0)
        close = end;
    int n = 0, d = 0;
    long b = open + 1;
    for (long k = open + 1; k <= close && n < max;) {
        long s = k < close ? fs_lex_skip(t, close, k) : k;
        if (s != k) {
            k = s;
            continue;
        }
        if (k < close && (t[k] == '(' || t[k] == '[' || t[k] == '{')) {
            d++;
        } else if (k < close && (t[k] == ')' || t[k] == ']' || t[k] == '}')) {
            d--;
        } else if (k == close || (t[k] == ',' && d == 0)) {
            if (k == close && n == 0 && fs_xs_blank_only(t, b, k))
                break; /* f() */
            bounds[2 * n] = b;
            bounds[2 * n + 1] = k;
            n++;
            b = k + 1;
        }
        k++;
    }
    return n;
}

int fs_xs_is_member(const char *t, long b, long s0)
{
    long p = s0;
    while (p > b && (t[p - 1] == ' ' || t[p - 1] == '\t' || t[p - 1] == '\n' || t[p - 1] == '\r'))
        p--;
    return p > b && (t[p - 1] == '.' || (t[p - 1] == '>' && p - 1 > b && t[p - 2] == '-'));
}

/* Whether the '=' at t[i] assigns (not ==, !=, <=, >=). */
int fs_xs_is_assign(const char *t, long len, long i, long from)
{
    if (i + 1 < len && t[i + 1] == '=')
        return 0;
    if (i > from && t[i - 1] == '=')
        return 0;
    if (i > from && (t[i - 1] == '!' || t[i - 1] == '<' || t[i - 1] == '>'))
        return i - 1 > from && t[i - 2] == t[i - 1] && t[i - 1] != '!'; /* <<= >>= */
    return 1;
}

static void fs_xs_params(fs_xs *x, const char *t, long b, long e)
{
    x->nparams = 0;
    long k = b;
    for (long s0; (s0 = fs_xs_next_ident(t, b, e, &k)) >= 0;) {
        long q = k;
        while (q < e && (t[q] == ' ' || t[q] == '\t' || t[q] == '\n' || t[q] == '\r'))
            q++;
        if (q >= e || t[q] == ',' || t[q] == ')' || t[q] == '[') {
            fs_grow(&x->params, &x->capparams, 2 * x->nparams + 2, sizeof *x->params);
            x->params[2 * x->nparams] = s0;
            x->params[2 * x->nparams + 1] = k - s0;
            x->nparams++;
        }
    }
}

static fs_xs_fn *fs_xs_add(fs_xs_file *out, int name, int kind)
{
    fs_grow(&out->fns, &out->capfns, out->nfns + 1, sizeof *out->fns);
    fs_xs_fn *f = &out->fns[out->nfns++];
    memset(f, 0, sizeof *f);
    f->name = name;
    f->kind = kind;
    f->body_begin = f->body_end = -1;
    return f;
}

/* Whether the library call `name` whose '(' is at t[open] may change a
 * file: as lower.c asks calls.c, with the stream argument's text (the first
 * argument's, the last one's for fputs, fputc, putc and fwrite). */
static int fs_xs_call_changes(const char *name, const char *t, long open, long end)
{
    long close = fs_xs_match(t, end, open);
    if (close < 0)
        return 1;
    int last = strcmp(name, "fputs") == 0 || strcmp(name, "fputc") == 0 || strcmp(name, "putc") == 0 ||
               strcmp(name, "fwrite") == 0;
    /* the argument: between the commas at depth 1 */
    long b = open + 1, e = close;
    int d = 0;
    for (long k = open + 1; k < close;) {
        long s = fs_lex_skip(t, close, k);
        if (s != k) {
            k = s;
            continue;
        }
        if (t[k] == '(' || t[k] == '[' || t[k] == '{')
            d++;
        else if (t[k] == ')' || t[k] == ']' || t[k] == '}')
            d--;
        else if (t[k] == ',' && d == 0) {
            if (!last) {
                e = k;
                break;
            }
            b = k + 1;
        }
        k++;
    }
    while (b < e && (t[b] == ' ' || t[b] == '\t' || t[b] == '\n' || t[b] == '\r'))
        b++;
    while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\n' || t[e - 1] == '\r'))
        e--;
    char arg[8];
    if (e - b == 6) {
        memcpy(arg, t + b, 6);
        arg[6] = '\0';
        return fs_call_changes_files(name, arg);
    }
    return fs_call_changes_files(name, b < e ? "?" : NULL);
}

static void fs_xs_finish(fs_xs *x, fs_xs_fn *f)
{
    f->changes = x->changes;
    x->changes = 0;
    f->ids = fs_xs_unique(x->ids, x->nids, &f->nids);
    f->calls = fs_xs_unique(x->calls, x->ncalls, &f->ncalls);
    x->nids = x->ncalls = 0;
}

/* The names of t[b, e) (a body, or a macro's replacement list, with
 * continuation lines) into the scratch lists; returns the local reason:
 * a parameter stored or copied (functions), an assignment or a copying
 * call at all (macros). */
static int fs_xs_names(fs_xs *x, const char *t, long b, long e, int macro)
{
    int local = 0, tag = 0;
    for (long k = b; k < e;) {
        long s = fs_lex_skip(t, e, k);
        if (s != k) {
            k = s;
            continue;
        }
        char c = t[k];
        if (c == '#' && !macro) {
            /* a directive inside a body: its line (with continuations) */
            long q = k;
            while (q > b && (t[q - 1] == ' ' || t[q - 1] == '\t'))
                q--;
            if (q == b || FS_LEX_EOL(t[q - 1])) {
                while (k < e && !FS_LEX_EOL(t[k])) {
                    int c2 = fs_lex_continues(t, k, e);
                    k += c2 ? c2 : 1;
                }
                continue;
            }
        }
        if (c == '=' && fs_xs_is_assign(t, e, k, b)) {
            if (macro)
                local = 1;
            else if (!local && x->nparams && fs_xs_stores_param(x, t, e, k + 1))
                local = 1;
            k++;
            continue;
        }
        if (!fs_lex_ident_start(c) || (k > b && fs_lex_ident(t[k - 1]))) {
            k++;
            continue;
        }
        long s0 = k;
        while (k < e && fs_lex_ident(t[k]))
            k++;
        /* a member (a.open, p->write) is not a name */
        int member = fs_xs_is_member(t, b, s0);
        int id = fs_xs_intern(x, t + s0, (size_t)(k - s0));
        unsigned char fl = x->flags[id];
        int was_tag = tag;
        tag = (fl & XS_TAG) != 0;
        if (member || was_tag || (fl & XS_KW))
            continue;
        FS_PUSH(x->ids, x->nids, x->capids, id);
        long q = k;
        while (q < e && (t[q] == ' ' || t[q] == '\t' || t[q] == '\n' || t[q] == '\r' ||
                         fs_lex_continues(t, q, e)))
            q += fs_lex_continues(t, q, e) ? fs_lex_continues(t, q, e) : 1;
        if (q < e && t[q] == '(') {
            FS_PUSH(x->calls, x->ncalls, x->capcalls, id);
            if ((fl & XS_CHG) && !x->changes)
                x->changes = fs_xs_call_changes(x->names[id], t, q, e);
            if ((fl & XS_COPIES) && !local && (macro || x->nparams))
                local = macro || fs_xs_copies_param(x, x->names[id], t, q, e);
        }
    }
    return local;
}

/* The directive at t[i] ('#'): a #define is added to `out`.  Returns the
 * offset of the end of its line (continuations included). */
static long fs_xs_directive(fs_xs *x, const char *t, long len, long i, fs_xs_file *out)
{
    long k = i + 1;
    while (k < len && (t[k] == ' ' || t[k] == '\t'))
        k++;
    long eol = k;
    while (eol < len && !FS_LEX_EOL(t[eol])) {
        int c2 = fs_lex_continues(t, eol, len);
        eol += c2 ? c2 : 1;
    }
    if (eol > len)
        eol = len;
    if (!(eol - k > 7 && strncmp(t + k, "define", 6) == 0 && (t[k + 6] == ' ' || t[k + 6] == '\t')))
        return eol;
    k += 6;
    while (k < eol && (t[k] == ' ' || t[k] == '\t'))
        k++;
    long n0 = k;
    while (k < eol && fs_lex_ident(t[k]))
        k++;
    if (k == n0)
        return eol;
    int name = fs_xs_intern(x, t + n0, (size_t)(k - n0));
    int fmacro = k < eol && t[k] == '(';
    long body = k;
    if (fmacro) {
        long m = fs_xs_match(t, eol, k);
        body = m < 0 ? eol : m + 1;
    }
    int saved_params = x->nparams;
    x->nparams = 0;
    int local = fs_xs_names(x, t, body, eol, 1);
    x->nparams = saved_params;
    fs_xs_fn *f = fs_xs_add(out, name, fmacro ? FS_XS_FMACRO : FS_XS_OMACRO);
    f->local = fmacro && local;
    fs_xs_finish(x, f);
    return eol;
}

void fs_xs_scan(fs_xs *x, const char *t, long len, fs_xs_file *out)
{
    int pdepth = 0, bol = 1, after_paren = 0, is_static = 0, tag = 0;
    long last = -1, lastlen = 0, lparen = -1, rparen = -1;
    long decl = -1;            /* where the declaration being read began */
    long counted = 0, line = 1; /* lines counted up to `counted` */
    char prev = 0;             /* the last character of the last token */
    for (long i = 0; i < len;) {
        char c = t[i];
        if (FS_LEX_EOL(c)) {
            bol = 1;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++;
            continue;
        }
        long s = fs_lex_skip(t, len, i);
        if (s != i) {
            if (c == '"' || c == '\'') {
                bol = 0;
                prev = c;
                if (decl < 0)
                    decl = i;
            }
            i = s;
            continue;
        }
        if (c == '#' && bol) {
            i = fs_xs_directive(x, t, len, i, out);
            continue;
        }
        bol = 0;
        if (decl < 0)
            decl = i;
        if (fs_lex_ident_start(c)) {
            long b = i;
            while (i < len && fs_lex_ident(t[i]))
                i++;
            prev = t[i - 1];
            if (i - b == 6 && memcmp(t + b, "static", 6) == 0)
                is_static = 1;
            if ((i - b == 6 && (memcmp(t + b, "struct", 6) == 0)) || (i - b == 5 && memcmp(t + b, "union", 5) == 0) ||
                (i - b == 4 && memcmp(t + b, "enum", 4) == 0))
                tag = 1;
            long q = i;
            while (q < len && (t[q] == ' ' || t[q] == '\t' || t[q] == '\n' || t[q] == '\r'))
                q++;
            if (q < len && t[q] == '(' && pdepth == 0) {
                last = b;
                lastlen = i - b;
                lparen = q;
            }
            after_paren = 0;
            continue;
        }
        if (c == '(') {
            pdepth++;
        } else if (c == ')' && pdepth > 0) {
            if (--pdepth == 0 && last >= 0) {
                after_paren = 1;
                rparen = i;
            }
        } else if (c == '{') {
            /* find the matching brace; a function's body is scanned */
            long close = fs_xs_closing(t, len, i, '{', '}');
            int d = close < 0; /* unmatched: the block runs to the end */
            long e = close < 0 ? len : close + 1;
            int is_def = after_paren && last >= 0 && pdepth == 0;
            int name = is_def ? fs_xs_intern(x, t + last, (size_t)lastlen) : -1;
            if (is_def && (x->flags[name] & XS_KW)) {
                is_def = 0; /* `f(void) __attribute__((x)) {`: not sure of the name */
                out->unclear = 1;
            } else if (!is_def && prev != '=' && !tag) {
                out->unclear = 1; /* neither a function nor data: extern "C" { }, K&R */
            }
            if (is_def) {
                for (; counted < decl; counted++)
                    if (t[counted] == '\n' || (t[counted] == '\r' && (counted + 1 >= len || t[counted + 1] != '\n')))
                        line++;
                fs_xs_params(x, t, lparen + 1, rparen);
                int local = fs_xs_names(x, t, i + 1, d == 0 ? e - 1 : e, 0);
                fs_xs_fn *f = fs_xs_add(out, name, FS_XS_FUNC);
                f->is_static = is_static;
                f->line = (int)line;
                f->body_begin = i;
                f->body_end = d == 0 ? e : -1;
                f->local = local;
                fs_xs_finish(x, f);
                x->nparams = 0;
                /* macros defined inside the body */
                for (long k = i + 1; k < e; k++) {
                    if (t[k] != '#')
                        continue;
                    long q = k;
                    while (q > i + 1 && (t[q - 1] == ' ' || t[q - 1] == '\t'))
                        q--;
                    if (FS_LEX_EOL(t[q - 1]))
                        k = fs_xs_directive(x, t, e, k, out) - 1;
                }
            }
            i = e;
            last = -1;
            after_paren = 0;
            is_static = 0;
            tag = 0;
            /* `struct s { } v;` goes on to its `;` */
            if (!is_def)
                continue;
            decl = -1;
            prev = '}';
            continue;
        } else if (c == ';') {
            last = -1;
            after_paren = 0;
            is_static = 0;
            tag = 0;
            decl = -1;
        }
        prev = c;
        i++;
    }
}

/* A definition seen only by its own file: a static function or a macro of a .c file. */
static int fs_xs_file_local(const fs_xs_file *f, const fs_xs_fn *fn)
{
    return !f->header && (fn->kind != FS_XS_FUNC || fn->is_static);
}

void fs_xs_settle(fs_xs *x, fs_xs_file *files, int nfiles)
{
    /* the names the project defines as functions or function-like macros */
    for (int i = 0; i < nfiles; i++)
        for (int k = 0; k < files[i].nfns; k++)
            if (files[i].fns[k].kind != FS_XS_OMACRO)
                x->flags2[files[i].fns[k].name] |= XS_DEF;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < nfiles; i++) {
            fs_xs_file *file = &files[i];
            for (int k = 0; k < file->nown; k++)
                x->flags2[file->own[k]] |= XS_LRO;
            for (int k = 0; k < file->nfns; k++) {
                fs_xs_fn *f = &file->fns[k];
                if (f->kind != FS_XS_OMACRO || f->relevant)
                    continue;
                int rel = 0;
                for (int j = 0; j < f->nids && !rel; j++)
                    rel = (x->flags[f->ids[j]] & (XS_P | XS_RO)) || (x->flags2[f->ids[j]] & (XS_LRO | XS_DEF));
                if (!rel)
                    continue;
                f->relevant = 1;
                if (fs_xs_file_local(file, f)) {
                    if (!(x->flags2[f->name] & XS_LRO)) {
                        fs_grow(&file->own, &file->capown, file->nown + 1, sizeof *file->own);
                        file->own[file->nown++] = f->name;
                        x->flags2[f->name] |= XS_LRO;
                        changed = 1;
                    }
                } else if (!(x->flags[f->name] & XS_RO)) {
                    x->flags[f->name] |= XS_RO;
                    changed = 1;
                }
            }
            for (int k = 0; k < file->nown; k++)
                x->flags2[file->own[k]] &= (unsigned char)~XS_LRO;
        }
    }
}

void fs_xs_relevance(fs_xs *x, fs_xs_file *file, int (*has_params)(void *arg, const char *name), void *arg)
{
    for (int k = 0; k < file->nown; k++)
        x->flags2[file->own[k]] |= XS_LRO;
    /* the file's own functions and macros: in the file, their names mean them */
    for (int k = 0; k < file->nfns; k++)
        if (file->fns[k].kind != FS_XS_OMACRO)
            file->fns[k].relevant = 0;
    for (int k = 0; k < file->nfns; k++)
        if (file->fns[k].kind != FS_XS_OMACRO)
            x->flags2[file->fns[k].name] |= XS_OWN;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 0; k < file->nfns; k++) {
            fs_xs_fn *f = &file->fns[k];
            if (f->kind == FS_XS_OMACRO || f->relevant)
                continue;
            int rel = f->local;
            for (int j = 0; j < f->ncalls && !rel; j++) {
                int c = f->calls[j];
                if (x->flags[c] & XS_P)
                    rel = 1;
                else if (x->flags2[c] & XS_OWN)
                    rel = (x->flags2[c] & XS_OWNREL) != 0;
                else
                    rel = has_params(arg, x->names[c]);
            }
            for (int j = 0; j < f->nids && !rel; j++)
                rel = (x->flags[f->ids[j]] & XS_RO) || (x->flags2[f->ids[j]] & XS_LRO);
            if (!rel)
                continue;
            f->relevant = 1;
            x->flags2[f->name] |= XS_OWNREL;
            changed = 1;
        }
    }
    for (int k = 0; k < file->nfns; k++)
        if (file->fns[k].kind != FS_XS_OMACRO)
            x->flags2[file->fns[k].name] &= (unsigned char)~(XS_OWN | XS_OWNREL);
    for (int k = 0; k < file->nown; k++)
        x->flags2[file->own[k]] &= (unsigned char)~XS_LRO;
}


/* --- the order ------------------------------------------------------------------------- */

typedef struct fs_xs_def {
    int name, file, exported;
    int level;
    int *callees, ncallees; /* indexes into the defs */
} fs_xs_def;

static int fs_xs_def_cmp(const void *a, const void *b, void *arg)
{
    const fs_xs_def *defs = arg;
    const fs_xs_def *x = &defs[*(const int *)a], *y = &defs[*(const int *)b];
    if (x->name != y->name)
        return x->name < y->name ? -1 : 1;
    return x->file < y->file ? -1 : x->file > y->file;
}

/* The first of the sorted def indexes v[0, n) with this name, or -1. */
static int fs_xs_first(const fs_xs_def *defs, const int *v, int n, int name)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (defs[v[mid]].name < name)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && defs[v[lo]].name == name ? lo : -1;
}

typedef struct fs_xs_rank {
    int file, level, other;
} fs_xs_rank;

static int fs_xs_rank_cmp(const void *a, const void *b)
{
    const fs_xs_rank *x = a, *y = b;
    if (x->level != y->level)
        return x->level < y->level ? -1 : 1;
    if (x->other != y->other)
        return x->other < y->other ? -1 : 1;
    return x->file < y->file ? -1 : x->file > y->file;
}

#define FS_XS_MAX_LEVEL 64

void fs_xs_order(const fs_xs *x, const fs_xs_file *files, int nfiles, int *order)
{
    (void)x;
    fs_xs_def *defs = NULL;
    int ndefs = 0, capdefs = 0;
    int *first = fs_xmalloc(sizeof(int) * ((size_t)nfiles + 1)); /* per file: its first def */
    for (int i = 0; i < nfiles; i++) {
        first[i] = ndefs;
        for (int k = 0; k < files[i].nfns; k++) {
            const fs_xs_fn *f = &files[i].fns[k];
            if (f->kind == FS_XS_OMACRO)
                continue;
            fs_grow(&defs, &capdefs, ndefs + 1, sizeof *defs);
            memset(&defs[ndefs], 0, sizeof *defs);
            defs[ndefs].name = f->name;
            defs[ndefs].file = i;
            defs[ndefs].exported = files[i].header || (f->kind == FS_XS_FUNC && !f->is_static);
            ndefs++;
        }
    }
    first[nfiles] = ndefs;
    /* per file, its defs by name; and the exported ones of all files */
    int *local = fs_xmalloc(sizeof(int) * ((size_t)ndefs + 1));
    int *glob = fs_xmalloc(sizeof(int) * ((size_t)ndefs + 1));
    int nglob = 0;
    for (int d = 0; d < ndefs; d++) {
        local[d] = d;
        if (defs[d].exported)
            glob[nglob++] = d;
    }
    for (int i = 0; i < nfiles; i++)
        if (first[i + 1] - first[i] > 1)
            qsort_r(local + first[i], (size_t)(first[i + 1] - first[i]), sizeof *local, fs_xs_def_cmp, defs);
    if (nglob > 1)
        qsort_r(glob, (size_t)nglob, sizeof *glob, fs_xs_def_cmp, defs);
    /* each def's callees: the file's own of the name, else the exported ones */
    int *buf = NULL, nbuf = 0, capbuf = 0;
    for (int i = 0, d = 0; i < nfiles; i++)
        for (int k = 0; k < files[i].nfns; k++) {
            const fs_xs_fn *f = &files[i].fns[k];
            if (f->kind == FS_XS_OMACRO)
                continue;
            nbuf = 0;
            for (int c = 0; c < f->ncalls; c++) {
                int at = fs_xs_first(defs, local + first[i], first[i + 1] - first[i], f->calls[c]);
                if (at >= 0) {
                    for (; first[i] + at < first[i + 1] && defs[local[first[i] + at]].name == f->calls[c]; at++)
                        if (local[first[i] + at] != d)
                            FS_PUSH(buf, nbuf, capbuf, local[first[i] + at]);
                    continue;
                }
                at = fs_xs_first(defs, glob, nglob, f->calls[c]);
                for (; at >= 0 && at < nglob && defs[glob[at]].name == f->calls[c]; at++)
                    FS_PUSH(buf, nbuf, capbuf, glob[at]);
            }
            if (nbuf) {
                defs[d].callees = fs_xmalloc(sizeof(int) * (size_t)nbuf);
                memcpy(defs[d].callees, buf, sizeof(int) * (size_t)nbuf);
                defs[d].ncallees = nbuf;
            }
            d++;
        }
    free(buf);
    /* levels: 0 for calling no project function, else one more than the
     * highest callee (cycles end at the cap) */
    for (int changed = 1, pass = 0; changed && pass < FS_XS_MAX_LEVEL; pass++) {
        changed = 0;
        for (int d = 0; d < ndefs; d++) {
            int lv = 0;
            for (int c = 0; c < defs[d].ncallees; c++)
                if (defs[defs[d].callees[c]].level + 1 > lv)
                    lv = defs[defs[d].callees[c]].level + 1;
            if (lv > FS_XS_MAX_LEVEL)
                lv = FS_XS_MAX_LEVEL;
            if (lv > defs[d].level) {
                defs[d].level = lv;
                changed = 1;
            }
        }
    }
    /* a file comes as early as the lowest of its functions that other files
     * call needs it; one that others do not call, after all those (by its
     * highest function) */
    unsigned char *called = fs_xcalloc((size_t)ndefs + 1, 1);
    for (int d = 0; d < ndefs; d++)
        for (int c = 0; c < defs[d].ncallees; c++)
            if (defs[defs[d].callees[c]].file != defs[d].file)
                called[defs[d].callees[c]] = 1;
    fs_xs_rank *rank = fs_xmalloc(sizeof *rank * ((size_t)nfiles + 1));
    for (int i = 0; i < nfiles; i++) {
        int lo = FS_XS_MAX_LEVEL + 1, hi = 0;
        for (int d = first[i]; d < first[i + 1]; d++) {
            if (called[d] && defs[d].level < lo)
                lo = defs[d].level;
            if (defs[d].level > hi)
                hi = defs[d].level;
        }
        rank[i].file = i;
        rank[i].level = lo;
        rank[i].other = hi;
    }
    qsort(rank, (size_t)nfiles, sizeof *rank, fs_xs_rank_cmp);
    for (int i = 0; i < nfiles; i++)
        order[i] = rank[i].file;
    free(rank);
    free(called);
    for (int d = 0; d < ndefs; d++)
        free(defs[d].callees);
    free(defs);
    free(local);
    free(glob);
    free(first);
}
