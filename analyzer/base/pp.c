/* pp.c - which arms of #if chains the build compiles (pp.h). */
#include "base/pp.h"
#include "base/lex.h"
#include "base/source.h"
#include "base/util.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define FS_PP_MAX_NEST 256        /* #if levels tracked */
#define FS_PP_MAX_EXPAND 16       /* macros within macros in a condition */
#define FS_PP_MAX_HEADERS 256     /* headers one environment reads */
#define FS_PP_MAX_HEADER_DEPTH 16 /* nested #include */
#define FS_PP_MAX_HEADER (4L << 20)

enum { PP_UNKNOWN = -1, PP_UNDEF = 0, PP_DEFINED = 1 };

typedef struct fs_pp_mac {
    char *name;  /* NULL: a free slot */
    int state;   /* PP_DEFINED, PP_UNDEF, PP_UNKNOWN */
    int fnlike;
    char *value; /* the replacement of a defined object-like macro */
} fs_pp_mac;

struct fs_pp {
    fs_pp_mac *m;
    int cap, n;
    char **quote, **angle; /* include folders: "..." only, then both */
    int nquote, capquote, nangle, capangle;
    char **forced; /* -include / -imacros files, read before the main file */
    int nforced, capforced;
    char **seen; /* headers read (realpaths) */
    int nseen, capseen;
    int follow;
    int depth; /* headers being read */
    const long *oracle; /* a compiler's skipped ranges of the file scanned (begin, end pairs, sorted), borrowed */
    int noracle;
};

/* --- the macro table ---------------------------------------------------- */

