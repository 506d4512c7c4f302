/*
 * testdata_runner - run fscheck on one test case and compare its findings
 * with the expectations written inline in the case.
 *
 *   testdata_runner FSCHECK_BINARY CASE.c [EXTRA_FSCHECK_ARGS...]
 *
 * The case is analysed with
 *
 *   FSCHECK --format=json [RUN-ARGS...] [EXTRA...] CASE.c -- -std=c11 -D_GNU_SOURCE
 *
 * run in the case's own folder.  Directives live in `//` comments:
 *
 *   // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: TEXT [FS101]
 *       One expected finding.  [[@LINE]], [[@LINE+N]], [[@LINE-N]] are
 *       relative to the comment's own line; the column is 1-based and counts
 *       bytes.  TEXT is matched against the finding's message from its start:
 *       {{REGEX}} parts are POSIX extended regular expressions, the rest is
 *       literal.  The bracketed tag is the rule id (or fscheck-NAME).
 *   // CHECK-NOTES: :[[@LINE-2]]:35: note: TEXT
 *       A related location of the finding expected by the nearest
 *       CHECK-MESSAGES above it.  When a finding's expectation has at least
 *       one CHECK-NOTES, all of its related locations must be expected;
 *       without any, they are not checked.
 *   // CHECK-FIXES: TEXT
 *       A line of the file as `fscheck --fix` leaves it.  TEXT is searched
 *       for anywhere in a line ({{^}} and {{$}} anchor it), with {{REGEX}}
 *       parts as above; the CHECK-FIXES lines of a case must match lines of
 *       the fixed file in their order, each on a line after the previous
 *       one's.
 *   // CHECK-FIXES-NEXT: TEXT
 *       The same, on the line right after the previous match.
 *   // CHECK-FIXES-NOT: TEXT
 *       TEXT is on no line between the matches of the CHECK-FIXES lines
 *       before and after this one (the start or the end of the file when
 *       there is none).
 *   // RUN-ARGS: --engine=tree-sitter
 *       Extra fscheck arguments for this case (split on blanks).  They are
 *       given to the --fix run too.
 *   // RUN-FIXES: unsafe
 *       The fix run is `--fix --unsafe-fixes` instead of `--fix`.
 *   // RUN-FIXES: skip
 *       No fix run at all; CHECK-FIXES lines are ignored.
 *   // RUN-NOBUILD: WHY
 *       The case is code as fscheck meets it without a build (a generated
 *       header missing, a macro it would define): it does not compile, so the
 *       fixed case is not compiled either (ctest's compile/ test of it
 *       expects the compiler to fail).
 *
 * The fix run: the files of the case's folder (and of its subfolders, two
 * levels down) are copied into a new temporary folder, the case with every
 * directive comment cut down to a bare `//` (as clang-tidy's
 * check_clang_tidy.py does, so that a CHECK-FIXES line cannot match itself),
 * and
 *
 *   FSCHECK --format=json --fix [--unsafe-fixes] [RUN-ARGS...] [EXTRA...] CASE.c -- -std=c11 -D_GNU_SOURCE
 *
 * runs there.  A case with CHECK-FIXES lines must be changed by it and match
 * them; a case without any must be left byte for byte as it was, so every
 * negative case, and every finding without a safe fix, also shows that no
 * fix is applied.  With the environment variable TESTDATA_RUNNER_CC set to a
 * C compiler, a case that --fix changed must still compile with it
 * (-std=c11 -D_GNU_SOURCE -fsyntax-only), and get no warning of -Wall
 * -Wextra that the case did not have (an unused variable, a constant test).
 *
 * The check is strict: every expectation must be met by exactly one finding,
 * every finding must be expected (a case without CHECK-MESSAGES must produce
 * none, and a case named neg_*.c must have no CHECK-MESSAGES), unknown or
 * malformed directives are errors, the case must not be
 * skipped by fscheck, and fscheck's exit status must be 1 with findings and 0
 * without (0, 1 after --fix).
 *
 * Exit status: 0 pass, 1 fail, 2 usage or setup error.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#define RUNNER_TIMEOUT_SECONDS 120

/* --- small helpers ------------------------------------------------------- */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("testdata_runner: out of memory\n", stderr);
        abort();
    }
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fputs("testdata_runner: out of memory\n", stderr);
        abort();
    }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *r = xmalloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

static char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

/* A growable byte buffer. */
typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static void buf_add(buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->data = xrealloc(b->data, b->cap);
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_addc(buf *b, char c)
{
    buf_add(b, &c, 1);
}

static void buf_adds(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

static int read_fd(int fd, buf *out)
{
    char chunk[8192];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (n == 0)
            return 0;
        buf_add(out, chunk, (size_t)n);
    }
}

/* --- errors and the report ----------------------------------------------- */

static const char *case_name; /* the case as given on the command line */
static int failures;

/* A failure tied to a line of the case (line 0: the whole case). */
static void fail_at(int line, const char *fmt, ...)
{
    va_list ap;
    if (line > 0)
        fprintf(stdout, "%s:%d: error: ", case_name, line);
    else
        fprintf(stdout, "%s: error: ", case_name);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    failures++;
}

static void detail(const char *fmt, ...)
{
    va_list ap;
    fputs("    ", stdout);
    va_start(ap, fmt);
    vfprintf(stdout, fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
}

/* --- expectations -------------------------------------------------------- */

typedef struct expect {
    int directive_line; /* line of the comment */
    int line, col;      /* expected location */
    char *severity;     /* "warning", "error", "note" */
    char *text;         /* TEXT as written */
    char *rule;         /* rule tag as written (NULL for notes) */
    regex_t re;         /* TEXT compiled, anchored at the start */
    int re_ok;
    int owner;          /* notes: index of the CHECK-MESSAGES they belong to */
    int nnotes;         /* messages: how many CHECK-NOTES belong to it */
    int matched;        /* how many findings (or related entries) met it */
    int finding;        /* messages: index of the finding that met it */
    int kind;           /* fixes: FIX_LINE, FIX_NEXT or FIX_NOT */
} expect;

enum { FIX_LINE, FIX_NEXT, FIX_NOT };

typedef struct expect_list {
    expect *v;
    int n, cap;
} expect_list;

static expect *expect_push(expect_list *l)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    memset(&l->v[l->n], 0, sizeof l->v[l->n]);
    l->v[l->n].owner = -1;
    l->v[l->n].finding = -1;
    return &l->v[l->n++];
}

static void expect_free(expect *e)
{
    free(e->severity);
    free(e->text);
    free(e->rule);
    if (e->re_ok)
        regfree(&e->re);
    memset(e, 0, sizeof *e);
}

/*
 * Turn TEXT into a POSIX extended regex, anchored at the start when
 * `anchored`: {{...}} parts are copied as they are (in parentheses), every
 * other byte is matched literally.
 * Returns 0, or -1 with *why set when a {{ is not closed.
 */
static int text_to_regex(const char *text, int anchored, buf *re, const char **why)
{
    const char *p = text;
    if (anchored)
        buf_addc(re, '^');
    while (*p) {
        if (p[0] == '{' && p[1] == '{') {
            const char *end = strstr(p + 2, "}}");
            if (!end) {
                *why = "'{{' without a closing '}}'";
                return -1;
            }
            /* "{{a}}}" closes at the last of a run of braces, as FileCheck does */
            while (end[2] == '}')
                end++;
            buf_addc(re, '(');
            buf_add(re, p + 2, (size_t)(end - (p + 2)));
            buf_addc(re, ')');
            p = end + 2;
            continue;
        }
        if (strchr("^.[$()|*+?{\\", *p))
            buf_addc(re, '\\');
        buf_addc(re, *p);
        p++;
    }
    return 0;
}

/* Parse "[[@LINE]]", "[[@LINE+N]]", "[[@LINE-N]]" at *pp. */
static int parse_line_ref(const char **pp, int here, int *out)
{
    const char *p = *pp;
    long delta = 0;
    if (strncmp(p, "[[@LINE", 7) != 0)
        return -1;
    p += 7;
    if (*p == '+' || *p == '-') {
        int neg = *p == '-';
        char *end;
        p++;
        if (*p < '0' || *p > '9')
            return -1;
        delta = strtol(p, &end, 10);
        if (neg)
            delta = -delta;
        p = end;
    }
    if (strncmp(p, "]]", 2) != 0)
        return -1;
    *pp = p + 2;
    *out = here + (int)delta;
    return 0;
}

static int parse_int(const char **pp, int *out)
{
    const char *p = *pp;
    long v = 0;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p - '0');
        if (v > INT_MAX)
            return -1;
        p++;
    }
    *pp = p;
    *out = (int)v;
    return 0;
}

