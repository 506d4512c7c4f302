/* candscan.c - the candidate scan (candscan.h): bodies and macros with the
 * names they use, from the text alone. */
#include "frontend/candscan.h"
#include "frontend/ixscan.h"
#include "base/lex.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static int fs_cs_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* The next offset from k that is neither blank nor a comment (nor a line's
 * continuation), before end. */
static long fs_cs_next(const char *t, long end, long k)
{
    while (k < end) {
        int c2 = fs_lex_continues(t, k, end);
        if (c2) {
            k += c2;
        } else if (fs_cs_blank(t[k])) {
            k++;
        } else if (t[k] == '/' && k + 1 < end && (t[k + 1] == '*' || t[k + 1] == '/')) {
            k = fs_lex_skip(t, end, k);
        } else {
            break;
        }
    }
    return k;
}

static int fs_cs_word(const char *t, long b, long e, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(e - b) == n && memcmp(t + b, w, n) == 0;
}

/* At t[k] '(' (a while's): whether it reads `( 0 )`. */
static int fs_cs_paren_zero(const char *t, long end, long k)
{
    k = fs_cs_next(t, end, k + 1);
    if (k >= end || t[k] != '0')
        return 0;
    k = fs_cs_next(t, end, k + 1);
    return k < end && t[k] == ')';
}

/* The end of the line at t[i] (continuations included). */
static long fs_cs_eol(const char *t, long len, long i)
{
    while (i < len && !FS_LEX_EOL(t[i])) {
        int c2 = fs_lex_continues(t, i, len);
        i += c2 ? c2 : 1;
    }
    return i;
}

/* The names of t[b, e) in order, with where each is (a member, `a.x`, is none). */
typedef struct fs_cs_use {
    int name;
    long at;
    int call;
    int param;     /* an argument names a parameter */
    int pairs, npairs; /* its (argument, parameter) pairs in the scan's list */
    int args, nargs;   /* its arguments' keys in the scan's list */
    int result;        /* what the call gives is called */
} fs_cs_use;

/* The parameters of the function whose body is scanned (interned), with
 * their positions. */
typedef struct fs_cs_params {
    int *v, *pos;
    int n, cap, cappos;
    int *pairs; /* scratch: the pairs of the uses so far */
    int npairs, cappairs;
    int *keys;  /* scratch: the argument keys of the uses so far */
    int nkeys, capkeys;
} fs_cs_params;