static unsigned fs_pp_hash(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static fs_pp_mac *fs_pp_slot(const fs_pp *p, const char *name, size_t n)
{
    unsigned h = fs_pp_hash(name, n) & (unsigned)(p->cap - 1);
    for (;;) {
        fs_pp_mac *e = &p->m[h];
        if (!e->name || (strlen(e->name) == n && memcmp(e->name, name, n) == 0))
            return e;
        h = (h + 1) & (unsigned)(p->cap - 1);
    }
}

static void fs_pp_rehash(fs_pp *p)
{
    fs_pp_mac *old = p->m;
    int oldcap = p->cap;
    p->cap = oldcap ? oldcap * 2 : 256;
    p->m = fs_xcalloc((size_t)p->cap, sizeof *p->m);
    for (int i = 0; i < oldcap; i++)
        if (old[i].name)
            *fs_pp_slot(p, old[i].name, strlen(old[i].name)) = old[i];
    free(old);
}

static fs_pp_mac *fs_pp_get(fs_pp *p, const char *name, size_t n)
{
    if ((p->n + 1) * 2 > p->cap)
        fs_pp_rehash(p);
    fs_pp_mac *e = fs_pp_slot(p, name, n);
    if (!e->name) {
        e->name = fs_xstrndup(name, n);
        e->state = PP_UNKNOWN;
        p->n++;
    }
    return e;
}

static const fs_pp_mac *fs_pp_find(const fs_pp *p, const char *name, size_t n)
{
    if (!p->cap)
        return NULL;
    const fs_pp_mac *e = fs_pp_slot(p, name, n);
    return e->name ? e : NULL;
}

static void fs_pp_set(fs_pp *p, const char *name, size_t n, int state, int fnlike, const char *value, size_t vlen)
{
    fs_pp_mac *e = fs_pp_get(p, name, n);
    free(e->value);
    e->value = NULL;
    e->state = state;
    e->fnlike = fnlike;
    if (state == PP_DEFINED && !fnlike)
        e->value = fs_xstrndup(value ? value : "", value ? vlen : 0);
}

void fs_pp_define(fs_pp *p, const char *name, const char *value)
{
    fs_pp_set(p, name, strlen(name), PP_DEFINED, 0, value, value ? strlen(value) : 0);
}

void fs_pp_undef(fs_pp *p, const char *name)
{
    fs_pp_set(p, name, strlen(name), PP_UNDEF, 0, NULL, 0);
}

int fs_pp_is_defined(const fs_pp *p, const char *name)
{
    const fs_pp_mac *e = fs_pp_find(p, name, strlen(name));
    return e ? e->state : PP_UNKNOWN;
}

/* The target: Linux, GCC, x86-64.  __STDC_VERSION__ and the like depend on
 * flags, and stay unknown. */
static const char *const fs_pp_target_defined[][2] = {
    { "__linux__", "1" }, { "__linux", "1" }, { "linux", "1" }, { "__unix__", "1" }, { "__unix", "1" },
    { "unix", "1" }, { "__gnu_linux__", "1" }, { "__ELF__", "1" }, { "__GNUC__", "12" },
    { "__GNUC_MINOR__", "2" }, { "__STDC__", "1" }, { "__STDC_HOSTED__", "1" }, { "__x86_64__", "1" },
    { "__x86_64", "1" }, { "__LP64__", "1" }, { "_LP64", "1" }, { "__CHAR_BIT__", "8" },
    { "__SIZEOF_INT__", "4" }, { "__SIZEOF_LONG__", "8" }, { "__SIZEOF_POINTER__", "8" },
    { "__SIZEOF_LONG_LONG__", "8" }, { "__SIZEOF_SHORT__", "2" }, { "__ORDER_LITTLE_ENDIAN__", "1234" },
    { "__ORDER_BIG_ENDIAN__", "4321" }, { "__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__" },
};
/* What only another platform or compiler defines. */
static const char *const fs_pp_target_undefined[] = {
    "_WIN32", "_WIN64", "WIN32", "WIN64", "__WIN32__", "__WIN64__", "_WINDOWS", "__WINDOWS__", "__CYGWIN__",
    "__CYGWIN32__", "__MINGW32__", "__MINGW64__", "_MSC_VER", "_WIN32_WCE", "__BORLANDC__", "__WATCOMC__",
    "__DMC__", "__VMS", "VMS", "__vms", "vms", "AMIGA", "__amigaos__", "__AMIGA__", "__amigaos4__",
    "MSDOS", "__MSDOS__", "_MSDOS", "__DOS__", "__DJGPP__", "DJGPP", "__OS2__", "OS2", "__EMX__",
    "__APPLE__", "__MACH__", "__FreeBSD__", "__NetBSD__", "__OpenBSD__", "__DragonFly__", "__bsdi__",
    "__sun", "__sun__", "sun", "__SVR4", "__svr4__", "_AIX", "__hpux", "hpux", "__HAIKU__", "__BEOS__",
    "__QNX__", "__QNXNTO__", "__minix", "__EMSCRIPTEN__", "__wasi__", "__TANDEM", "__MVS__", "__riscos__",
    "__GNU__", "__FreeBSD_kernel__", "__sgi", "__osf__", "__ultrix", "__NeXT__", "__INTERIX", "__OpenVMS",
    "__SYMBIAN32__", "__VXWORKS__", "__vxworks", "__CHERI__", "__cplusplus", "__OBJC__",
};

fs_pp *fs_pp_new(void)
{
    fs_pp *p = fs_xcalloc(1, sizeof *p);
    fs_pp_rehash(p);
    for (size_t i = 0; i < sizeof fs_pp_target_defined / sizeof fs_pp_target_defined[0]; i++)
        fs_pp_define(p, fs_pp_target_defined[i][0], fs_pp_target_defined[i][1]);
    for (size_t i = 0; i < sizeof fs_pp_target_undefined / sizeof fs_pp_target_undefined[0]; i++)
        fs_pp_undef(p, fs_pp_target_undefined[i]);
    return p;
}

static char **fs_pp_strs_copy(char *const *v, int n, int *cap)
{
    char **out = n ? fs_xmalloc(sizeof *out * (size_t)n) : NULL;
    for (int i = 0; i < n; i++)
        out[i] = fs_xstrdup(v[i]);
    *cap = n;
    return out;
}

fs_pp *fs_pp_copy(const fs_pp *p)
{
    fs_pp *c = fs_xcalloc(1, sizeof *c);
    c->cap = p->cap;
    c->n = p->n;
    c->m = fs_xcalloc((size_t)c->cap, sizeof *c->m);
    for (int i = 0; i < p->cap; i++)
        if (p->m[i].name) {
            c->m[i] = p->m[i];
            c->m[i].name = fs_xstrdup(p->m[i].name);
            c->m[i].value = p->m[i].value ? fs_xstrdup(p->m[i].value) : NULL;
        }
    c->quote = fs_pp_strs_copy(p->quote, p->nquote, &c->capquote);
    c->nquote = p->nquote;
    c->angle = fs_pp_strs_copy(p->angle, p->nangle, &c->capangle);
    c->nangle = p->nangle;
    c->forced = fs_pp_strs_copy(p->forced, p->nforced, &c->capforced);
    c->nforced = p->nforced;
    c->follow = p->follow;
    return c;
}

static void fs_pp_strs_free(char **v, int n)
{
    for (int i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void fs_pp_free(fs_pp *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->cap; i++)
        FS_FREE(p->m[i].name, p->m[i].value);
    free(p->m);
    fs_pp_strs_free(p->quote, p->nquote);
    fs_pp_strs_free(p->angle, p->nangle);
    fs_pp_strs_free(p->forced, p->nforced);
    fs_pp_strs_free(p->seen, p->nseen);
    free(p);
}

int fs_pp_include_dirs(const fs_pp *p, const char *const **quote, const char *const **angle, int *nangle)
{
    *quote = (const char *const *)p->quote;
    *angle = (const char *const *)p->angle;
    *nangle = p->nangle;
    return p->nquote;
}

void fs_pp_follow(fs_pp *p, int on)
{
    p->follow = on;
}

static char *fs_pp_abs(const char *dir, const char *path)
{
    if (path[0] == '/' || !dir || !*dir)
        return fs_xstrdup(path);
    return fs_xasprintf("%s/%s", dir, path);
}

void fs_pp_args(fs_pp *p, const char *const *args, int nargs, const char *directory)
{
    static const struct { const char *flag; int kind; } opts[] = {
        { "-D", 'D' }, { "-U", 'U' }, { "-I", 'I' }, { "-iquote", 'Q' }, { "-isystem", 'S' },
        { "-idirafter", 'S' }, { "-include", 'F' }, { "-imacros", 'F' },
    };
    for (int i = 0; i < nargs; i++) {
        const char *a = args[i];
        for (size_t k = 0; k < sizeof opts / sizeof opts[0]; k++) {
            size_t fl = strlen(opts[k].flag);
            if (strncmp(a, opts[k].flag, fl) != 0)
                continue;
            const char *v = a + fl;
            if (!*v) {
                if (i + 1 >= nargs)
                    break;
                v = args[++i];
            } else if (fl > 2 && opts[k].kind != 'D' && opts[k].kind != 'U' && opts[k].kind != 'I') {
                /* -iquoteDIR is accepted by GCC too */
            }
            switch (opts[k].kind) {
            case 'D': {
                const char *eq = strchr(v, '=');
                const char *paren = strchr(v, '(');
                size_t n = eq ? (size_t)(eq - v) : strlen(v);
                if (paren && (size_t)(paren - v) < n)
                    fs_pp_set(p, v, (size_t)(paren - v), PP_DEFINED, 1, NULL, 0);
                else
                    fs_pp_set(p, v, n, PP_DEFINED, 0, eq ? eq + 1 : "1", eq ? strlen(eq + 1) : 1);
                break;
            }
            case 'U':
                fs_pp_set(p, v, strlen(v), PP_UNDEF, 0, NULL, 0);
                break;
            case 'I':
                FS_PUSH(p->angle, p->nangle, p->capangle, fs_pp_abs(directory, v));
                break;
            case 'Q':
                FS_PUSH(p->quote, p->nquote, p->capquote, fs_pp_abs(directory, v));
                break;
            case 'S':
                FS_PUSH(p->angle, p->nangle, p->capangle, fs_pp_abs(directory, v));
                break;
            case 'F':
                FS_PUSH(p->forced, p->nforced, p->capforced, fs_pp_abs(directory, v));
                break;
            }
            break;
        }
    }
}

/* --- conditions ------------------------------------------------------- */

typedef struct { int known; long long v; } fs_pp_val;

typedef struct fs_pp_ex {
    const fs_pp *p;
    const char *s, *e; /* the text left */
    int depth;         /* macro expansions within */
    int free;          /* a name nothing defines or undefines was met (fs_pp_is_free) */
} fs_pp_ex;

/* A name that nothing known defines or undefines, and that no
 * implementation may reserve (`_X`, `__x`): what a header that was not
 * found may define. */
static int fs_pp_is_free(const fs_pp_mac *m, const char *name, size_t n)
{
    if (m && m->state != PP_UNKNOWN)
        return 0;
    return !(n >= 2 && name[0] == '_' && (name[1] == '_' || isupper((unsigned char)name[1])));
}

static fs_pp_val fs_pp_cond(fs_pp_ex *x);

static void fs_pp_blank(fs_pp_ex *x)
{
    while (x->s < x->e) {
        if (*x->s == ' ' || *x->s == '\t' || *x->s == '\r' || *x->s == '\n' || *x->s == '\f' || *x->s == '\v') {
            x->s++;
        } else if (*x->s == '\\' && x->s + 1 < x->e && (x->s[1] == '\n' || x->s[1] == '\r')) {
            x->s += 2;
        } else if (x->s + 1 < x->e && x->s[0] == '/' && x->s[1] == '*') {
            const char *c = x->s + 2;
            while (c + 1 < x->e && !(c[0] == '*' && c[1] == '/'))
                c++;
            x->s = c + 1 < x->e ? c + 2 : x->e;
        } else if (x->s + 1 < x->e && x->s[0] == '/' && x->s[1] == '/') {
            x->s = x->e;
        } else {
            break;
        }
    }
}

static int fs_pp_ident_start(int c) { return isalpha(c) || c == '_'; }
static int fs_pp_ident(int c) { return isalnum(c) || c == '_'; }

static int fs_pp_eat(fs_pp_ex *x, const char *op)
{
    fs_pp_blank(x);
    size_t n = strlen(op);
    if ((size_t)(x->e - x->s) < n || memcmp(x->s, op, n) != 0)
        return 0;
    /* "<" is not "<<" or "<=", "&" not "&&", ... */
    if (n == 1 && x->s + 1 < x->e && strchr("<>&|=!", op[0]) && (x->s[1] == op[0] || x->s[1] == '=') &&
        !(op[0] == '!' && x->s[1] == '!'))
        return 0;
    if (n == 2 && (strcmp(op, "<<") == 0 || strcmp(op, ">>") == 0) && x->s + 2 < x->e && x->s[2] == '=')
        return 0;
    x->s += n;
    return 1;
}

/* A balanced (...) after a name, passed over; 0 when there is none. */
static int fs_pp_skip_parens(fs_pp_ex *x)
{
    fs_pp_blank(x);
    if (x->s >= x->e || *x->s != '(')
        return 0;
    int d = 0;
    for (; x->s < x->e; x->s++) {
        if (*x->s == '(')
            d++;
        else if (*x->s == ')' && --d == 0) {
            x->s++;
            return 1;
        }
    }
    return 1;
}

static fs_pp_val fs_pp_unknown(void) { return (fs_pp_val){ 0, 0 }; }
static fs_pp_val fs_pp_known(long long v) { return (fs_pp_val){ 1, v }; }

static fs_pp_val fs_pp_primary(fs_pp_ex *x);

static fs_pp_val fs_pp_unary(fs_pp_ex *x)
{
    if (fs_pp_eat(x, "!")) {
        fs_pp_val v = fs_pp_unary(x);
        return v.known ? fs_pp_known(!v.v) : v;
    }
    if (fs_pp_eat(x, "~")) {
        fs_pp_val v = fs_pp_unary(x);
        return v.known ? fs_pp_known(~v.v) : v;
    }
    if (fs_pp_eat(x, "-")) {
        fs_pp_val v = fs_pp_unary(x);
        return v.known && v.v != LLONG_MIN ? fs_pp_known(-v.v) : fs_pp_unknown();
    }
    if (fs_pp_eat(x, "+"))
        return fs_pp_unary(x);
    return fs_pp_primary(x);
}

static fs_pp_val fs_pp_primary(fs_pp_ex *x)
{
    fs_pp_blank(x);
    if (x->s >= x->e)
        return fs_pp_unknown();
    if (*x->s == '(') {
        x->s++;
        fs_pp_val v = fs_pp_cond(x);
        if (!fs_pp_eat(x, ")"))
            return fs_pp_unknown();
        return v;
    }
    if (isdigit((unsigned char)*x->s)) {
        char *end;
        errno = 0;
        unsigned long long v = strtoull(x->s, &end, 0);
        if (end == x->s || end > x->e)
            return fs_pp_unknown();
        x->s = end;
        while (x->s < x->e && (*x->s == 'u' || *x->s == 'U' || *x->s == 'l' || *x->s == 'L'))
            x->s++;
        if (x->s < x->e && (fs_pp_ident(*x->s) || *x->s == '.'))
            return fs_pp_unknown(); /* a float, or something else */
        return fs_pp_known((long long)v);
    }
    if (*x->s == '\'') {
        const char *c = x->s + 1;
        long long v;
        if (c < x->e && *c == '\\') {
            c++;
            v = c < x->e ? (*c == 'n' ? '\n' : *c == 't' ? '\t' : *c == '0' ? 0 : *c) : 0;
        } else {
            v = c < x->e ? (unsigned char)*c : 0;
        }
        c++;
        if (c >= x->e || *c != '\'')
            return fs_pp_unknown();
        x->s = c + 1;
        return fs_pp_known(v);
    }
    if (!fs_pp_ident_start((unsigned char)*x->s))
        return fs_pp_unknown();
    const char *b = x->s;
    while (x->s < x->e && fs_pp_ident((unsigned char)*x->s))
        x->s++;
    size_t n = (size_t)(x->s - b);
    if (n == 7 && memcmp(b, "defined", 7) == 0) {
        int paren = fs_pp_eat(x, "(");
        fs_pp_blank(x);
        const char *nb = x->s;
        while (x->s < x->e && fs_pp_ident((unsigned char)*x->s))
            x->s++;
        size_t nn = (size_t)(x->s - nb);
        if (!nn || (paren && !fs_pp_eat(x, ")")))
            return fs_pp_unknown();
        const fs_pp_mac *m = fs_pp_find(x->p, nb, nn);
        int st = m ? m->state : PP_UNKNOWN;
        x->free |= fs_pp_is_free(m, nb, nn);
        return st == PP_UNKNOWN ? fs_pp_unknown() : fs_pp_known(st == PP_DEFINED);
    }
    const fs_pp_mac *m = fs_pp_find(x->p, b, n);
    fs_pp_blank(x);
    int call = x->s < x->e && *x->s == '(';
    if (call) { /* __has_include(...), a function-like macro: not evaluated */
        fs_pp_skip_parens(x);
        return fs_pp_unknown();
    }
    x->free |= fs_pp_is_free(m, b, n);
    if (!m || m->state == PP_UNKNOWN || m->fnlike)
        return fs_pp_unknown();
    if (m->state == PP_UNDEF)
        return fs_pp_known(0);
    if (!m->value || x->depth >= FS_PP_MAX_EXPAND)
        return fs_pp_unknown();
    fs_pp_ex sub = { x->p, m->value, m->value + strlen(m->value), x->depth + 1, 0 };
    fs_pp_blank(&sub);
    if (sub.s >= sub.e)
        return fs_pp_unknown(); /* `#define X` then `#if X` */
    fs_pp_val v = fs_pp_cond(&sub);
    x->free |= sub.free;
    fs_pp_blank(&sub);
    return sub.s < sub.e ? fs_pp_unknown() : v;
}

/* Binary operators by precedence, lowest first (the ternary and the logical
 * ones are fs_pp_cond's and fs_pp_logic's). */
static const char *const fs_pp_levels[][5] = {
    { "|", NULL }, { "^", NULL }, { "&", NULL }, { "==", "!=", NULL }, { "<=", ">=", "<", ">", NULL },
    { "<<", ">>", NULL }, { "+", "-", NULL }, { "*", "/", "%", NULL },
};
#define FS_PP_NLEVELS ((int)(sizeof fs_pp_levels / sizeof fs_pp_levels[0]))

static fs_pp_val fs_pp_apply(const char *op, fs_pp_val a, fs_pp_val b)
{
    if (!a.known || !b.known)
        return fs_pp_unknown();
    long long x = a.v, y = b.v;
    if (!strcmp(op, "|")) return fs_pp_known(x | y);
    if (!strcmp(op, "^")) return fs_pp_known(x ^ y);
    if (!strcmp(op, "&")) return fs_pp_known(x & y);
    if (!strcmp(op, "==")) return fs_pp_known(x == y);
    if (!strcmp(op, "!=")) return fs_pp_known(x != y);
    if (!strcmp(op, "<=")) return fs_pp_known(x <= y);
    if (!strcmp(op, ">=")) return fs_pp_known(x >= y);
    if (!strcmp(op, "<")) return fs_pp_known(x < y);
    if (!strcmp(op, ">")) return fs_pp_known(x > y);
    if (!strcmp(op, "<<")) return y >= 0 && y < 63 ? fs_pp_known((long long)((unsigned long long)x << y)) : fs_pp_unknown();
    if (!strcmp(op, ">>")) return y >= 0 && y < 63 ? fs_pp_known(x >> y) : fs_pp_unknown();
    if (!strcmp(op, "+")) return fs_pp_known((long long)((unsigned long long)x + (unsigned long long)y));
    if (!strcmp(op, "-")) return fs_pp_known((long long)((unsigned long long)x - (unsigned long long)y));
    if (!strcmp(op, "*")) return fs_pp_known((long long)((unsigned long long)x * (unsigned long long)y));
    if (y == 0 || (x == LLONG_MIN && y == -1))
        return fs_pp_unknown();
    if (!strcmp(op, "/")) return fs_pp_known(x / y);
    return fs_pp_known(x % y);
}

static fs_pp_val fs_pp_binary(fs_pp_ex *x, int level)
{
    if (level >= FS_PP_NLEVELS)
        return fs_pp_unary(x);
    fs_pp_val a = fs_pp_binary(x, level + 1);
    for (;;) {
        const char *op = NULL;
        for (int k = 0; fs_pp_levels[level][k] && !op; k++)
            if (fs_pp_eat(x, fs_pp_levels[level][k]))
                op = fs_pp_levels[level][k];
        if (!op)
            return a;
        fs_pp_val b = fs_pp_binary(x, level + 1);
        a = fs_pp_apply(op, a, b);
    }
}

/* `&&` (is_or 0) and `||` (1): an operand that decides the value wins
 * over an unknown one. */
static fs_pp_val fs_pp_logic(fs_pp_ex *x, int is_or)
{
    fs_pp_val a = is_or ? fs_pp_logic(x, 0) : fs_pp_binary(x, 0);
    while (fs_pp_eat(x, is_or ? "||" : "&&")) {
        fs_pp_val b = is_or ? fs_pp_logic(x, 0) : fs_pp_binary(x, 0);
        if ((a.known && (a.v != 0) == is_or) || (b.known && (b.v != 0) == is_or))
            a = fs_pp_known(is_or);
        else if (a.known && b.known)
            a = fs_pp_known(!is_or);
        else
            a = fs_pp_unknown();
    }
    return a;
}

static fs_pp_val fs_pp_cond(fs_pp_ex *x)
{
    if (x->depth > FS_PP_MAX_EXPAND + 64)
        return fs_pp_unknown();
    x->depth++;
    fs_pp_val c = fs_pp_logic(x, 1);
    if (fs_pp_eat(x, "?")) {
        fs_pp_val a = fs_pp_cond(x);
        if (!fs_pp_eat(x, ":")) {
            x->depth--;
            return fs_pp_unknown();
        }
        fs_pp_val b = fs_pp_cond(x);
        if (c.known)
            c = c.v ? a : b;
        else
            c = a.known && b.known && a.v == b.v ? a : fs_pp_unknown();
    }
    x->depth--;
    return c;
}

/* 1, 0, or -1 (unknown) for the condition text [s, e); *free is set when
 * it names a free name (fs_pp_is_free). */
static int fs_pp_eval(const fs_pp *p, const char *s, const char *e, int *free)
{
    fs_pp_ex x = { p, s, e, 0, 0 };
    fs_pp_val v = fs_pp_cond(&x);
    fs_pp_blank(&x);
    *free = x.free;
    if (!v.known || x.s < x.e)
        return -1;
    return v.v != 0;
}

/* --- the scan ----------------------------------------------------------- */

enum { ARM_FALSE = 0, ARM_TRUE = 1, ARM_MAYBE = 2 };

typedef struct fs_pp_level {
    int live;           /* the region around the chain is compiled (or may be) */
    int clive;          /* with an oracle: the compiler compiled the region around the chain */
    int carm;           /* ... and the current arm */
    int free;           /* an arm so far names a free name: the chain is undecided */
    long chain_b;       /* where its #if line begins */
    int sure;           /* ... and surely */
    int taken;          /* an arm was surely taken */
    int all_false;      /* every arm so far is surely not */
    int decided;        /* every arm so far is surely taken or not */
    int arm;            /* the current arm: ARM_* */
    long arm_body;      /* where the current arm's body begins */
    long *lines;        /* the chain's directive lines (begin, end pairs) */
    int nlines, caplines;
} fs_pp_level;

typedef struct fs_pp_stack {
    fs_pp_level *v; /* grown as chains nest (at most FS_PP_MAX_NEST) */
    int depth, cap;
} fs_pp_stack;

typedef struct fs_pp_out {
    long **holes;
    int *nholes, *cap;
    long **undecided; /* chains with a free name (begin, end pairs), or NULL */
    int *nundecided, *capundecided;
    long len; /* of the text scanned */
} fs_pp_out;

static void fs_pp_hole(fs_pp_out *o, long b, long e)
{
    if (!o->holes || e <= b)
        return;
    fs_grow(o->holes, o->cap, *o->nholes * 2 + 2, sizeof **o->holes);
    (*o->holes)[*o->nholes * 2] = b;
    (*o->holes)[*o->nholes * 2 + 1] = e;
    (*o->nholes)++;
}

static void fs_pp_read_header(fs_pp *p, const char *dir, const char *name, size_t n, int quoted);

/* `#ifdef NAME` (want 1) or `#ifndef NAME` (want 0), and their #elif
 * forms, with x at the name: 1, 0, or -1 (unknown); x->free as in
 * fs_pp_eval. */
static int fs_pp_defined_test(fs_pp_ex *x, int want)
{
    fs_pp_blank(x);
    const char *nb = x->s;
    while (x->s < x->e && fs_pp_ident((unsigned char)*x->s))
        x->s++;
    const fs_pp_mac *m = fs_pp_find(x->p, nb, (size_t)(x->s - nb));
    int s = m ? m->state : PP_UNKNOWN;
    x->free = fs_pp_is_free(m, nb, (size_t)(x->s - nb));
    return s == PP_UNKNOWN ? -1 : (s == PP_DEFINED) == want;
}

/* An include guard: `#ifndef NAME` whose next line of text is `#define
 * NAME` (t[e] begins the line after the #ifndef). */
static int fs_pp_guard(const char *t, long len, long e, const char *nb, size_t nn)
{
    long i = e;
    while (i < len && isspace((unsigned char)t[i]))
        i++;
    if (i >= len || t[i] != '#')
        return 0;
    for (i++; i < len && (t[i] == ' ' || t[i] == '\t'); i++)
        ;
    if (len - i < 7 || memcmp(t + i, "define", 6) != 0 || (t[i + 6] != ' ' && t[i + 6] != '\t'))
        return 0;
    for (i += 6; i < len && (t[i] == ' ' || t[i] == '\t'); i++)
        ;
    return len - i >= (long)nn && memcmp(t + i, nb, nn) == 0 && (i + (long)nn >= len || !fs_pp_ident((unsigned char)t[i + nn]));
}

/* With an oracle: whether the compiler skipped the arm whose body begins
 * at offset b. */
static int fs_pp_skipped_at(const fs_pp *p, long b)
{
    for (int k = 0; k < p->noracle; k++)
        if (p->oracle[2 * k] < b && b < p->oracle[2 * k + 1])
            return 1;
    return 0;
}

/* A chain's next arm, from its directive line [b, e): c is its condition
 * (1, 0, or -1 unknown), as far as the arms before it leave it open. */
static void fs_pp_arm(fs_pp_level *l, int c, long b, long e)
{
    l->arm = c < 0 ? ARM_MAYBE : c ? ARM_TRUE : ARM_FALSE;
    if (l->arm == ARM_TRUE)
        l->taken = 1;
    if (l->arm != ARM_FALSE)
        l->all_false = 0;
    if (l->arm == ARM_MAYBE)
        l->decided = 0;
    l->arm_body = e;
    FS_PUSH(l->lines, l->nlines, l->caplines, b);
    FS_PUSH(l->lines, l->nlines, l->caplines, e);
}

/* With an oracle, an arm of a live chain whose body begins at e: a chain
 * whose conditions so far name no free name, in a region the compiler
 * compiled, is decided as the compiler did; one that names a free name is
 * undecided (c as evaluated, -1 when that cannot say). */
static void fs_pp_oracle_arm(const fs_pp *p, fs_pp_level *l, int live, int free, int *c, long e)
{
    if (!p->oracle || !live)
        return;
    l->free |= free;
    if (!l->free && l->clive)
        *c = !fs_pp_skipped_at(p, e);
    l->carm = l->clive && !fs_pp_skipped_at(p, e);
}

/* The directive at t[b] ('#'), to its logical line's end e (after the
 * newline, or len). */
static void fs_pp_directive(fs_pp *p, const char *path, const char *t, long b, long hash, long e, fs_pp_stack *sk,
                            fs_pp_out *o)
{
    fs_pp_ex x = { p, t + hash + 1, t + e, 0, 0 };
    fs_pp_blank(&x);
    const char *kb = x.s;
    while (x.s < x.e && fs_pp_ident((unsigned char)*x.s))
        x.s++;
    size_t kn = (size_t)(x.s - kb);
#define KW(w) (kn == sizeof w - 1 && memcmp(kb, w, kn) == 0)
    if (sk->depth > FS_PP_MAX_NEST) { /* past the limit: only the nesting is followed */
        if (KW("if") || KW("ifdef") || KW("ifndef"))
            sk->depth++;
        else if (KW("endif"))
            sk->depth--;
        return;
    }
    fs_pp_level *top = sk->depth > 0 ? &sk->v[sk->depth - 1] : NULL;
    int live = !top || (top->live && top->arm != ARM_FALSE);
    int sure = !top || (top->sure && top->arm == ARM_TRUE);
    if (KW("if") || KW("ifdef") || KW("ifndef")) {
        if (sk->depth >= FS_PP_MAX_NEST) {
            sk->depth++; /* past the limit: not followed, and nothing decided */
            return;
        }
        int clive = !top || (top->clive && top->carm); /* (top moves with the stack) */
        if (sk->depth >= sk->cap) {
            int old = sk->cap;
            sk->cap = old ? 2 * old : 16;
            sk->v = fs_xrealloc(sk->v, sizeof *sk->v * (size_t)sk->cap);
            memset(sk->v + old, 0, sizeof *sk->v * (size_t)(sk->cap - old));
        }
        fs_pp_level *l = &sk->v[sk->depth++];
        long *keep = l->lines;
        int capkeep = l->caplines;
        memset(l, 0, sizeof *l);
        l->lines = keep;
        l->caplines = capkeep;
        l->live = live;
        l->sure = sure;
        l->clive = clive;
        l->chain_b = b;
        l->all_false = 1;
        l->decided = 1;
        int c, free = 0;
        if (!live) {
            c = ARM_FALSE;
        } else if (KW("if")) {
            c = fs_pp_eval(p, x.s, x.e, &free);
        } else {
            const char *nb = x.s;
            c = fs_pp_defined_test(&x, KW("ifdef"));
            free = x.free;
            while (nb < x.e && (*nb == ' ' || *nb == '\t'))
                nb++;
            if (free && KW("ifndef") && fs_pp_guard(t, o->len, e, nb, (size_t)(x.s - nb)))
                free = 0, c = 1; /* an include guard */
        }
        fs_pp_oracle_arm(p, l, live, free, &c, e);
        fs_pp_arm(l, c, b, e);
        return;
    }
    if (KW("elif") || KW("else") || KW("elifdef") || KW("elifndef") || KW("endif")) {
        if (!top)
            return; /* unbalanced: nothing to close */
        /* the arm that ends */
        if (top->live && top->arm == ARM_FALSE)
            fs_pp_hole(o, top->arm_body, b);
        if (KW("endif")) {
            FS_PUSH(top->lines, top->nlines, top->caplines, b);
            FS_PUSH(top->lines, top->nlines, top->caplines, e);
            if (top->live && top->decided)
                for (int k = 0; k < top->nlines; k += 2)
                    fs_pp_hole(o, top->lines[k], top->lines[k + 1]);
            if (top->live && top->free && o->undecided) {
                fs_grow(o->undecided, o->capundecided, *o->nundecided * 2 + 2, sizeof **o->undecided);
                (*o->undecided)[*o->nundecided * 2] = top->chain_b;
                (*o->undecided)[*o->nundecided * 2 + 1] = e;
                (*o->nundecided)++;
            }
            sk->depth--;
            return;
        }
        int c, free = 0;
        if (!top->live || top->taken) {
            c = 0;
        } else if (KW("else")) {
            c = top->all_false ? 1 : -1;
        } else if (KW("elif")) {
            c = fs_pp_eval(p, x.s, x.e, &free);
        } else {
            c = fs_pp_defined_test(&x, KW("elifdef"));
            free = x.free;
        }
        /* surely taken only when every arm before surely was not */
        if (c == 1 && !top->all_false)
            c = -1;
        if (top->live && !top->taken)
            fs_pp_oracle_arm(p, top, top->live, free, &c, e);
        fs_pp_arm(top, c, b, e);
        return;
    }
    if (!live)
        return;
    if (KW("define") || KW("undef")) {
        fs_pp_blank(&x);
        const char *nb = x.s;
        while (x.s < x.e && fs_pp_ident((unsigned char)*x.s))
            x.s++;
        size_t nn = (size_t)(x.s - nb);
        if (!nn)
            return;
        if (!sure) {
            fs_pp_set(p, nb, nn, PP_UNKNOWN, 0, NULL, 0);
        } else if (KW("undef")) {
            fs_pp_set(p, nb, nn, PP_UNDEF, 0, NULL, 0);
        } else if (x.s < x.e && *x.s == '(') {
            fs_pp_set(p, nb, nn, PP_DEFINED, 1, NULL, 0);
        } else {
            /* the replacement, comments and continuations as blanks */
            fs_buf v = { 0 };
            fs_pp_ex r = { p, x.s, x.e, 0, 0 };
            while (r.s < r.e) {
                fs_pp_blank(&r);
                if (r.s >= r.e)
                    break;
                if (v.len)
                    fs_buf_add(&v, " ", 1);
                while (r.s < r.e && !isspace((unsigned char)*r.s) && !(r.s + 1 < r.e && r.s[0] == '/' &&
                                                                       (r.s[1] == '*' || r.s[1] == '/')) &&
                       !(*r.s == '\\' && r.s + 1 < r.e && (r.s[1] == '\n' || r.s[1] == '\r')))
                    fs_buf_add(&v, r.s++, 1);
            }
            fs_pp_set(p, nb, nn, PP_DEFINED, 0, v.s ? v.s : "", v.len);
            fs_buf_free(&v);
        }
        return;
    }
    if ((KW("include") || KW("include_next") || KW("import")) && p->follow && sure) {
        fs_pp_blank(&x);
        if (x.s >= x.e || (*x.s != '"' && *x.s != '<'))
            return; /* a name a macro spells: not followed */
        char close = *x.s == '"' ? '"' : '>';
        const char *nb = ++x.s;
        while (x.s < x.e && *x.s != close && *x.s != '\n')
            x.s++;
        if (x.s >= x.e || *x.s != close)
            return;
        char *dir = NULL;
        const char *slash = path ? strrchr(path, '/') : NULL;
        dir = slash ? fs_xstrndup(path, (size_t)(slash - path)) : fs_xstrdup(".");
        fs_pp_read_header(p, dir, nb, (size_t)(x.s - nb), close == '"');
        free(dir);
    }
#undef KW
}

/* autoconf's `/ * #undef NAME * /` in a config header: NAME is not defined */
static void fs_pp_autoconf_undef(fs_pp *p, const char *t, long b, long e)
{
    const char *s = t + b + 2, *end = t + e - 2;
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    if (end - s < 7 || memcmp(s, "#undef", 6) != 0 || (s[6] != ' ' && s[6] != '\t'))
        return;
    s += 7;
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    const char *nb = s;
    while (s < end && fs_pp_ident((unsigned char)*s))
        s++;
    size_t n = (size_t)(s - nb);
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    if (n && s == end) {
        const fs_pp_mac *m = fs_pp_find(p, nb, n);
        if (!m || m->state != PP_DEFINED)
            fs_pp_set(p, nb, n, PP_UNDEF, 0, NULL, 0);
    }
}

static void fs_pp_scan_text(fs_pp *p, const char *path, const char *t, long len, fs_pp_out *o)
{
    o->len = len;
    fs_pp_stack sk = { NULL, 0, 0 };
    int bol = 1;
    for (long i = fs_lex_blank(t, len, 0, &bol); i < len; i = fs_lex_blank(t, len, i, &bol)) {
        char c = t[i];
        if (c == '#' && bol) {
            long b = i;
            /* the logical line: continued lines, and comments that go on */
            while (i < len && t[i] != '\n') {
                if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') {
                    i += 2;
                    continue;
                }
                if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
                    long s = i + 2;
                    while (s + 1 < len && !(t[s] == '*' && t[s + 1] == '/'))
                        s++;
                    i = s + 1 < len ? s + 2 : len;
                    continue;
                }
                i++;
            }
            long e = i < len ? i + 1 : len;
            /* holes are whole lines: from the directive line's first column */
            long lb = b;
            while (lb > 0 && t[lb - 1] != '\n')
                lb--;
            fs_pp_directive(p, path, t, lb, b, e, &sk, o);
            i = e;
            bol = 1;
            continue;
        }
        bol = 0;
        if (c == '/' && i + 1 < len && t[i + 1] == '*') {
            long s = i + 2;
            while (s + 1 < len && !(t[s] == '*' && t[s + 1] == '/'))
                s++;
            s = s + 1 < len ? s + 2 : len;
            int live = sk.depth == 0 ||
                       (sk.depth <= FS_PP_MAX_NEST && sk.v[sk.depth - 1].live && sk.v[sk.depth - 1].arm != ARM_FALSE);
            if (live)
                fs_pp_autoconf_undef(p, t, i, s);
            i = s;
            /* a comment alone before a directive keeps the line's start */
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '/') {
            while (i < len && t[i] != '\n')
                i++;
            continue;
        }
        if (c == '"' || c == '\'') {
            char q = c;
            for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
                if (t[i] == '\\')
                    i++;
            i = i < len ? i + 1 : len;
            continue;
        }
        /* the rest of a line of code (at least this character: a '/'
         * that begins no comment) */
        i++;
        while (i < len && t[i] != '\n' && t[i] != '/' && t[i] != '"' && t[i] != '\'')
            i++;
    }
    /* chains left open at the end: their false arm's body to the end */
    for (; sk.depth > 0; sk.depth--)
        if (sk.depth <= FS_PP_MAX_NEST && sk.v[sk.depth - 1].live && sk.v[sk.depth - 1].arm == ARM_FALSE)
            fs_pp_hole(o, sk.v[sk.depth - 1].arm_body, len);
    for (int k = 0; k < sk.cap; k++)
        free(sk.v[k].lines);
    free(sk.v);
}