/*
 * Parse the body of a CHECK-MESSAGES or CHECK-NOTES directive:
 *   :[[@LINE-1]]:9: warning: TEXT [FS101]
 *   :[[@LINE-1]]:9: note: TEXT
 */
static int parse_expectation(const char *body, int here, int is_note, expect *e,
                             const char **why)
{
    const char *p = body;
    const char *sev, *colon;
    size_t len;

    while (*p == ' ' || *p == '\t')
        p++;
    if (*p++ != ':') {
        *why = "expected ':[[@LINE...]]:COL: SEVERITY: TEXT'";
        return -1;
    }
    if (parse_line_ref(&p, here, &e->line) != 0) {
        *why = "expected a line as [[@LINE]], [[@LINE+N]] or [[@LINE-N]]";
        return -1;
    }
    if (e->line < 1) {
        *why = "the line reference points before the start of the file";
        return -1;
    }
    if (*p++ != ':' || parse_int(&p, &e->col) != 0 || e->col < 1 || *p++ != ':') {
        *why = "expected ':COL:' after the line (a 1-based byte column)";
        return -1;
    }
    if (*p++ != ' ') {
        *why = "expected ' SEVERITY: ' after the column";
        return -1;
    }
    sev = p;
    colon = strchr(p, ':');
    if (!colon || colon == sev || colon[1] != ' ') {
        *why = "expected 'SEVERITY: ' after the column";
        return -1;
    }
    e->severity = xstrndup(sev, (size_t)(colon - sev));
    if (is_note ? strcmp(e->severity, "note") != 0
                : (strcmp(e->severity, "warning") != 0 && strcmp(e->severity, "error") != 0)) {
        *why = is_note ? "CHECK-NOTES expects 'note:'" : "CHECK-MESSAGES expects 'warning:' or 'error:'";
        return -1;
    }
    p = colon + 2;

    /* trim trailing blanks */
    len = strlen(p);
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
        len--;

    if (!is_note) {
        /* the rule tag: the last " [...]" at the end of the line */
        const char *open = NULL;
        size_t i;
        if (len < 3 || p[len - 1] != ']') {
            *why = "expected the rule as ' [FSnnn]' at the end";
            return -1;
        }
        for (i = len - 1; i > 0; i--) {
            if (p[i] == '[' && p[i - 1] == ' ') {
                open = p + i;
                break;
            }
        }
        if (!open || open + 1 >= p + len - 1) {
            *why = "expected the rule as ' [FSnnn]' at the end";
            return -1;
        }
        e->rule = xstrndup(open + 1, (size_t)(p + len - 1 - (open + 1)));
        len = (size_t)(open - 1 - p);
    }
    e->text = xstrndup(p, len);
    if (e->text[0] == '\0') {
        *why = "the message text is empty";
        return -1;
    }

    {
        buf re = {0};
        int rc;
        if (text_to_regex(e->text, 1, &re, why) != 0) {
            free(re.data);
            return -1;
        }
        rc = regcomp(&e->re, re.data, REG_EXTENDED | REG_NOSUB);
        free(re.data);
        if (rc != 0) {
            *why = "a {{...}} part is not a valid POSIX extended regex";
            return -1;
        }
        e->re_ok = 1;
    }
    return 0;
}

/*
 * Parse the body of a CHECK-FIXES directive: TEXT, searched for anywhere in a
 * line of the fixed file.  Blanks around TEXT are not part of it.
 */
static int parse_fix_pattern(const char *body, expect *e, const char **why)
{
    const char *p = body;
    size_t len;
    buf re = {0};
    int rc;

    while (*p == ' ' || *p == '\t')
        p++;
    len = strlen(p);
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
        len--;
    if (len == 0) {
        *why = "the text is empty";
        return -1;
    }
    e->text = xstrndup(p, len);
    if (text_to_regex(e->text, 0, &re, why) != 0) {
        free(re.data);
        return -1;
    }
    rc = regcomp(&e->re, re.data, REG_EXTENDED | REG_NOSUB);
    free(re.data);
    if (rc != 0) {
        *why = "a {{...}} part is not a valid POSIX extended regex";
        return -1;
    }
    e->re_ok = 1;
    return 0;
}

/* --- the case file ------------------------------------------------------- */

typedef struct case_file {
    char **lines;
    int nlines;
    expect_list msgs, notes;
    expect_list fixes;  /* CHECK-FIXES, in file order */
    char **run_args;
    int nrun_args;
    int fixes_skip;     /* RUN-FIXES: skip */
    int fixes_unsafe;   /* RUN-FIXES: unsafe */
    int nobuild;        /* RUN-NOBUILD: does not compile as it is */
    int bad; /* directive errors */
} case_file;

static void split_args(case_file *c, const char *s)
{
    while (*s) {
        const char *start;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            break;
        start = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r')
            s++;
        c->run_args = xrealloc(c->run_args, (size_t)(c->nrun_args + 1) * sizeof *c->run_args);
        c->run_args[c->nrun_args++] = xstrndup(start, (size_t)(s - start));
        while (*s == '\r')
            s++;
    }
}

