/* changed.c - changed lines from git, for --changed-since. */
#include "tool/changed.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct fs_span {
    int first, last;
} fs_span;

typedef struct fs_changed_file {
    char *path;   /* relative to the top of the work tree */
    int all;      /* untracked: every line */
    fs_span *spans;
    int nspans, capspans;
} fs_changed_file;

struct fs_changes {
    char *toplevel; /* canonical */
    fs_changed_file *v;
    int n, cap;
};

fs_changes *fs_changes_new(const char *toplevel)
{
    fs_changes *c = fs_xcalloc(1, sizeof *c);
    char *real = toplevel ? realpath(toplevel, NULL) : NULL;
    c->toplevel = real ? real : fs_xstrdup(toplevel ? toplevel : "/");
    return c;
}

void fs_changes_delete(fs_changes *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->n; i++)
        FS_FREE(c->v[i].path, c->v[i].spans);
    FS_FREE(c->v, c->toplevel, c);
}

static fs_changed_file *fs_file(fs_changes *c, const char *path, size_t n)
{
    for (int i = 0; i < c->n; i++)
        if (strlen(c->v[i].path) == n && strncmp(c->v[i].path, path, n) == 0)
            return &c->v[i];
    fs_grow(&c->v, &c->cap, c->n + 1, sizeof *c->v);
    fs_changed_file *f = &c->v[c->n++];
    memset(f, 0, sizeof *f);
    f->path = fs_xstrndup(path, n);
    return f;
}

/* --- running git ------------------------------------------------------------ */

/* Run git with argv (argv[0] "git"), its stdout into *out.  stderr is
 * dropped when quiet.  Returns the exit status, or -1 when it could not run. */
static int fs_git(char *const argv[], char **out, long *outlen, int quiet)
{
    int fd[2];
    *out = NULL;
    *outlen = 0;
    if (pipe(fd) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]);
        close(fd[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, STDIN_FILENO);
            if (quiet)
                dup2(null, STDERR_FILENO);
        }
        execvp("git", argv);
        _exit(127);
    }
    close(fd[1]);
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    char chunk[65536];
    for (;;) {
        ssize_t r = read(fd[0], chunk, sizeof chunk);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        fs_buf_add(&b, chunk, (size_t)r);
    }
    close(fd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            fs_buf_free(&b);
            return -1;
        }
    *out = b.s;
    *outlen = (long)b.len;
    if (!WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

/* --- parsing ------------------------------------------------------------------ */

/* git's C-style quoting of unusual paths ("a/t\303\251st.c"). */
static char *fs_unquote(const char *s, size_t n)
{
    if (n < 2 || s[0] != '"')
        return fs_xstrndup(s, n);
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    for (size_t i = 1; i < n && s[i] != '"'; i++) {
        char c = s[i];
        if (c == '\\' && i + 1 < n) {
            c = s[++i];
            if (c >= '0' && c <= '7') {
                int v = 0, k = 0;
                while (k < 3 && i < n && s[i] >= '0' && s[i] <= '7') {
                    v = v * 8 + (s[i++] - '0');
                    k++;
                }
                i--;
                c = (char)v;
            } else {
                switch (c) {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case 'r': c = '\r'; break;
                case 'a': c = '\a'; break;
                case 'b': c = '\b'; break;
                case 'f': c = '\f'; break;
                case 'v': c = '\v'; break;
                default: break;
                }
            }
        }
        fs_buf_add(&b, &c, 1);
    }
    return b.s;
}

static long fs_num(const char **p)
{
    long v = 0;
    while (**p >= '0' && **p <= '9')
        v = v * 10 + (*(*p)++ - '0');
    return v;
}

void fs_changes_parse_diff(fs_changes *c, const char *diff, long len)
{
    const char *p = diff, *end = diff + len;
    fs_changed_file *cur = NULL;
    long old_left = 0, new_left = 0; /* lines of the current hunk still to skip */
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        size_t n = (size_t)(le - p);
        if (old_left > 0 || new_left > 0) {
            if (n && p[0] == '-')
                old_left--;
            else if (n && p[0] == '+')
                new_left--;
            else if (n && p[0] == ' ') {
                old_left--;
                new_left--;
            }
            /* "\ No newline at end of file" counts for neither */
        } else if (n >= 4 && strncmp(p, "+++ ", 4) == 0) {
            char *path = fs_unquote(p + 4, n - 4);
            if (strcmp(path, "/dev/null") == 0)
                cur = NULL;
            else
                cur = fs_file(c, strncmp(path, "b/", 2) == 0 ? path + 2 : path,
                              strlen(strncmp(path, "b/", 2) == 0 ? path + 2 : path));
            free(path);
        } else if (n >= 4 && strncmp(p, "@@ -", 4) == 0) {
            const char *q = p + 4;
            fs_num(&q);
            long ob = 1, nb = 1;
            if (*q == ',') {
                q++;
                ob = fs_num(&q);
            }
            if (*q == ' ' && q[1] == '+') {
                q += 2;
                long start = fs_num(&q);
                if (*q == ',') {
                    q++;
                    nb = fs_num(&q);
                }
                if (cur && nb > 0) {
                    fs_grow(&cur->spans, &cur->capspans, cur->nspans + 1, sizeof *cur->spans);
                    cur->spans[cur->nspans].first = (int)start;
                    cur->spans[cur->nspans].last = (int)(start + nb - 1);
                    cur->nspans++;
                }
                old_left = ob;
                new_left = nb;
            }
        }
        p = nl ? nl + 1 : end;
    }
}