/* A file's text, when it is a regular file of at most FS_PP_MAX_HEADER bytes. */
static char *fs_pp_read(const char *path, long *len)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size > FS_PP_MAX_HEADER)
        return NULL;
    const char *why;
    return fs_source_read(path, len, &why, NULL);
}

/* The header `name` (n bytes) along the search path: its macros, and the
 * headers it includes, in the environment. */
static void fs_pp_read_header(fs_pp *p, const char *dir, const char *name, size_t n, int quoted)
{
    if (p->depth >= FS_PP_MAX_HEADER_DEPTH || p->nseen >= FS_PP_MAX_HEADERS || !n)
        return;
    char *rel = fs_xstrndup(name, n);
    char *found = NULL;
    if (rel[0] == '/') {
        found = fs_xstrdup(rel);
    } else {
        int nd = (quoted ? 1 + p->nquote : 0) + p->nangle;
        for (int k = 0; k < nd && !found; k++) {
            const char *d = quoted ? (k == 0 ? dir : k <= p->nquote ? p->quote[k - 1] : p->angle[k - 1 - p->nquote])
                                   : p->angle[k];
            char *c = fs_xasprintf("%s/%s", d, rel);
            struct stat sb;
            if (stat(c, &sb) == 0 && S_ISREG(sb.st_mode))
                found = c;
            else
                free(c);
        }
    }
    free(rel);
    if (!found)
        return;
    char *real = realpath(found, NULL);
    int seen = !real;
    for (int k = 0; k < p->nseen && !seen; k++)
        seen = strcmp(p->seen[k], real) == 0;
    if (seen) {
        free(real);
        free(found);
        return;
    }
    FS_PUSH(p->seen, p->nseen, p->capseen, real);
    long len = 0;
    char *text = fs_pp_read(found, &len);
    if (text) {
        p->depth++;
        fs_pp_out none = { 0 };
        const long *oracle = p->oracle; /* the main file's, not this header's */
        p->oracle = NULL;
        fs_pp_scan_text(p, found, text, len, &none);
        p->oracle = oracle;
        p->depth--;
    }
    free(text);
    free(found);
}