/*
 * Find a directive in a line: "//", blanks, then CHECK-WORD or RUN-WORD.
 * Returns a pointer to the tag, or NULL; *comment (when not NULL) is set to
 * the "//" that starts it.
 */
static const char *find_directive_at(const char *line, const char **comment)
{
    const char *p = line;
    while ((p = strstr(p, "//")) != NULL) {
        const char *q = p + 2;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncmp(q, "CHECK-", 6) == 0 || strncmp(q, "RUN-", 4) == 0) {
            if (comment)
                *comment = p;
            return q;
        }
        p += 2;
    }
    return NULL;
}

static const char *find_directive(const char *line)
{
    return find_directive_at(line, NULL);
}

/*
 * The case as the fix run sees it: each directive comment cut down to "//"
 * (up to the end of its line, a CR kept), every other byte as it is.
 */
static void strip_directives(const char *text, size_t n, buf *out)
{
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(text + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - text) : n;
        char *line = xstrndup(text + i, end - i);
        const char *comment = NULL;
        if (find_directive_at(line, &comment)) {
            size_t keep = (size_t)(comment - line);
            buf_add(out, text + i, keep);
            buf_adds(out, "//");
            if (end > i && text[end - 1] == '\r')
                buf_addc(out, '\r');
        } else {
            buf_add(out, text + i, end - i);
        }
        free(line);
        if (nl)
            buf_addc(out, '\n');
        i = end + (nl ? 1 : 0);
    }
    if (!out->data)
        buf_adds(out, "");
}

static void parse_case(case_file *c, const char *text)
{
    const char *p = text;
    int ln = 0;
    int last_msg = -1;

    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        c->lines = xrealloc(c->lines, (size_t)(c->nlines + 1) * sizeof *c->lines);
        c->lines[c->nlines++] = xstrndup(p, n);
        p += n + (nl ? 1 : 0);
    }

    for (ln = 1; ln <= c->nlines; ln++) {
        const char *line = c->lines[ln - 1];
        const char *tag = find_directive(line);
        const char *colon, *body;
        char *name;
        const char *why = NULL;

        if (!tag)
            continue;
        colon = tag;
        while ((*colon >= 'A' && *colon <= 'Z') || (*colon >= '0' && *colon <= '9') || *colon == '-' ||
               *colon == '_')
            colon++;
        name = xstrndup(tag, (size_t)(colon - tag));
        if (*colon != ':') {
            fail_at(ln, "malformed directive '%s': expected ':' after the tag", name);
            c->bad++;
            free(name);
            continue;
        }
        body = colon + 1;

        if (strcmp(name, "CHECK-MESSAGES") == 0) {
            expect *e = expect_push(&c->msgs);
            e->directive_line = ln;
            if (parse_expectation(body, ln, 0, e, &why) != 0) {
                fail_at(ln, "malformed CHECK-MESSAGES: %s", why);
                c->bad++;
                expect_free(e);
                c->msgs.n--;
            } else {
                last_msg = c->msgs.n - 1;
            }
        } else if (strcmp(name, "CHECK-NOTES") == 0) {
            expect *e = expect_push(&c->notes);
            e->directive_line = ln;
            if (last_msg < 0) {
                fail_at(ln, "CHECK-NOTES must follow the CHECK-MESSAGES of its finding");
                c->bad++;
                c->notes.n--;
            } else if (parse_expectation(body, ln, 1, e, &why) != 0) {
                fail_at(ln, "malformed CHECK-NOTES: %s", why);
                c->bad++;
                expect_free(e);
                c->notes.n--;
            } else {
                e->owner = last_msg;
                c->msgs.v[last_msg].nnotes++;
            }
        } else if (strcmp(name, "CHECK-FIXES") == 0 || strcmp(name, "CHECK-FIXES-NEXT") == 0 ||
                   strcmp(name, "CHECK-FIXES-NOT") == 0) {
            int kind = strcmp(name, "CHECK-FIXES") == 0 ? FIX_LINE
                       : strcmp(name, "CHECK-FIXES-NEXT") == 0 ? FIX_NEXT : FIX_NOT;
            int positive = 0, k;
            expect *e;
            for (k = 0; k < c->fixes.n; k++)
                positive |= c->fixes.v[k].kind != FIX_NOT;
            e = expect_push(&c->fixes);
            e->directive_line = ln;
            e->kind = kind;
            if (kind == FIX_NEXT && !positive) {
                fail_at(ln, "CHECK-FIXES-NEXT must follow a CHECK-FIXES");
                c->bad++;
                c->fixes.n--;
            } else if (parse_fix_pattern(body, e, &why) != 0) {
                fail_at(ln, "malformed %s: %s", name, why);
                c->bad++;
                expect_free(e);
                c->fixes.n--;
            }
        } else if (strcmp(name, "RUN-ARGS") == 0) {
            split_args(c, body);
        } else if (strcmp(name, "RUN-NOBUILD") == 0) {
            c->nobuild = 1;
        } else if (strcmp(name, "RUN-FIXES") == 0) {
            const char *v = body;
            size_t len;
            while (*v == ' ' || *v == '\t')
                v++;
            len = strlen(v);
            while (len > 0 && (v[len - 1] == ' ' || v[len - 1] == '\t' || v[len - 1] == '\r'))
                len--;
            if (len == 4 && strncmp(v, "skip", 4) == 0) {
                c->fixes_skip = 1;
            } else if (len == 6 && strncmp(v, "unsafe", 6) == 0) {
                c->fixes_unsafe = 1;
            } else {
                fail_at(ln, "malformed RUN-FIXES: expected 'unsafe' or 'skip'");
                c->bad++;
            }
        } else {
            fail_at(ln, "unknown directive '%s' (known: CHECK-MESSAGES, CHECK-NOTES, "
                        "CHECK-FIXES, CHECK-FIXES-NEXT, CHECK-FIXES-NOT, RUN-ARGS, RUN-FIXES, RUN-NOBUILD)", name);
            c->bad++;
        }
        free(name);
    }

    if (c->fixes_skip && c->fixes_unsafe) {
        fail_at(0, "RUN-FIXES: 'skip' and 'unsafe' exclude each other");
        c->bad++;
    }
    if (c->fixes_skip && c->fixes.n > 0)
        fprintf(stdout, "%s: note: %d CHECK-FIXES line(s) skipped (RUN-FIXES: skip)\n", case_name, c->fixes.n);
}

static void expect_list_free(expect_list *l)
{
    int i;
    for (i = 0; i < l->n; i++)
        expect_free(&l->v[i]);
    free(l->v);
}

static void case_free(case_file *c)
{
    int i;
    for (i = 0; i < c->nlines; i++)
        free(c->lines[i]);
    free(c->lines);
    for (i = 0; i < c->nrun_args; i++)
        free(c->run_args[i]);
    free(c->run_args);
    expect_list_free(&c->msgs);
    expect_list_free(&c->notes);
    expect_list_free(&c->fixes);
}