/* The key of the argument t[b, e) (fs_cs_body.args). */
static int fs_cs_arg_key(const char *t, long b, long e, fs_cs_intern intern, void *arg)
{
    /* its text without blanks and comments */
    char buf[256];
    size_t n = 0;
    for (long k = b; k < e; k++) {
        if (fs_cs_blank(t[k]))
            continue;
        if (t[k] == '/' && k + 1 < e && (t[k + 1] == '*' || t[k + 1] == '/')) {
            k = fs_lex_skip(t, e, k) - 1;
            continue;
        }
        if (t[k] == '"' || t[k] == '\'') {
            long q = fs_lex_skip(t, e, k);
            if (n + (size_t)(q - k) >= sizeof buf)
                return FS_CS_ANY;
            memcpy(buf + n, t + k, (size_t)(q - k));
            n += (size_t)(q - k);
            k = q - 1;
            continue;
        }
        if (n + 1 >= sizeof buf)
            return FS_CS_ANY;
        buf[n++] = t[k];
    }
    buf[n] = '\0';
    char *x = buf;
    for (int changed = 1; changed && n;) {
        changed = 0;
        /* (x) */
        if (x[0] == '(' && fs_xs_closing(x, (long)n, 0, '(', ')') == (long)n - 1) {
            x++;
            n -= 2;
            x[n] = '\0';
            changed = 1;
            continue;
        }
        /* (type *)x: names, '*' and nothing else between the parentheses */
        if (x[0] == '(') {
            long m = fs_xs_closing(x, (long)n, 0, '(', ')');
            int cast = m > 1 && m < (long)n - 1;
            for (long k = 1; cast && k < m; k++)
                cast = fs_lex_ident(x[k]) || x[k] == '*';
            if (cast && !(m == 1)) {
                x += m + 1;
                n -= (size_t)(m + 1);
                changed = 1;
            }
        }
    }
    if (!n)
        return FS_CS_ANY;
    if (x[0] == '"') { /* a literal (or literals side by side) */
        for (size_t k = 0; k < n;) {
            long q = fs_lex_skip(x, (long)n, (long)k);
            if (x[k] != '"' || q == (long)k)
                return FS_CS_ANY;
            k = (size_t)q;
        }
        return intern(arg, x, n);
    }
    /* a call: NAME( */
    size_t k = 0;
    while (k < n && fs_lex_ident(x[k]))
        k++;
    if (k > 0 && fs_lex_ident_start(x[0]) && k < n && x[k] == '(' && fs_xs_closing(x, (long)n, (long)k, '(', ')') == (long)n - 1)
        return intern(arg, x, k + 1);
    /* a variable, member chain or element: & * names . -> [...] */
    k = 0;
    while (k < n && (x[k] == '&' || x[k] == '*'))
        k++;
    if (k >= n || !fs_lex_ident_start(x[k]))
        return FS_CS_ANY;
    while (k < n) {
        if (fs_lex_ident(x[k])) {
            k++;
        } else if (x[k] == '.' && k + 1 < n && fs_lex_ident_start(x[k + 1])) {
            k++;
        } else if (x[k] == '-' && k + 2 < n && x[k + 1] == '>' && fs_lex_ident_start(x[k + 2])) {
            k += 2;
        } else if (x[k] == '[') {
            long m = fs_xs_closing(x, (long)n, (long)k, '[', ']');
            if (m < 0)
                return FS_CS_ANY;
            k = (size_t)m + 1;
        } else {
            return FS_CS_ANY;
        }
    }
    return intern(arg, x, n);
}

/* The keys of the arguments in t[open, end) (a call's parentheses),
 * appended to params->keys; returns how many. */
static int fs_cs_arg_keys(const char *t, long open, long end, fs_cs_intern intern, void *arg, fs_cs_params *params)
{
    long a[2 * 16];
    int n = fs_xs_args(t, end, open, a, 16);
    for (int i = 0; i < n; i++)
        FS_PUSH(params->keys, params->nkeys, params->capkeys, fs_cs_arg_key(t, a[2 * i], a[2 * i + 1], intern, arg));
    return n;
}

typedef struct fs_cs_region {
    long begin, end;
} fs_cs_region;

/* The names of t[b, e), and the loops there (for, while but while (0), do
 * but do ... while (0)): a loop's region is its parentheses and its body,
 * a body without braces taken to run to e.  *include: an #include there. */
/* The arguments in t[open, end) (a call's parentheses) that name a
 * parameter: (argument << 8 | parameter) pairs appended to params->pairs;
 * returns how many. */
static int fs_cs_names_param(const char *t, long open, long end, fs_cs_intern intern, void *arg,
                             fs_cs_params *params)
{
    long a[2 * 256];
    int nargs = fs_xs_args(t, end, open, a, 256), found = 0;
    for (int argpos = 0; argpos < nargs; argpos++) {
        long e = a[2 * argpos + 1];
        for (long k = a[2 * argpos]; k < e;) {
            long s = fs_lex_skip(t, e, k);
            if (s != k) {
                k = s;
                continue;
            }
            if (!fs_lex_ident_start(t[k]) || fs_lex_ident(t[k - 1])) {
                k++;
                continue;
            }
            long s0 = k;
            while (k < e && fs_lex_ident(t[k]))
                k++;
            if (fs_xs_is_member(t, open, s0))
                continue;
            int id = intern(arg, t + s0, (size_t)(k - s0));
            for (int i = 0; i < params->n; i++)
                if (params->v[i] == id && params->pos[i] < 256) {
                    FS_PUSH(params->pairs, params->npairs, params->cappairs, argpos << 8 | params->pos[i]);
                    found++;
                }
        }
    }
    return found;
}