void fs_pp_oracle(fs_pp *p, const long *skipped, int n, const char *const *defined, int ndefined)
{
    p->oracle = skipped;
    p->noracle = n;
    for (int i = 0; i < ndefined; i++) {
        size_t nn = strlen(defined[i]);
        const fs_pp_mac *m = fs_pp_find(p, defined[i], nn);
        if (!m || m->state == PP_UNKNOWN)
            fs_pp_set(p, defined[i], nn, PP_DEFINED, 0, NULL, 0); /* its value is the compiler's */
    }
}

void fs_pp_scan(fs_pp *p, const char *path, const char *text, long len, long **holes, int *nholes, int *cap)
{
    fs_pp_scan_undecided(p, path, text, len, holes, nholes, cap, NULL, NULL, NULL);
}

void fs_pp_scan_undecided(fs_pp *p, const char *path, const char *text, long len, long **holes, int *nholes, int *cap,
                          long **undecided, int *nundecided, int *capundecided)
{
    /* -include and -imacros files first, once */
    if (p->follow) {
        for (int k = 0; k < p->nforced; k++)
            fs_pp_read_header(p, ".", p->forced[k], strlen(p->forced[k]), 1);
        fs_pp_strs_free(p->forced, p->nforced);
        p->forced = NULL;
        p->nforced = p->capforced = 0;
    }
    int first = holes ? *nholes : 0;
    fs_pp_out o = { holes, nholes, cap, undecided, nundecided, capundecided, len };
    fs_pp_scan_text(p, path, text, len, &o);
    if (holes && *holes) {
        int n = *nholes - first;
        fs_pp_holes_normalise(*holes + 2 * first, &n);
        *nholes = first + n;
    }
}