/* --- running fscheck ----------------------------------------------------- */

static pid_t child_pid;

static void on_alarm(int sig)
{
    (void)sig;
    if (child_pid > 0)
        kill(child_pid, SIGKILL);
}

typedef struct run_result {
    buf out, err;
    int status;    /* exit status, or -1 */
    int signalled; /* the signal that ended it, or 0 */
    int timed_out;
} run_result;

static int run_fscheck(char **argv, const char *dir, run_result *r)
{
    int outp[2];
    FILE *errf = tmpfile();
    int wstatus;
    struct sigaction sa;

    if (!errf || pipe(outp) != 0) {
        fprintf(stderr, "testdata_runner: %s\n", strerror(errno));
        return -1;
    }
    child_pid = fork();
    if (child_pid < 0) {
        fprintf(stderr, "testdata_runner: fork: %s\n", strerror(errno));
        return -1;
    }
    if (child_pid == 0) {
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0)
            dup2(devnull, 0);
        dup2(outp[1], 1);
        dup2(fileno(errf), 2);
        close(outp[0]);
        close(outp[1]);
        if (dir[0] && chdir(dir) != 0) {
            fprintf(stderr, "testdata_runner: cannot enter %s: %s\n", dir, strerror(errno));
            _exit(127);
        }
        execvp(argv[0], argv);
        fprintf(stderr, "testdata_runner: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(outp[1]);

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    alarm(RUNNER_TIMEOUT_SECONDS);

    read_fd(outp[0], &r->out);
    close(outp[0]);
    while (waitpid(child_pid, &wstatus, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "testdata_runner: waitpid: %s\n", strerror(errno));
            return -1;
        }
    }
    r->timed_out = alarm(0) == 0 && WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL;
    child_pid = 0;

    r->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
    r->signalled = WIFSIGNALED(wstatus) ? WTERMSIG(wstatus) : 0;

    rewind(errf);
    read_fd(fileno(errf), &r->err);
    fclose(errf);
    if (!r->out.data)
        buf_adds(&r->out, "");
    if (!r->err.data)
        buf_adds(&r->err, "");
    return 0;
}

static void print_indented(const char *label, const char *text)
{
    const char *p = text;
    if (!*p)
        return;
    fprintf(stdout, "  %s:\n", label);
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(stdout, "    | %.*s\n", (int)n, p);
        p += n + (nl ? 1 : 0);
    }
}

/* --- findings ------------------------------------------------------------ */

typedef struct related {
    const char *file, *message;
    int line, col;
    int matched;
} related;

typedef struct finding {
    const char *rule, *name, *severity, *file, *message;
    int line, col;
    related *rel;
    int nrel;
    int matched; /* how many CHECK-MESSAGES it met */
} finding;

static const char *str_member(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

static int int_member(json_t *obj, const char *key, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v))
        return -1;
    *out = (int)json_integer_value(v);
    return 0;
}

/* Strip a leading "./" so "./x.c" and "x.c" compare equal. */
static const char *plain_path(const char *p)
{
    while (p[0] == '.' && p[1] == '/')
        p += 2;
    return p;
}

static int same_file(const char *a, const char *b)
{
    return a && b && strcmp(plain_path(a), plain_path(b)) == 0;
}

static void findings_free(finding *v, int n)
{
    int i;
    if (!v)
        return;
    for (i = 0; i < n; i++)
        free(v[i].rel);
    free(v);
}

static int load_findings(json_t *root, finding **out, int *nout)
{
    json_t *arr = json_object_get(root, "findings");
    size_t i;
    finding *v;

    if (!json_is_array(arr)) {
        fail_at(0, "fscheck's JSON has no \"findings\" array");
        return -1;
    }
    v = xmalloc(json_array_size(arr) * sizeof *v);
    memset(v, 0, json_array_size(arr) * sizeof *v);
    for (i = 0; i < json_array_size(arr); i++) {
        json_t *f = json_array_get(arr, i);
        json_t *rel;
        finding *d = &v[i];
        if (!json_is_object(f)) {
            fail_at(0, "finding #%zu is not an object", i + 1);
            findings_free(v, (int)i + 1);
            return -1;
        }
        d->rule = str_member(f, "rule");
        d->name = str_member(f, "name");
        d->severity = str_member(f, "severity");
        d->file = str_member(f, "file");
        d->message = str_member(f, "message");
        if (!d->rule || !d->severity || !d->file || !d->message || int_member(f, "line", &d->line) != 0 ||
            int_member(f, "column", &d->col) != 0) {
            fail_at(0, "finding #%zu lacks one of rule, severity, file, line, column, message", i + 1);
            findings_free(v, (int)i + 1);
            return -1;
        }
        rel = json_object_get(f, "related");
        if (rel && !json_is_array(rel)) {
            fail_at(0, "finding #%zu: \"related\" is not an array", i + 1);
            findings_free(v, (int)i + 1);
            return -1;
        }
        if (rel && json_array_size(rel) > 0) {
            size_t j;
            d->nrel = (int)json_array_size(rel);
            d->rel = xmalloc((size_t)d->nrel * sizeof *d->rel);
            memset(d->rel, 0, (size_t)d->nrel * sizeof *d->rel);
            for (j = 0; j < json_array_size(rel); j++) {
                json_t *r = json_array_get(rel, j);
                related *x = &d->rel[j];
                if (!json_is_object(r) || !(x->file = str_member(r, "file")) ||
                    !(x->message = str_member(r, "message")) || int_member(r, "line", &x->line) != 0 ||
                    int_member(r, "column", &x->col) != 0) {
                    fail_at(0, "finding #%zu: related #%zu lacks one of file, line, column, message", i + 1,
                            j + 1);
                    findings_free(v, (int)i + 1);
                    return -1;
                }
            }
        }
    }
    *out = v;
    *nout = (int)json_array_size(arr);
    return 0;
}

static int rule_matches(const expect *e, const finding *f)
{
    if (strcmp(e->rule, f->rule) == 0)
        return 1;
    if (f->name && strncmp(e->rule, "fscheck-", 8) == 0 && strcmp(e->rule + 8, f->name) == 0)
        return 1;
    return 0;
}

static int message_matches(const expect *e, const char *message)
{
    return e->re_ok && regexec(&e->re, message, 0, NULL, 0) == 0;
}

static int finding_matches(const expect *e, const finding *f, const char *file)
{
    return same_file(f->file, file) && f->line == e->line && f->col == e->col &&
           strcmp(f->severity, e->severity) == 0 && rule_matches(e, f) && message_matches(e, f->message);
}

static void show_finding(const char *sign, const finding *f, const char *file)
{
    if (same_file(f->file, file))
        detail("%s %d:%d: %s: %s [%s]", sign, f->line, f->col, f->severity, f->message, f->rule);
    else
        detail("%s %s:%d:%d: %s: %s [%s]", sign, f->file, f->line, f->col, f->severity, f->message, f->rule);
}