static void fs_cs_names(const char *t, long b, long e, fs_cs_intern intern, void *arg, fs_cs_use **uses, int *nuses,
                        int *capuses, fs_cs_region **loops, int *nloops, int *caploops, int *include, int directives,
                        fs_cs_params *params)
{
    int bol = 0, tag = 0;
    for (long k = b; k < e;) {
        char c = t[k];
        if (FS_LEX_EOL(c)) {
            bol = 1;
            k++;
            continue;
        }
        if (fs_cs_blank(c)) {
            k++;
            continue;
        }
        long s = fs_lex_skip(t, e, k);
        if (s != k) {
            k = s;
            continue;
        }
        if (c == '#' && bol && directives) {
            long d = fs_cs_next(t, e, k + 1);
            long w = d;
            while (w < e && fs_lex_ident(t[w]))
                w++;
            if (include && fs_cs_word(t, d, w, "include"))
                *include = 1;
            k = fs_cs_eol(t, e, k); /* a #define's names are the macro's (the file's scan) */
            continue;
        }
        bol = 0;
        if (!fs_lex_ident_start(c) || (k > b && fs_lex_ident(t[k - 1]))) {
            k++;
            continue;
        }
        long s0 = k;
        while (k < e && fs_lex_ident(t[k]))
            k++;
        int was_tag = tag;
        tag = fs_cs_word(t, s0, k, "struct") || fs_cs_word(t, s0, k, "union") || fs_cs_word(t, s0, k, "enum");
        if (was_tag || tag || fs_xs_is_member(t, b, s0))
            continue; /* (`struct stat` names no call) */
        int is_for = fs_cs_word(t, s0, k, "for"), is_while = fs_cs_word(t, s0, k, "while");
        if (is_for || is_while) {
            long p = fs_cs_next(t, e, k);
            if (p >= e || t[p] != '(')
                continue;
            if (is_while && fs_cs_paren_zero(t, e, p))
                continue;
            long m = fs_xs_closing(t, e, p, '(', ')');
            long end = e;
            if (m >= 0) {
                long q = fs_cs_next(t, e, m + 1);
                if (q < e && t[q] == '{') {
                    long mb = fs_xs_closing(t, e, q, '{', '}');
                    end = mb < 0 ? e : mb + 1;
                } else if (q < e && t[q] == ';') {
                    end = q; /* do ... while (c); or a loop with no body */
                }
            }
            FS_PUSH(*loops, *nloops, *caploops, ((fs_cs_region){ p, end }));
            continue;
        }
        if (fs_cs_word(t, s0, k, "do")) {
            long q = fs_cs_next(t, e, k);
            long end = e;
            if (q < e && t[q] == '{') {
                long mb = fs_xs_closing(t, e, q, '{', '}');
                if (mb >= 0) {
                    end = mb + 1;
                    long w = fs_cs_next(t, e, mb + 1), w2 = w;
                    while (w2 < e && fs_lex_ident(t[w2]))
                        w2++;
                    long p = fs_cs_next(t, e, w2);
                    if (fs_cs_word(t, w, w2, "while") && p < e && t[p] == '(' && fs_cs_paren_zero(t, e, p))
                        continue; /* do { } while (0): runs once */
                }
            }
            FS_PUSH(*loops, *nloops, *caploops, ((fs_cs_region){ s0, end }));
            continue;
        }
        long p = fs_cs_next(t, e, k);
        /* in a macro's replacement, a name at its end is called by what follows the macro's use */
        int call = p < e && t[p] == '(';
        int first = params ? params->npairs : 0;
        int npairs = call && params && params->n ? fs_cs_names_param(t, p, e, intern, arg, params) : 0;
        int firstarg = params ? params->nkeys : 0;
        int nargs = call && params ? fs_cs_arg_keys(t, p, e, intern, arg, params) : 0;
        int result = 0;
        if (call) {
            long m = fs_xs_closing(t, e, p, '(', ')');
            long r = m < 0 ? e : fs_cs_next(t, e, m + 1);
            result = r < e && t[r] == '(';
        }
        FS_PUSH(*uses, *nuses, *capuses,
                ((fs_cs_use){ intern(arg, t + s0, (size_t)(k - s0)), s0, call || (!directives && p >= e), npairs > 0,
                              first, npairs, firstarg, nargs, result }));
    }
}