fs_changes *fs_changes_load(const char *rev)
{
    char *out;
    long len;
    if (!rev[0] || rev[0] == '-') {
        fprintf(stderr, "fscheck: --changed-since: '%s' is not a git revision\n", rev);
        return NULL;
    }
    char *top_argv[] = { "git", "rev-parse", "--show-toplevel", NULL };
    int st = fs_git(top_argv, &out, &len, 1);
    if (st != 0 || !out || !len) {
        if (st < 0 || st == 127)
            fprintf(stderr, "fscheck: --changed-since: cannot run git\n");
        else
            fprintf(stderr, "fscheck: --changed-since: the current folder is not in a git work tree\n");
        free(out);
        return NULL;
    }
    while (len > 0 && (out[len - 1] == '\n' || out[len - 1] == '\r'))
        out[--len] = '\0';
    fs_changes *c = fs_changes_new(out);
    free(out);

    char *spec = fs_xasprintf("%s^{commit}", rev);
    char *verify_argv[] = { "git", "rev-parse", "--verify", "--quiet", "--end-of-options", spec, NULL };
    st = fs_git(verify_argv, &out, &len, 1);
    free(out);
    free(spec);
    if (st != 0) {
        fprintf(stderr, "fscheck: --changed-since: '%s' is not a revision of this git repository\n", rev);
        fs_changes_delete(c);
        return NULL;
    }

    char *rev_copy = fs_xstrdup(rev);
    char *diff_argv[] = { "git", "-c", "core.quotePath=false", "diff", "-U0", "--no-color", "--no-ext-diff",
                          "--no-textconv", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", rev_copy, "--", NULL };
    st = fs_git(diff_argv, &out, &len, 0);
    free(rev_copy);
    if (st != 0) {
        fprintf(stderr, "fscheck: --changed-since: git diff %s failed\n", rev);
        free(out);
        fs_changes_delete(c);
        return NULL;
    }
    fs_changes_parse_diff(c, out, len);
    free(out);

    char *top = fs_xstrdup(c->toplevel);
    char *ls_argv[] = { "git", "-C", top, "ls-files", "-z", "--others", "--exclude-standard", NULL };
    st = fs_git(ls_argv, &out, &len, 1);
    free(top);
    if (st == 0) {
        for (long i = 0; i < len;) {
            size_t n = strlen(out + i);
            if (n)
                fs_file(c, out + i, n)->all = 1;
            i += (long)n + 1;
        }
    }
    free(out);
    return c;
}

/* file relative to the top of the work tree, or NULL when outside it. */
static char *fs_in_tree(const fs_changes *c, const char *file)
{
    char *real = realpath(file, NULL);
    if (!real)
        return NULL;
    size_t n = strlen(c->toplevel);
    char *rel = NULL;
    if (strcmp(c->toplevel, "/") == 0)
        rel = fs_xstrdup(real + 1);
    else if (strncmp(real, c->toplevel, n) == 0 && real[n] == '/')
        rel = fs_xstrdup(real + n + 1);
    free(real);
    return rel;
}

int fs_changes_has(const fs_changes *c, const char *file, int line)
{
    char *rel = fs_in_tree(c, file);
    if (!rel)
        return 0;
    int hit = 0;
    for (int i = 0; i < c->n && !hit; i++) {
        const fs_changed_file *f = &c->v[i];
        if (strcmp(f->path, rel) != 0)
            continue;
        if (f->all)
            hit = 1;
        for (int k = 0; k < f->nspans && !hit; k++)
            hit = line >= f->spans[k].first && line <= f->spans[k].last;
    }
    free(rel);
    return hit;
}

void fs_changes_filter(const fs_changes *c, fs_findings *fs, int *dropped)
{
    int w = 0;
    *dropped = 0;
    for (int i = 0; i < fs->n; i++) {
        fs_finding *f = &fs->v[i];
        if (!fs_changes_has(c, f->file, f->range.begin.line)) {
            fs_finding_clear(f);
            (*dropped)++;
            continue;
        }
        fs->v[w++] = *f;
    }
    fs->n = w;
}