static void show_expect(const char *sign, const expect *e)
{
    if (e->rule)
        detail("%s %d:%d: %s: %s [%s]", sign, e->line, e->col, e->severity, e->text, e->rule);
    else
        detail("%s %d:%d: %s: %s", sign, e->line, e->col, e->severity, e->text);
}

/* Say why no finding met e: show findings on the same line, or nearby. */
static void explain_miss(const expect *e, finding *f, int nf, const char *file)
{
    int i, shown = 0;
    for (i = 0; i < nf; i++) {
        if (!same_file(f[i].file, file) || f[i].line != e->line)
            continue;
        show_finding("+", &f[i], file);
        if (f[i].col != e->col)
            detail("  (column %d, expected %d)", f[i].col, e->col);
        else if (!rule_matches(e, &f[i]))
            detail("  (rule %s, expected %s)", f[i].rule, e->rule);
        else if (strcmp(f[i].severity, e->severity) != 0)
            detail("  (severity %s, expected %s)", f[i].severity, e->severity);
        else if (!message_matches(e, f[i].message))
            detail("  (the message does not match)");
        shown++;
    }
    if (!shown)
        detail("  (no finding on line %d)", e->line);
}

static void check_notes(case_file *c, int mi, finding *f, const char *file)
{
    int k, j;
    expect *m = &c->msgs.v[mi];

    for (k = 0; k < c->notes.n; k++) {
        expect *n = &c->notes.v[k];
        int hits = 0;
        if (n->owner != mi)
            continue;
        for (j = 0; j < f->nrel; j++) {
            related *r = &f->rel[j];
            if (same_file(r->file, file) && r->line == n->line && r->col == n->col &&
                message_matches(n, r->message)) {
                hits++;
                r->matched++;
            }
        }
        if (hits == 0) {
            fail_at(n->directive_line, "expected note not reported (finding of line %d)", m->directive_line);
            show_expect("-", n);
            for (j = 0; j < f->nrel; j++)
                detail("+ %s:%d:%d: note: %s", f->rel[j].file, f->rel[j].line, f->rel[j].col, f->rel[j].message);
            if (f->nrel == 0)
                detail("  (the finding has no related locations)");
        } else if (hits > 1) {
            fail_at(n->directive_line, "expected note met by %d related locations", hits);
            show_expect("-", n);
        }
    }
    for (j = 0; j < f->nrel; j++) {
        related *r = &f->rel[j];
        if (r->matched == 0) {
            fail_at(m->directive_line, "unexpected note of the finding at %d:%d", f->line, f->col);
            detail("+ %s:%d:%d: note: %s", r->file, r->line, r->col, r->message);
        } else if (r->matched > 1) {
            fail_at(m->directive_line, "note at %d:%d met by %d CHECK-NOTES", r->line, r->col, r->matched);
        }
    }
}

static void compare(case_file *c, finding *f, int nf, const char *file)
{
    int i, j;

    for (i = 0; i < c->msgs.n; i++) {
        expect *e = &c->msgs.v[i];
        for (j = 0; j < nf; j++) {
            if (finding_matches(e, &f[j], file)) {
                e->matched++;
                e->finding = j;
                f[j].matched++;
            }
        }
    }
    for (i = 0; i < c->msgs.n; i++) {
        expect *e = &c->msgs.v[i];
        if (e->matched == 0) {
            fail_at(e->directive_line, "expected finding not reported");
            show_expect("-", e);
            explain_miss(e, f, nf, file);
        } else if (e->matched > 1) {
            fail_at(e->directive_line, "expectation met by %d findings (expected exactly one)", e->matched);
            show_expect("-", e);
            for (j = 0; j < nf; j++)
                if (finding_matches(e, &f[j], file))
                    show_finding("+", &f[j], file);
        } else if (e->nnotes > 0) {
            check_notes(c, i, &f[e->finding], file);
        }
    }
    for (j = 0; j < nf; j++) {
        if (f[j].matched == 0) {
            if (same_file(f[j].file, file))
                fail_at(f[j].line, "unexpected finding");
            else
                fail_at(0, "unexpected finding in another file");
            show_finding("+", &f[j], file);
        } else if (f[j].matched > 1) {
            fail_at(f[j].line, "finding met by %d expectations (expected exactly one)", f[j].matched);
            show_finding("+", &f[j], file);
        }
    }
}

/* --- main ---------------------------------------------------------------- */

static int read_file(const char *path, buf *out)
{
    int fd = open(path, O_RDONLY);
    int rc;
    if (fd < 0)
        return -1;
    rc = read_fd(fd, out);
    close(fd);
    if (!out->data)
        buf_adds(out, "");
    return rc;
}

static void usage(void)
{
    fputs("usage: testdata_runner FSCHECK_BINARY CASE.c [EXTRA_FSCHECK_ARGS...]\n", stderr);
}

/* Split "a/b/c.c" into "a/b" and "c.c" ("" and "c.c" without a folder). */
static void split_path(const char *path, char **dir, char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        *dir = xstrdup("");
        *base = xstrdup(path);
    } else if (slash == path) {
        *dir = xstrdup("/");
        *base = xstrdup(slash + 1);
    } else {
        *dir = xstrndup(path, (size_t)(slash - path));
        *base = xstrdup(slash + 1);
    }
}

/* --- the fix run ---------------------------------------------------------- */

static int write_file(const char *path, const char *data, size_t n);

/* The warnings of `cc -Wall -Wextra` on file (in dir), one "[-Wflag]" a
 * line (or "[other]"), in a buffer the caller frees; NULL when it cannot
 * run. */
static char *warning_flags(const char *cc, const char *dir, const char *file)
{
    char *cv[] = { (char *)cc, "-std=c11", "-D_GNU_SOURCE", "-fsyntax-only", "-Wall", "-Wextra", (char *)file, NULL };
    run_result cr;
    memset(&cr, 0, sizeof cr);
    if (run_fscheck(cv, dir, &cr) != 0) {
        free(cr.out.data);
        free(cr.err.data);
        return NULL;
    }
    buf flags = { 0 };
    const char *p = cr.err.data ? cr.err.data : "";
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *w = memmem(p, n, "warning:", 8);
        if (w) {
            const char *lb = NULL;
            for (const char *k = p; k + 3 < p + n; k++)
                if (k[0] == '[' && k[1] == '-' && k[2] == 'W')
                    lb = k;
            const char *rb = lb ? memchr(lb, ']', (size_t)(p + n - lb)) : NULL;
            if (lb && rb)
                buf_add(&flags, lb, (size_t)(rb - lb + 1));
            else
                buf_add(&flags, "[other]", 7);
            buf_add(&flags, "\n", 1);
        }
        p += n + (e != NULL);
    }
    free(cr.out.data);
    free(cr.err.data);
    if (!flags.data)
        buf_add(&flags, "", 0);
    return flags.data;
}