/* The #define at t[i] ('#', at the start of its line) as a macro of out;
 * returns the end of its line. */
static long fs_cs_directive(const char *t, long len, long i, fs_cs_intern intern, void *arg, fs_cs_file *out)
{
    long eol = fs_cs_eol(t, len, i);
    long k = fs_cs_next(t, eol, i + 1);
    long w = k;
    while (w < eol && fs_lex_ident(t[w]))
        w++;
    if (!fs_cs_word(t, k, w, "define"))
        return eol;
    long n0 = fs_cs_next(t, eol, w), n1 = n0;
    while (n1 < eol && fs_lex_ident(t[n1]))
        n1++;
    if (n1 == n0)
        return eol;
    long body = n1;
    fs_cs_macro mac = { 0 };
    mac.fn = n1 < eol && t[n1] == '(';
    if (mac.fn) {
        long m = fs_xs_closing(t, eol, n1, '(', ')');
        body = m < 0 ? eol : m + 1;
    }
    mac.name = intern(arg, t + n0, (size_t)(n1 - n0));
    fs_cs_use *uses = NULL;
    fs_cs_region *loops = NULL;
    int nuses = 0, capuses = 0, nloops = 0, caploops = 0;
    fs_cs_names(t, body, eol, intern, arg, &uses, &nuses, &capuses, &loops, &nloops, &caploops, NULL, 0, NULL);
    mac.called = fs_xcalloc((size_t)nuses + 1, 1);
    for (int u = 0; u < nuses; u++) {
        mac.called[u] = (unsigned char)uses[u].call;
        FS_PUSH(mac.names, mac.nnames, mac.capnames, uses[u].name);
    }
    mac.loops = nloops > 0;
    for (long k = body; k + 1 < eol && mac.pastes < 2; k++) {
        long q = fs_lex_skip(t, eol, k);
        if (q != k) {
            k = q - 1;
        } else if (t[k] == '#' && t[k + 1] == '#') {
            mac.pastes = 1;
            long w = fs_cs_next(t, eol, k + 2);
            while (w < eol && fs_lex_ident(t[w]))
                w++;
            w = fs_cs_next(t, eol, w);
            if (w < eol && t[w] == '(')
                mac.pastes = 2;
        }
    }
    free(uses);
    free(loops);
    FS_PUSH(out->macros, out->nmacros, out->capmacros, mac);
    return eol;
}