static int fs_pp_hole_cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

void fs_pp_holes_normalise(long *h, int *n)
{
    if (*n > 1)
        qsort(h, (size_t)*n, 2 * sizeof *h, fs_pp_hole_cmp);
    int w = 0;
    for (int a = 0; a < *n; a++) {
        if (w > 0 && h[2 * a] <= h[2 * w - 1]) {
            if (h[2 * a + 1] > h[2 * w - 1])
                h[2 * w - 1] = h[2 * a + 1];
            continue;
        }
        h[2 * w] = h[2 * a];
        h[2 * w + 1] = h[2 * a + 1];
        w++;
    }
    *n = w;
}

/* Each `#define NAME` of text with whether it lies in a hole. */
static void fs_pp_defines(const char *t, long len, const long *holes, int nholes, char ***names, unsigned char **dead,
                          int *n, int *cap, int *capd)
{
    int bol = 1, h = 0;
    for (long i = 0; i < len; i++) {
        char c = t[i];
        if (c == '\n') {
            bol = 1;
            continue;
        }
        if (c == ' ' || c == '\t')
            continue;
        if (c == '#' && bol) {
            long j = i + 1;
            while (j < len && (t[j] == ' ' || t[j] == '\t'))
                j++;
            if (len - j > 7 && memcmp(t + j, "define", 6) == 0 && (t[j + 6] == ' ' || t[j + 6] == '\t')) {
                j += 7;
                while (j < len && (t[j] == ' ' || t[j] == '\t'))
                    j++;
                long nb = j;
                while (j < len && fs_pp_ident((unsigned char)t[j]))
                    j++;
                if (j > nb) {
                    while (h < nholes && holes[2 * h + 1] <= i)
                        h++;
                    int in = h < nholes && holes[2 * h] <= i && i < holes[2 * h + 1];
                    FS_PUSH(*names, *n, *cap, fs_xstrndup(t + nb, (size_t)(j - nb)));
                    fs_grow(dead, capd, *n, 1);
                    (*dead)[*n - 1] = (unsigned char)in;
                }
            }
        }
        bol = 0;
        while (i + 1 < len && t[i + 1] != '\n')
            i++;
    }
}