/* The warnings that `fixed` has more of than `orig` (one per line), or NULL. */
static char *warnings_added(const char *cc, const char *dir, const char *orig, const char *fixed)
{
    char *a = warning_flags(cc, dir, orig), *b = warning_flags(cc, dir, fixed);
    buf added = { 0 };
    if (a && b) {
        for (const char *p = b; *p;) {
            const char *e = strchr(p, '\n');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            int in_b = 0, in_a = 0;
            for (const char *q = b; *q;) {
                const char *qe = strchr(q, '\n');
                size_t qn = qe ? (size_t)(qe - q) : strlen(q);
                in_b += qn == n && memcmp(q, p, n) == 0;
                q += qn + (qe != NULL);
            }
            for (const char *q = a; *q;) {
                const char *qe = strchr(q, '\n');
                size_t qn = qe ? (size_t)(qe - q) : strlen(q);
                in_a += qn == n && memcmp(q, p, n) == 0;
                q += qn + (qe != NULL);
            }
            if (in_b > in_a && !(added.data && memmem(added.data, added.len, p, n))) {
                buf_add(&added, p, n);
                buf_add(&added, "\n", 1);
            }
            p += n + (e != NULL);
        }
    }
    free(a);
    free(b);
    return added.data;
}

static int write_file(const char *path, const char *data, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    size_t off = 0;
    if (fd < 0)
        return -1;
    while (off < n) {
        ssize_t w = write(fd, data + off, n - off);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            close(fd);
            return -1;
        }
        off += (size_t)w;
    }
    return close(fd);
}

/* Copy the regular files of `from` into `to`, except `skip`, and those of
 * its subfolders (`depth` levels down) into subfolders of `to`.  Returns 0,
 * or -1 with a message on stderr. */
static int copy_folder_files(const char *from, const char *to, const char *skip, int depth)
{
    DIR *d = opendir(from[0] ? from : ".");
    struct dirent *de;
    int rc = 0;
    if (!d) {
        fprintf(stderr, "testdata_runner: cannot read the folder %s: %s\n", from[0] ? from : ".", strerror(errno));
        return -1;
    }
    while (rc == 0 && (de = readdir(d)) != NULL) {
        struct stat st;
        char *src, *dst;
        buf data = {0};
        if ((skip && strcmp(de->d_name, skip) == 0) || de->d_name[0] == '.')
            continue;
        src = xmalloc(strlen(from) + strlen(de->d_name) + 2);
        sprintf(src, "%s%s%s", from, from[0] ? "/" : "", de->d_name);
        dst = xmalloc(strlen(to) + strlen(de->d_name) + 2);
        sprintf(dst, "%s/%s", to, de->d_name);
        if (stat(src, &st) == 0 && S_ISREG(st.st_mode)) {
            if (read_file(src, &data) != 0 || write_file(dst, data.data, data.len) != 0) {
                fprintf(stderr, "testdata_runner: cannot copy %s to %s: %s\n", src, to, strerror(errno));
                rc = -1;
            }
            free(data.data);
        } else if (depth > 0 && lstat(src, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (mkdir(dst, 0755) != 0) {
                fprintf(stderr, "testdata_runner: cannot make %s: %s\n", dst, strerror(errno));
                rc = -1;
            } else {
                rc = copy_folder_files(src, dst, NULL, depth - 1);
            }
        }
        free(dst);
        free(src);
    }
    closedir(d);
    return rc;
}

/* Remove the folder made for the fix run, and whatever is in it. */
static void remove_folder(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *de;
    struct stat st;
    if (d) {
        while ((de = readdir(d)) != NULL) {
            char *p;
            if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                continue;
            p = xmalloc(strlen(path) + strlen(de->d_name) + 2);
            sprintf(p, "%s/%s", path, de->d_name);
            if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
                remove_folder(p);
            else
                unlink(p);
            free(p);
        }
        closedir(d);
    }
    rmdir(path);
}

/* Split text into lines without their "\n" (and a "\r" before it). */
static char **split_lines(const char *text, size_t n, int *nout)
{
    char **v = NULL;
    int nv = 0;
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(text + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - text) : n;
        size_t len = end - i;
        if (nl && len > 0 && text[end - 1] == '\r')
            len--;
        v = xrealloc(v, (size_t)(nv + 1) * sizeof *v);
        v[nv++] = xstrndup(text + i, len);
        i = end + (nl ? 1 : 0);
    }
    *nout = nv;
    return v;
}