void fs_cs_scan(const char *t, long len, fs_cs_intern intern, void *arg, fs_cs_file *out)
{
    memset(out, 0, sizeof *out);
    int bol = 1, extern_c = 0, depth = 0, fname = -1, tagged = 0, alias[4], nalias = 0;
    long fname_at = -1, tag_at = -1; /* where the last such name, and the last struct, union or enum, are */
    long plist = -1; /* the '(' of the function's parameters (after fname) */
    fs_cs_params params = { 0 };
    char prev = 0; /* the last character of the last token */
    long counted = 0;
    int line = 1;
    fs_cs_use *uses = NULL;
    fs_cs_region *loops = NULL;
    int capuses = 0, caploops = 0;
    for (long i = 0; i < len;) {
        char c = t[i];
        if (FS_LEX_EOL(c)) {
            bol = 1;
            i++;
            continue;
        }
        if (fs_cs_blank(c)) {
            i++;
            continue;
        }
        long s = fs_lex_skip(t, len, i);
        if (s != i) {
            if (c == '"' || c == '\'') {
                /* extern "C" { ... }: its braces hold declarations as the file's own do */
                extern_c = s - i == 3 && t[i + 1] == 'C' && prev == 'n';
                prev = c;
                bol = 0;
            }
            i = s;
            continue;
        }
        if (c == '#' && bol) {
            /* a directive (#define anywhere in the file, bodies included) */
            i = fs_cs_directive(t, len, i, intern, arg, out);
            continue;
        }
        bol = 0;
        if (c == '{' && extern_c) {
            extern_c = 0;
            prev = c;
            i++;
            continue;
        }
        extern_c = 0;
        if (c == '{' && prev != '=') {
            long m = fs_xs_closing(t, len, i, '{', '}');
            long e = m < 0 ? len : m + 1;
            fs_cs_body body = { 0 };
            body.name = fname;
            body.nalias = nalias;
            memcpy(body.alias, alias, sizeof alias);
            if (tagged && tag_at > fname_at) {
                /* `struct s {` after a macro's use without its `;`: a type's members */
                body.name = -1;
                body.nalias = 0;
            }
            nalias = 0;
            /* the parameters: names before a `,`, `)` or `[` in its list
             * (at its position: the commas at its top level before it) */
            params.n = 0;
            params.npairs = 0;
            params.nkeys = 0;
            long pe = plist >= 0 ? fs_xs_closing(t, i, plist, '(', ')') : -1;
            int ppos = 0, pdepth = 0;
            for (long k = plist + 1; pe > plist && k < pe;) {
                long q = fs_lex_skip(t, pe, k);
                if (q != k) {
                    k = q;
                    continue;
                }
                if (t[k] == '(')
                    pdepth++;
                else if (t[k] == ')' && pdepth > 0)
                    pdepth--;
                else if (t[k] == ',' && pdepth == 0)
                    ppos++;
                if (!fs_lex_ident_start(t[k]) || fs_lex_ident(t[k - 1])) {
                    k++;
                    continue;
                }
                long s0 = k;
                while (k < pe && fs_lex_ident(t[k]))
                    k++;
                long after = fs_cs_next(t, pe + 1, k);
                if (after <= pe && (t[after] == ',' || t[after] == ')' || t[after] == '[')) {
                    fs_grow(&params.v, &params.cap, params.n + 1, sizeof *params.v);
                    fs_grow(&params.pos, &params.cappos, params.n + 1, sizeof *params.pos);
                    params.v[params.n] = intern(arg, t + s0, (size_t)(k - s0));
                    params.pos[params.n++] = ppos;
                }
            }
            fname = -1;
            plist = -1;
            body.begin = i;
            body.end = e;
            for (; counted < i; counted++)
                if (t[counted] == '\n' || (t[counted] == '\r' && (counted + 1 >= len || t[counted + 1] != '\n')))
                    line++;
            body.line = line;
            int nuses = 0, nloops = 0;
            fs_cs_names(t, i + 1, m < 0 ? e : e - 1, intern, arg, &uses, &nuses, &capuses, &loops, &nloops, &caploops,
                        &body.unsure, 1, &params);
            body.names = fs_xmalloc(sizeof *body.names * ((size_t)nuses + 1));
            body.flags = fs_xcalloc((size_t)nuses + 1, 1);
            body.pair_at = fs_xmalloc(sizeof *body.pair_at * ((size_t)nuses + 1));
            body.pairs = fs_xmalloc(sizeof *body.pairs * ((size_t)params.npairs + 1));
            body.arg_at = fs_xmalloc(sizeof *body.arg_at * ((size_t)nuses + 1));
            body.args = fs_xmalloc(sizeof *body.args * ((size_t)params.nkeys + 1));
            int na = 0;
            body.nnames = body.capnames = nuses;
            int np = 0;
            for (int u = 0; u < nuses; u++) {
                body.pair_at[u] = np;
                body.arg_at[u] = na;
                for (int k = 0; k < uses[u].nargs; k++)
                    body.args[na++] = params.keys[uses[u].args + k];
                for (int k = 0; k < uses[u].npairs; k++)
                    body.pairs[np++] = params.pairs[uses[u].pairs + k];
                body.names[u] = uses[u].name;
                body.flags[u] = (unsigned char)((uses[u].call ? FS_CS_CALL : 0) | (uses[u].param ? FS_CS_PARAM : 0) |
                                                (uses[u].result ? FS_CS_RESULT : 0));
                for (int r = 0; r < nloops; r++)
                    if (uses[u].at >= loops[r].begin && uses[u].at < loops[r].end) {
                        body.flags[u] |= FS_CS_LOOP;
                        break;
                    }
            }
            body.pair_at[nuses] = np;
            body.arg_at[nuses] = na;
            if (tagged && body.name < 0)
                body.unsure = 0; /* a struct's members: an #include there adds members, not code */
            tagged = 0;
            FS_PUSH(out->bodies, out->nbodies, out->capbodies, body);
            /* the body's own #defines */
            for (long k = i + 1; k < e; k++) {
                long q = fs_lex_skip(t, e, k);
                if (q != k) {
                    k = q - 1;
                    continue;
                }
                if (t[k] != '#')
                    continue;
                long b = k;
                while (b > i + 1 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
                    b--;
                if (FS_LEX_EOL(t[b - 1]))
                    k = fs_cs_directive(t, e, k, intern, arg, out) - 1;
            }
            i = e;
            prev = '}';
            continue;
        }
        if (c == '{') {
            /* an initializer: data */
            long m = fs_xs_closing(t, len, i, '{', '}');
            i = m < 0 ? len : m + 1;
            prev = '}';
            fname = -1;
            nalias = 0;
            continue;
        }
        if (fs_lex_ident_start(c)) {
            long b = i;
            while (i < len && fs_lex_ident(t[i]))
                i++;
            prev = t[i - 1];
            if (depth == 0 && (fs_cs_word(t, b, i, "struct") || fs_cs_word(t, b, i, "union") || fs_cs_word(t, b, i, "enum"))) {
                tagged = 1;
                tag_at = b;
            }
            long q = fs_cs_next(t, len, i);
            if (depth == 0 && q < len && t[q] == '(') {
                int id = intern(arg, t + b, (size_t)(i - b));
                if (nalias == 4) /* the last four */
                    memmove(alias, alias + 1, sizeof alias - sizeof alias[0]), nalias--;
                alias[nalias++] = id;
                fname_at = b;
                if (fname < 0 || !(i - b > 2 && t[b] == '_' && t[b + 1] == '_')) {
                    fname = id; /* not `__attribute__` after it */
                    plist = q;
                }
            }
            continue;
        }
        if (c == '(')
            depth++;
        else if (c == ')' && depth > 0)
            depth--;
        else if (c == ';')
            fname = -1, tagged = 0, nalias = 0;
        prev = c;
        i++;
    }
    free(uses);
    free(loops);
    FS_FREE(params.v, params.pos, params.pairs, params.keys);
}

void fs_cs_file_free(fs_cs_file *f)
{
    for (int i = 0; i < f->nbodies; i++)
        FS_FREE(f->bodies[i].names, f->bodies[i].flags, f->bodies[i].pairs, f->bodies[i].pair_at, f->bodies[i].args,
                f->bodies[i].arg_at);
    for (int i = 0; i < f->nmacros; i++)
        FS_FREE(f->macros[i].names, f->macros[i].called);
    FS_FREE(f->bodies, f->macros);
    memset(f, 0, sizeof *f);
}