static int fs_pp_strcmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int fs_pp_index_cmp(const void *a, const void *b, void *arg)
{
    char **names = arg;
    int c = strcmp(names[*(const int *)a], names[*(const int *)b]);
    return c ? c : *(const int *)a - *(const int *)b;
}

void fs_pp_platform_names(const char *const *texts, const long *lens, int n, char ***out, int *nout)
{
    char **got = NULL;
    int ngot = 0, capgot = 0;
    fs_pp *target = fs_pp_new();
    for (int round = 0; round < 3; round++) {
        fs_pp *base = fs_pp_new();
        for (int k = 0; k < ngot; k++)
            fs_pp_undef(base, got[k]);
        char **names = NULL;
        unsigned char *dead = NULL;
        int nn = 0, cap = 0, capd = 0;
        for (int i = 0; i < n; i++) {
            if (!texts[i])
                continue;
            fs_pp *p = fs_pp_copy(base);
            long *holes = NULL;
            int nholes = 0, caph = 0;
            fs_pp_scan(p, NULL, texts[i], lens[i], &holes, &nholes, &caph);
            fs_pp_defines(texts[i], lens[i], holes, nholes, &names, &dead, &nn, &cap, &capd);
            free(holes);
            fs_pp_free(p);
        }
        fs_pp_free(base);
        /* a name defined only in holes */
        int *order = fs_xmalloc(sizeof(int) * ((size_t)nn + 1));
        for (int k = 0; k < nn; k++)
            order[k] = k;
        if (nn > 1)
            qsort_r(order, (size_t)nn, sizeof *order, fs_pp_index_cmp, names);
        int before = ngot;
        for (int a = 0; a < nn;) {
            int b = a, all = 1;
            while (b < nn && strcmp(names[order[b]], names[order[a]]) == 0) {
                all &= dead[order[b]];
                b++;
            }
            int have = 0;
            for (int k = 0; k < ngot && !have; k++)
                have = strcmp(got[k], names[order[a]]) == 0;
            if (all && !have && fs_pp_is_defined(target, names[order[a]]) == PP_UNKNOWN)
                FS_PUSH(got, ngot, capgot, fs_xstrdup(names[order[a]]));
            a = b;
        }
        free(order);
        for (int k = 0; k < nn; k++)
            free(names[k]);
        free(names);
        free(dead);
        if (ngot == before)
            break;
    }
    fs_pp_free(target);
    if (ngot > 1)
        qsort(got, (size_t)ngot, sizeof *got, fs_pp_strcmp);
    *out = got;
    *nout = ngot;
}