static void free_lines(char **v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

/* Show the fixed file, numbered, around line `around` (all of it when short). */
static void show_fixed(char **lines, int n, int around)
{
    int from = 1, to = n, i;
    if (n > 60 && around > 0) {
        from = around - 15 < 1 ? 1 : around - 15;
        to = around + 15 > n ? n : around + 15;
    }
    fprintf(stdout, "  the fixed file (lines %d-%d of %d):\n", from, to, n);
    for (i = from; i <= to; i++)
        fprintf(stdout, "    %4d | %s\n", i, lines[i - 1]);
}

static int line_matches(const expect *e, const char *line)
{
    return regexec(&e->re, line, 0, NULL, 0) == 0;
}

/* The CHECK-FIXES-NOT lines c->fixes.v[from..to) must match none of the
 * fixed lines [lo, hi). */
static void check_nots(case_file *c, int from, int to, char **lines, int lo, int hi, int *miss_at)
{
    int i, k;
    for (i = from; i < to; i++) {
        expect *e = &c->fixes.v[i];
        if (e->kind != FIX_NOT)
            continue;
        for (k = lo; k < hi; k++)
            if (line_matches(e, lines[k])) {
                fail_at(e->directive_line, "CHECK-FIXES-NOT matches line %d of the fixed file", k + 1);
                detail("- %s", e->text);
                detail("+ %s", lines[k]);
                if (!*miss_at)
                    *miss_at = k + 1;
                break;
            }
    }
}

/*
 * Match the CHECK-FIXES lines against the fixed file, as FileCheck does with
 * one line per match: CHECK-FIXES on a line after the previous match,
 * CHECK-FIXES-NEXT on the line right after it, CHECK-FIXES-NOT on no line
 * between the matches around it.
 */
static void match_fixes(case_file *c, char **lines, int n, int *miss_at)
{
    int next = 0;     /* first fixed line open to a match */
    int nots = 0;     /* first CHECK-FIXES-NOT not yet checked */
    int i, k;

    for (i = 0; i < c->fixes.n; i++) {
        expect *e = &c->fixes.v[i];
        int hit = -1;
        if (e->kind == FIX_NOT)
            continue;
        if (e->kind == FIX_NEXT) {
            if (next < n && line_matches(e, lines[next])) {
                hit = next;
            } else {
                fail_at(e->directive_line, "CHECK-FIXES-NEXT does not match line %d of the fixed file, the one "
                                           "after the previous match", next + 1);
                detail("- %s", e->text);
                detail("+ %s", next < n ? lines[next] : "(end of file)");
            }
        } else {
            for (k = next; k < n && hit < 0; k++)
                if (line_matches(e, lines[k]))
                    hit = k;
            if (hit < 0) {
                int anywhere = -1;
                for (k = 0; k < next && anywhere < 0; k++)
                    if (line_matches(e, lines[k]))
                        anywhere = k;
                if (anywhere >= 0)
                    fail_at(e->directive_line,
                            "CHECK-FIXES matches line %d of the fixed file, but not after line %d, where the one "
                            "before it matched", anywhere + 1, next);
                else
                    fail_at(e->directive_line, "CHECK-FIXES matches no line of the fixed file%s",
                            next > 0 ? " after the previous match" : "");
                detail("- %s", e->text);
            }
        }
        if (hit < 0) {
            /* the lines a CHECK-FIXES-NOT should avoid are unknown: skip those */
            if (!*miss_at)
                *miss_at = next > 0 ? next : 1;
            nots = i + 1;
            if (e->kind == FIX_NEXT)
                next++;
            continue;
        }
        check_nots(c, nots, i, lines, next, hit, miss_at);
        nots = i + 1;
        next = hit + 1;
    }
    check_nots(c, nots, c->fixes.n, lines, next, n, miss_at);
}

/*
 * Run `fscheck --fix` on a copy of the case and check the file it leaves
 * against the CHECK-FIXES lines.  `text` is the case as read (n bytes).
 * Failures are counted in `failures`.  Returns 0, or 2 on a setup error.
 */
static int run_fixes(int argc, char **argv, case_file *c, const char *fscheck, const char *dir,
                     const char *base, const char *text, size_t n)
{
    const char *tmproot = getenv("TMPDIR") && getenv("TMPDIR")[0] ? getenv("TMPDIR") : "/tmp";
    char *tmp = xmalloc(strlen(tmproot) + 32);
    char *copy = NULL;
    char **av = NULL, **fixed_lines = NULL;
    int ac = 0, i, nfixed = 0, before = failures, rc = 0, miss_at = 0;
    buf stripped = {0}, fixed = {0};
    run_result r;

    memset(&r, 0, sizeof r);
    sprintf(tmp, "%s/fscheck-fixes.XXXXXX", tmproot);
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "testdata_runner: cannot make a folder in %s: %s\n", tmproot, strerror(errno));
        free(tmp);
        return 2;
    }
    strip_directives(text, n, &stripped);
    copy = xmalloc(strlen(tmp) + strlen(base) + 2);
    sprintf(copy, "%s/%s", tmp, base);
    if (copy_folder_files(dir, tmp, base, 2) != 0) {
        rc = 2;
        goto out;
    }
    if (write_file(copy, stripped.data, stripped.len) != 0) {
        fprintf(stderr, "testdata_runner: cannot write %s: %s\n", copy, strerror(errno));
        rc = 2;
        goto out;
    }

    av = xmalloc((size_t)(argc + c->nrun_args + 10) * sizeof *av);
    av[ac++] = (char *)fscheck;
    av[ac++] = "--format=json";
    av[ac++] = "--fix";
    if (c->fixes_unsafe)
        av[ac++] = "--unsafe-fixes";
    for (i = 0; i < c->nrun_args; i++)
        av[ac++] = c->run_args[i];
    for (i = 3; i < argc; i++)
        av[ac++] = argv[i];
    av[ac++] = (char *)base;
    av[ac++] = "--";
    av[ac++] = "-std=c11";
    av[ac++] = "-D_GNU_SOURCE";
    av[ac] = NULL;

    if (run_fscheck(av, tmp, &r) != 0) {
        rc = 2;
        goto out;
    }
    if (r.timed_out)
        fail_at(0, "fscheck --fix did not finish within %d seconds", RUNNER_TIMEOUT_SECONDS);
    else if (r.signalled)
        fail_at(0, "fscheck --fix was killed by signal %d (%s)", r.signalled, strsignal(r.signalled));
    else if (r.status != 0 && r.status != 1)
        fail_at(0, "fscheck --fix exited with status %d (0 or 1 expected)", r.status);

    if (read_file(copy, &fixed) != 0) {
        fail_at(0, "the case is gone after fscheck --fix: %s", strerror(errno));
        goto report;
    }
    fixed_lines = split_lines(fixed.data, fixed.len, &nfixed);
    {
        int same = fixed.len == stripped.len && memcmp(fixed.data, stripped.data, fixed.len) == 0;
        if (c->fixes.n == 0 && !same) {
            char **old;
            int nold, k;
            old = split_lines(stripped.data, stripped.len, &nold);
            for (k = 0; k < nold && k < nfixed && strcmp(old[k], fixed_lines[k]) == 0; k++)
                ;
            fail_at(0, "fscheck --fix%s changed the case, which has no CHECK-FIXES lines (first change on line %d)",
                    c->fixes_unsafe ? " --unsafe-fixes" : "", k + 1);
            if (k < nold)
                detail("- %s", old[k]);
            if (k < nfixed)
                detail("+ %s", fixed_lines[k]);
            miss_at = k + 1;
            free_lines(old, nold);
        } else if (c->fixes.n > 0 && same) {
            fail_at(c->fixes.v[0].directive_line, "fscheck --fix%s changed nothing, but the case has CHECK-FIXES lines",
                    c->fixes_unsafe ? " --unsafe-fixes" : "");
        }
    }
    match_fixes(c, fixed_lines, nfixed, &miss_at);

    /* the fixed case still compiles (with TESTDATA_RUNNER_CC set) */
    {
        const char *cc = getenv("TESTDATA_RUNNER_CC");
        int changed = fixed.len != stripped.len || memcmp(fixed.data, stripped.data, fixed.len) != 0;
        if (cc && *cc && changed && !c->nobuild) {
            char *cv[] = { (char *)cc, "-std=c11", "-D_GNU_SOURCE", "-fsyntax-only", (char *)base, NULL };
            run_result cr;
            memset(&cr, 0, sizeof cr);
            if (run_fscheck(cv, tmp, &cr) != 0) {
                rc = 2;
                free(cr.out.data);
                free(cr.err.data);
                goto out;
            }
            if (cr.status != 0) {
                fail_at(0, "the fixed case does not compile (%s -std=c11 -D_GNU_SOURCE -fsyntax-only)", cc);
                print_indented("compiler", cr.err.data);
            }
            free(cr.out.data);
            free(cr.err.data);
            /* and gets no warning of -Wall -Wextra that the case did not
             * have (an unused variable, a constant test, ...) */
            char orig[4096];
            snprintf(orig, sizeof orig, "%s/.orig-%s", tmp, base);
            if (write_file(orig, stripped.data, stripped.len) == 0) {
                char *added = warnings_added(cc, tmp, orig + strlen(tmp) + 1, base);
                if (added) {
                    fail_at(0, "the fix adds compiler warnings (%s -Wall -Wextra):", cc);
                    print_indented("compiler", added);
                    free(added);
                }
            }
        }
    }

report:
    if (failures > before) {
        fprintf(stdout, "  fix run (in %s):", tmp);
        for (i = 0; i < ac; i++)
            fprintf(stdout, " %s", av[i]);
        fputc('\n', stdout);
        fprintf(stdout, "  exit status: %d\n", r.signalled ? 128 + r.signalled : r.status);
        print_indented("stderr", r.err.data ? r.err.data : "");
        if (fixed_lines)
            show_fixed(fixed_lines, nfixed, miss_at);
    }
out:
    remove_folder(tmp);
    free_lines(fixed_lines, nfixed);
    free(fixed.data);
    free(stripped.data);
    free(r.out.data);
    free(r.err.data);
    free(av);
    free(copy);
    free(tmp);
    return rc;
}

static int run_case(int argc, char **argv, case_file *c, const char *text, size_t n)
{
    char *dir = NULL, *base = NULL, *fscheck = NULL;
    char **av = NULL;
    int ac = 0, i, nf = 0;
    run_result r;
    json_t *root = NULL;
    json_error_t jerr;
    finding *f = NULL;
    int rc;

    memset(&r, 0, sizeof r);

    /* the binary: absolute, since fscheck runs in the case's folder */
    if (strchr(argv[1], '/')) {
        fscheck = realpath(argv[1], NULL);
        if (!fscheck) {
            fprintf(stderr, "testdata_runner: %s: %s\n", argv[1], strerror(errno));
            return 2;
        }
    } else {
        fscheck = xstrdup(argv[1]);
    }
    split_path(argv[2], &dir, &base);

    av = xmalloc((size_t)(argc + c->nrun_args + 8) * sizeof *av);
    av[ac++] = fscheck;
    av[ac++] = "--format=json";
    for (i = 0; i < c->nrun_args; i++)
        av[ac++] = c->run_args[i];
    for (i = 3; i < argc; i++)
        av[ac++] = argv[i];
    av[ac++] = base;
    av[ac++] = "--";
    av[ac++] = "-std=c11";
    av[ac++] = "-D_GNU_SOURCE";
    av[ac] = NULL;

    if (run_fscheck(av, dir, &r) != 0) {
        rc = 2;
        goto out;
    }

    if (r.timed_out) {
        fail_at(0, "fscheck did not finish within %d seconds", RUNNER_TIMEOUT_SECONDS);
    } else if (r.signalled) {
        fail_at(0, "fscheck was killed by signal %d (%s)", r.signalled, strsignal(r.signalled));
    } else if (r.status != 0 && r.status != 1) {
        fail_at(0, "fscheck exited with status %d (0 or 1 expected)", r.status);
    }

    root = json_loads(r.out.data, 0, &jerr);
    if (!root) {
        if (!failures)
            fail_at(0, "fscheck's output is not JSON (line %d: %s)", jerr.line, jerr.text);
    } else if (!json_is_object(root)) {
        fail_at(0, "fscheck's JSON is not an object");
    } else if (load_findings(root, &f, &nf) == 0) {
        json_t *stats = json_object_get(root, "stats");
        json_t *skipped = json_object_get(stats, "skipped");
        json_t *files = json_object_get(stats, "files");
        json_t *nothing = json_object_get(stats, "nothing_to_check");

        if (json_is_array(skipped) && json_array_size(skipped) > 0) {
            char *s = json_dumps(skipped, JSON_COMPACT);
            fail_at(0, "fscheck skipped the case: %s", s ? s : "?");
            free(s);
        }
        /* a file the prefilter passed over (it names no probe) was looked at too */
        if (json_is_integer(files) && json_integer_value(files) + json_integer_value(nothing) < 1)
            fail_at(0, "fscheck analysed no file (stats.files is %lld)", (long long)json_integer_value(files));

        compare(c, f, nf, base);

        if (!r.signalled && !r.timed_out && (r.status == 0 || r.status == 1) && r.status != (nf > 0)) {
            fail_at(0, "fscheck exited with status %d but reported %d finding(s) (expected status %d)", r.status,
                    nf, nf > 0);
        }
    }

    if (failures) {
        fprintf(stdout, "  command (in %s):", dir[0] ? dir : ".");
        for (i = 0; i < ac; i++)
            fprintf(stdout, " %s", av[i]);
        fputc('\n', stdout);
        fprintf(stdout, "  exit status: %d\n", r.signalled ? 128 + r.signalled : r.status);
        if (!root)
            print_indented("stdout", r.out.data);
        print_indented("stderr", r.err.data);
    }

    if (!c->fixes_skip && run_fixes(argc, argv, c, fscheck, dir, base, text, n) != 0) {
        rc = 2;
        goto out;
    }

    if (failures) {
        fprintf(stdout, "FAIL: %s: %d problem(s); %d expected, %d reported\n", case_name, failures, c->msgs.n, nf);
        rc = 1;
    } else if (c->fixes_skip) {
        fprintf(stdout, "PASS: %s (%d finding(s); no fix run)\n", case_name, nf);
        rc = 0;
    } else {
        fprintf(stdout, "PASS: %s (%d finding(s); %d CHECK-FIXES)\n", case_name, nf, c->fixes.n);
        rc = 0;
    }

out:
    findings_free(f, nf);
    if (root)
        json_decref(root);
    free(r.out.data);
    free(r.err.data);
    free(av);
    free(fscheck);
    free(dir);
    free(base);
    return rc;
}

int main(int argc, char **argv)
{
    buf text = {0};
    case_file c;
    int rc;

    if (argc < 3) {
        usage();
        return 2;
    }
    case_name = argv[2];
    memset(&c, 0, sizeof c);

    if (read_file(argv[2], &text) != 0) {
        fprintf(stderr, "testdata_runner: cannot read %s: %s\n", argv[2], strerror(errno));
        free(text.data);
        return 2;
    }
    if (memchr(text.data, '\0', text.len)) {
        fprintf(stderr, "testdata_runner: %s is not a text file\n", argv[2]);
        free(text.data);
        return 2;
    }
    parse_case(&c, text.data);
    {
        const char *slash = strrchr(case_name, '/');
        const char *file = slash ? slash + 1 : case_name;
        if (strncmp(file, "neg_", 4) == 0 && c.msgs.n > 0) {
            fail_at(c.msgs.v[0].directive_line, "a negative case (neg_*.c) expects no findings");
            c.bad++;
        }
    }
    if (c.bad) {
        fprintf(stdout, "FAIL: %s: %d directive error(s)\n", case_name, c.bad);
        rc = 1;
    } else {
        rc = run_case(argc, argv, &c, text.data, text.len);
    }
    free(text.data);
    case_free(&c);
    return rc;
}
