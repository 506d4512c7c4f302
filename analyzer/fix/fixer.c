/* fixer.c - merge edits, reject overlaps, write files atomically, diffs and YAML. */
#include "fix/fixer.h"
#include "base/source.h"
#include "base/util.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pthread.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <yaml.h>

/* --- file identity ------------------------------------------------------------ */

typedef struct fs_fkey {
    char *name;
    char *key;
} fs_fkey;

static fs_fkey *fs_fkeys;
static int fs_nfkeys, fs_capfkeys;

/* What a file name stands for: its real path, so that "include/x.h" and
 * "src/../include/x.h" (one header reached from two translation units) are
 * one file; the name itself when it cannot be resolved.  Cached; the string
 * lives as long as the process. */
static const char *fs_file_key(const char *name)
{
    for (int i = 0; i < fs_nfkeys; i++)
        if (strcmp(fs_fkeys[i].name, name) == 0)
            return fs_fkeys[i].key;
    char buf[PATH_MAX];
    fs_fkey k = { fs_xstrdup(name), fs_xstrdup(realpath(name, buf) ? buf : name) };
    FS_PUSH(fs_fkeys, fs_nfkeys, fs_capfkeys, k);
    return k.key;
}

static int fs_same_file(const char *a, const char *b)
{
    return strcmp(a, b) == 0 || strcmp(fs_file_key(a), fs_file_key(b)) == 0;
}

/* --- choosing the fixes --------------------------------------------------- */

typedef struct fs_pick {
    const fs_finding *f;
    int index;
    int failed;
} fs_pick;

static int fs_edit_cmp(const void *a, const void *b)
{
    const fs_edit *x = a, *y = b;
    if (!fs_same_file(x->file, y->file))
        return strcmp(fs_file_key(x->file), fs_file_key(y->file));
    if (x->offset != y->offset)
        return x->offset < y->offset ? -1 : 1;
    return x->length < y->length ? -1 : x->length > y->length;
}

static int fs_edit_ptr_cmp(const void *a, const void *b)
{
    return fs_edit_cmp(*(fs_edit *const *)a, *(fs_edit *const *)b);
}

static int fs_same_fix(const fs_fix *a, const fs_fix *b)
{
    if (a->nedits != b->nedits)
        return 0;
    for (int i = 0; i < a->nedits; i++)
        if (a->edits[i].offset != b->edits[i].offset || a->edits[i].length != b->edits[i].length ||
            strcmp(a->edits[i].replacement, b->edits[i].replacement) != 0 ||
            !fs_same_file(a->edits[i].file, b->edits[i].file))
            return 0;
    return 1;
}

static int fs_overlaps(const fs_edit *a, const fs_edit *b)
{
    long ae = a->offset + a->length, be = b->offset + b->length;
    int ranges;
    if (a->length == 0 && b->length == 0)
        ranges = a->offset == b->offset;
    else if (a->length == 0)
        ranges = a->offset > b->offset && a->offset < be;
    else if (b->length == 0)
        ranges = b->offset > a->offset && b->offset < ae;
    else
        ranges = a->offset < be && b->offset < ae;
    /* the ranges first: cheaper than the files' identities */
    return ranges && fs_same_file(a->file, b->file);
}

static int fs_same_edit(const fs_edit *a, const fs_edit *b)
{
    return a->offset == b->offset && a->length == b->length && strcmp(a->replacement, b->replacement) == 0 &&
           fs_same_file(a->file, b->file);
}

/* Two edits that cannot both be made: they overlap and are not the same
 * edit (the same edit from two fixes is made once). */
static int fs_conflict(const fs_edit *a, const fs_edit *b)
{
    return fs_overlaps(a, b) && !fs_same_edit(a, b);
}

/* --- diffs ---------------------------------------------------------------- */

typedef struct fs_lines {
    const char **p; /* start of each line */
    long *len;      /* with its line ending */
    int n;
} fs_lines;

static void fs_split(const char *t, long n, fs_lines *out)
{
    int cap = 0;
    out->p = NULL;
    out->len = NULL;
    out->n = 0;
    long i = 0;
    while (i < n) {
        long j = i;
        while (j < n && t[j] != '\n')
            j++;
        if (j < n)
            j++;
        if (out->n == cap) {
            cap = cap ? cap * 2 : 64;
            out->p = fs_xrealloc(out->p, sizeof *out->p * (size_t)cap);
            out->len = fs_xrealloc(out->len, sizeof *out->len * (size_t)cap);
        }
        out->p[out->n] = t + i;
        out->len[out->n] = j - i;
        out->n++;
        i = j;
    }
}

static int fs_line_of(const fs_lines *l, long off)
{
    long acc = 0;
    for (int i = 0; i < l->n; i++) {
        if (off < acc + l->len[i])
            return i;
        acc += l->len[i];
    }
    return l->n > 0 ? l->n - 1 : 0;
}

static void fs_emit_lines(FILE *out, char tag, const fs_lines *l, int from, int to)
{
    for (int i = from; i <= to && i < l->n; i++) {
        fputc(tag, out);
        fwrite(l->p[i], 1, (size_t)l->len[i], out);
        if (l->len[i] == 0 || l->p[i][l->len[i] - 1] != '\n')
            fputs("\n\\ No newline at end of file\n", out);
    }
}

static int fs_line_eq(const fs_lines *a, int i, const fs_lines *b, int j)
{
    return a->len[i] == b->len[j] && memcmp(a->p[i], b->p[j], (size_t)a->len[i]) == 0;
}

/* Old lines from..to of a replaced by all lines of b: the lines they share
 * (a longest common subsequence) as context, the others as `-` and `+`, so
 * that a statement moved or wrapped does not show its unchanged neighbours
 * as changed.  Hunks too large for the table are shown whole. */
static void fs_emit_changed(FILE *out, const fs_lines *a, int from, int to, const fs_lines *b)
{
    int m = to - from + 1, n = b->n;
    if (m <= 0 || n <= 0 || (long)(m + 1) * (n + 1) > 4L * 1024 * 1024) {
        fs_emit_lines(out, '-', a, from, to);
        fs_emit_lines(out, '+', b, 0, n - 1);
        return;
    }
    /* lcs[i][j]: of a's lines from+i.. and b's lines j.. */
    int *lcs = fs_xcalloc((size_t)(m + 1) * (size_t)(n + 1), sizeof(int));
#define FS_LCS(i, j) lcs[(size_t)(i) * (size_t)(n + 1) + (size_t)(j)]
    for (int i = m - 1; i >= 0; i--)
        for (int j = n - 1; j >= 0; j--)
            FS_LCS(i, j) = fs_line_eq(a, from + i, b, j) ? FS_LCS(i + 1, j + 1) + 1
                           : FS_LCS(i + 1, j) >= FS_LCS(i, j + 1) ? FS_LCS(i + 1, j) : FS_LCS(i, j + 1);
    int i = 0, j = 0;
    while (i < m || j < n) {
        if (i < m && j < n && fs_line_eq(a, from + i, b, j) && FS_LCS(i, j) == FS_LCS(i + 1, j + 1) + 1) {
            fs_emit_lines(out, ' ', a, from + i, from + i);
            i++, j++;
        } else if (i < m && (j == n || FS_LCS(i + 1, j) >= FS_LCS(i, j + 1))) {
            fs_emit_lines(out, '-', a, from + i, from + i);
            i++;
        } else {
            fs_emit_lines(out, '+', b, j, j);
            j++;
        }
    }
#undef FS_LCS
    free(lcs);
}

/* The name of a file in a diff that `git apply` and `patch -p1` take from
 * the current folder (the project root): its real path relative to the
 * current folder when it lies below it ("src/../include/x.h" and an absolute
 * name become "include/x.h", a symlink names its target), otherwise the name
 * as given without leading "./". */
static char *fs_diff_name(const char *file)
{
    char cwd[PATH_MAX];
    const char *key = fs_file_key(file);
    if (key[0] == '/' && getcwd(cwd, sizeof cwd)) {
        char real[PATH_MAX];
        const char *root = realpath(cwd, real) ? real : cwd;
        size_t n = strlen(root);
        if (strncmp(key, root, n) == 0 && key[n] == '/' && key[n + 1])
            return fs_xstrdup(key + n + 1);
        if (strcmp(root, "/") == 0)
            return fs_xstrdup(key + 1);
    }
    while (file[0] == '.' && file[1] == '/')
        for (file += 2; *file == '/'; file++)
            ;
    return fs_xstrdup(file);
}

/* A "--- a/NAME" or "+++ b/NAME" line as git writes it: a name with a
 * quote, a backslash or a control character in C quotes, a name with a
 * space followed by a tab (for patch), any other name as it is. */
static void fs_diff_file_line(FILE *out, const char *mark, const char *side, const char *name)
{
    int quote = 0, space = 0;
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p == '"' || *p == '\\' || *p < 0x20 || *p == 0x7f)
            quote = 1;
        if (*p == ' ')
            space = 1;
    }
    if (!quote) {
        fprintf(out, "%s %s%s%s\n", mark, side, name, space ? "\t" : "");
        return;
    }
    fprintf(out, "%s \"%s", mark, side);
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p < 0x20 || *p == 0x7f)
            fprintf(out, "\\%03o", *p);
        else
            fputc(*p, out);
    }
    fputs("\"\n", out);
}

/* A unified diff for one file from its sorted edits, 3 lines of context. */
static void fs_write_diff(FILE *out, const char *file, const char *old, long oldn, fs_edit *const *e, int ne)
{
    fs_lines a;
    fs_split(old, oldn, &a);
    char *name = fs_diff_name(file);
    fs_diff_file_line(out, "---", "a/", name);
    fs_diff_file_line(out, "+++", "b/", name);
    free(name);
    long *start = fs_xmalloc(sizeof(long) * (size_t)(a.n + 1));
    long acc = 0;
    for (int i = 0; i < a.n; i++) {
        start[i] = acc;
        acc += a.len[i];
    }
    start[a.n] = acc;
    long delta = 0;
    int k = 0;
    while (k < ne) {
        int ga = fs_line_of(&a, e[k]->offset);
        int gb = fs_line_of(&a, e[k]->length ? e[k]->offset + e[k]->length - 1 : e[k]->offset);
        int kend = k + 1;
        fs_buf nb;
        for (;;) {
            while (kend < ne) {
                int la = fs_line_of(&a, e[kend]->offset);
                if (la > gb + 6)
                    break;
                int lb = fs_line_of(&a, e[kend]->length ? e[kend]->offset + e[kend]->length - 1 : e[kend]->offset);
                if (lb > gb)
                    gb = lb;
                kend++;
            }
            if (a.n == 0)
                ga = gb = -1;
            /* the new text of lines ga..gb */
            nb = (fs_buf){ 0 };
            long pos = ga >= 0 ? start[ga] : 0;
            long endpos = gb >= 0 ? start[gb + 1] : 0;
            for (int x = k; x < kend; x++) {
                fs_buf_add(&nb, old + pos, (size_t)(e[x]->offset - pos));
                fs_buf_puts(&nb, e[x]->replacement);
                pos = e[x]->offset + e[x]->length;
            }
            if (endpos > pos)
                fs_buf_add(&nb, old + pos, (size_t)(endpos - pos));
            /* it must end where a line ends: an edit that takes a newline
             * away joins the next line to the hunk */
            if (ga >= 0 && gb + 1 < a.n && nb.len > 0 && nb.s[nb.len - 1] != '\n') {
                gb++;
                fs_buf_free(&nb);
                continue;
            }
            break;
        }
        fs_lines b;
        fs_split(nb.s ? nb.s : "", (long)nb.len, &b);
        int c1 = ga - 3 < 0 ? 0 : ga - 3;
        int c2 = gb + 3 >= a.n ? a.n - 1 : gb + 3;
        if (ga < 0)
            c1 = 0, c2 = -1;
        int oldcount = c2 - c1 + 1;
        int newcount = (ga - c1 > 0 ? ga - c1 : 0) + b.n + (c2 - gb > 0 ? c2 - gb : 0);
        if (ga < 0)
            newcount = b.n;
        fprintf(out, "@@ -%d,%d +%ld,%d @@\n", oldcount ? c1 + 1 : c1, oldcount,
                newcount ? c1 + 1 + delta : c1 + delta, newcount);
        if (ga >= 0) {
            fs_emit_lines(out, ' ', &a, c1, ga - 1);
            fs_emit_changed(out, &a, ga, gb, &b);
        } else {
            fs_emit_lines(out, '+', &b, 0, b.n - 1);
        }
        if (ga >= 0)
            fs_emit_lines(out, ' ', &a, gb + 1, c2);
        delta += newcount - oldcount;
        free(b.p);
        free(b.len);
        fs_buf_free(&nb);
        k = kend;
    }
    free(start);
    free(a.p);
    free(a.len);
}

/* --- writing files ---------------------------------------------------------- */

/* Is the file at `path` still `old` (n bytes)? */
static int fs_unchanged(const char *path, const char *old, long n)
{
    const char *why;
    long len = 0;
    char *now = fs_source_read_fresh(path, &len, &why);
    int same = now && len == n && memcmp(now, old, (size_t)n) == 0;
    free(now);
    return same;
}

/* A name for the unnamed file fd (O_TMPFILE) in dir: ".fscheck-fix-" and
 * six characters, free when it is given.  Returns it (to free), or NULL
 * with errno set. */
static char *fs_tmp_name(const char *dir, int fd)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    unsigned long long r = (unsigned long long)ts.tv_nsec ^ ((unsigned long long)getpid() << 32) ^ (uintptr_t)&ts;
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    for (int attempt = 0; attempt < 100; attempt++) {
        char suffix[7];
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        for (int i = 0; i < 6; i++)
            suffix[i] = digits[(r >> (10 + 6 * i)) % 62];
        suffix[6] = '\0';
        char *tmp = fs_xasprintf("%s/.fscheck-fix-%s", dir, suffix);
        /* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc does not */
        if (linkat(fd, "", AT_FDCWD, tmp, AT_EMPTY_PATH) == 0 || linkat(AT_FDCWD, proc, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0)
            return tmp;
        int e = errno;
        free(tmp);
        if (e != EEXIST) {
            errno = e;
            return NULL;
        }
    }
    errno = EEXIST;
    return NULL;
}

/* Replace `path` (following a symlink to its target) with text, atomically:
 * a new file in the same folder, written and fsynced, with the mode (and
 * the owner where we may) of the old one; a check that the file still
 * holds `old` (oldn bytes); a rename over it.  Whenever fscheck stops,
 * even killed, the file is wholly old or wholly new.  The new file has no
 * name until it is complete (O_TMPFILE, where the file system has it), so
 * a kill leaves no temporary file behind but in the instant between its
 * naming and the rename.  Returns 0, or -1 with a message on stderr and the
 * file left as it was. */
static int fs_write_atomic(const char *path, const char *text, long n, const char *old, long oldn)
{
    char target[PATH_MAX];
    if (!realpath(path, target)) {
        fprintf(stderr, "fscheck: %s: cannot resolve: %s\n", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(target, &st) != 0) {
        fprintf(stderr, "fscheck: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (access(target, W_OK) != 0) {
        fprintf(stderr, "fscheck: %s: not writable (%s); left unchanged\n", path, strerror(errno));
        return -1;
    }
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", target);
    char *d = dirname(dir);
    char *tmp = NULL;
    int fd = open(d, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) {
        /* no O_TMPFILE here: a named temporary file */
        tmp = fs_xasprintf("%s/.fscheck-fix-XXXXXX", d);
        fd = mkstemp(tmp);
        if (fd < 0) {
            fprintf(stderr, "fscheck: %s: cannot create a temporary file in %s: %s; left unchanged\n", path, d,
                    strerror(errno));
            free(tmp);
            return -1;
        }
    }
    long off = 0;
    int ok = 1;
    while (off < n) {
        ssize_t w = write(fd, text + off, (size_t)(n - off));
        if (w < 0) {
            if (errno == EINTR)
                continue;
            ok = 0;
            break;
        }
        off += w;
    }
    int saved = errno;
    /* the owner first: a chown may clear the set-id bits that fchmod sets */
    if (ok && (st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0) {
        /* not allowed to give it away: keep the group at least, if we may */
        if (fchown(fd, (uid_t)-1, st.st_gid) != 0) {
            /* the new file is ours; nothing else to do */
        }
    }
    if (ok && fchmod(fd, st.st_mode & 07777) != 0)
        ok = 0, saved = errno;
    if (ok && fsync(fd) != 0)
        ok = 0, saved = errno;
    if (ok && !fs_unchanged(target, old, oldn)) {
        close(fd);
        if (tmp)
            unlink(tmp);
        free(tmp);
        fprintf(stderr, "fscheck: %s: changed while it was being fixed; no fix applied to it\n", path);
        return -1;
    }
    if (ok && !tmp && !(tmp = fs_tmp_name(d, fd)))
        ok = 0, saved = errno;
    if (close(fd) != 0 && ok)
        ok = 0, saved = errno;
    if (ok && rename(tmp, target) != 0)
        ok = 0, saved = errno;
    if (!ok) {
        if (tmp)
            unlink(tmp);
        fprintf(stderr, "fscheck: %s: could not write the fixed file (%s); left unchanged\n", path, strerror(saved));
    }
    free(tmp);
    return ok ? 0 : -1;
}

/* --- YAML ------------------------------------------------------------------- */

static void fs_y_scalar(yaml_emitter_t *e, const char *s)
{
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
                                 YAML_ANY_SCALAR_STYLE);
    yaml_emitter_emit(e, &ev);
}

static void fs_y_quoted(yaml_emitter_t *e, const char *s)
{
    yaml_event_t ev;
    yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 1,
                                 YAML_DOUBLE_QUOTED_SCALAR_STYLE);
    yaml_emitter_emit(e, &ev);
}

static void fs_y_int(yaml_emitter_t *e, long v)
{
    char b[32];
    snprintf(b, sizeof b, "%ld", v);
    fs_y_scalar(e, b);
}

static void fs_y_map_start(yaml_emitter_t *e)
{
    yaml_event_t ev;
    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
    yaml_emitter_emit(e, &ev);
}

static void fs_y_map_end(yaml_emitter_t *e)
{
    yaml_event_t ev;
    yaml_mapping_end_event_initialize(&ev);
    yaml_emitter_emit(e, &ev);
}

static void fs_y_seq_start(yaml_emitter_t *e)
{
    yaml_event_t ev;
    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE);
    yaml_emitter_emit(e, &ev);
}

static void fs_y_seq_end(yaml_emitter_t *e)
{
    yaml_event_t ev;
    yaml_sequence_end_event_initialize(&ev);
    yaml_emitter_emit(e, &ev);
}

static char *fs_abs(const char *p)
{
    char buf[PATH_MAX];
    if (realpath(p, buf))
        return fs_xstrdup(buf);
    return fs_xstrdup(p);
}

static int fs_write_yaml(const char *out, const fs_pick *picks, int npicks, const char *build_dir)
{
    FILE *f = fopen(out, "w");
    if (!f) {
        fprintf(stderr, "fscheck: %s: cannot write: %s\n", out, strerror(errno));
        return -1;
    }
    yaml_emitter_t e;
    yaml_event_t ev;
    yaml_emitter_initialize(&e);
    yaml_emitter_set_output_file(&e, f);
    yaml_emitter_set_unicode(&e, 1);
    yaml_emitter_set_width(&e, -1);
    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
    yaml_emitter_emit(&e, &ev);
    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
    yaml_emitter_emit(&e, &ev);
    fs_y_map_start(&e);
    fs_y_scalar(&e, "MainSourceFile");
    char *main = npicks ? fs_abs(picks[0].f->file) : fs_xstrdup("");
    fs_y_quoted(&e, main);
    free(main);
    fs_y_scalar(&e, "Diagnostics");
    fs_y_seq_start(&e);
    char cwd[PATH_MAX];
    if (!build_dir)
        build_dir = getcwd(cwd, sizeof cwd) ? cwd : ".";
    for (int i = 0; i < npicks; i++) {
        const fs_finding *fd = picks[i].f;
        fs_y_map_start(&e);
        fs_y_scalar(&e, "DiagnosticName");
        char *dn = fs_xasprintf("fscheck-%s", fd->name);
        fs_y_scalar(&e, dn);
        free(dn);
        fs_y_scalar(&e, "DiagnosticMessage");
        fs_y_map_start(&e);
        fs_y_scalar(&e, "Message");
        fs_y_quoted(&e, fd->message ? fd->message : "");
        fs_y_scalar(&e, "FilePath");
        char *fp = fs_abs(fd->file);
        fs_y_quoted(&e, fp);
        free(fp);
        fs_y_scalar(&e, "FileOffset");
        fs_y_int(&e, fd->range.begin.offset);
        fs_y_scalar(&e, "Replacements");
        fs_y_seq_start(&e);
        for (int k = 0; k < fd->fix->nedits; k++) {
            const fs_edit *ed = &fd->fix->edits[k];
            fs_y_map_start(&e);
            fs_y_scalar(&e, "FilePath");
            char *ep = fs_abs(ed->file);
            fs_y_quoted(&e, ep);
            free(ep);
            fs_y_scalar(&e, "Offset");
            fs_y_int(&e, ed->offset);
            fs_y_scalar(&e, "Length");
            fs_y_int(&e, ed->length);
            fs_y_scalar(&e, "ReplacementText");
            fs_y_quoted(&e, ed->replacement);
            fs_y_map_end(&e);
        }
        fs_y_seq_end(&e);
        fs_y_map_end(&e);
        fs_y_scalar(&e, "Level");
        fs_y_scalar(&e, "Warning");
        fs_y_scalar(&e, "BuildDirectory");
        fs_y_quoted(&e, build_dir);
        fs_y_map_end(&e);
    }
    fs_y_seq_end(&e);
    fs_y_map_end(&e);
    yaml_document_end_event_initialize(&ev, 0);
    yaml_emitter_emit(&e, &ev);
    yaml_stream_end_event_initialize(&ev);
    yaml_emitter_emit(&e, &ev);
    int bad = e.error != YAML_NO_ERROR;
    yaml_emitter_delete(&e);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "fscheck: %s: could not write the YAML\n", out);
        return -1;
    }
    return 0;
}

/* --- the run ---------------------------------------------------------------- */

typedef struct fs_file_edit {
    fs_edit *e;
    int pick; /* the fix it belongs to */
} fs_file_edit;

typedef struct fs_file_edits {
    const char *file;
    fs_file_edit *e;
    int n, cap;
    char *text; /* as read for fixing; NULL when it cannot be fixed */
    long len;
    fs_edit **done; /* the edits written into it, in file order (--fix) */
    int ndone;
    char *now;      /* and what it holds since */
    long nowlen;
} fs_file_edits;

/* --- where the findings left unfixed are now ------------------------------------ */

/* Where old offset o is after the edits e[0..n) (sorted, apart).  An
 * insertion at o goes before o, or after it when o ends a range (is_end);
 * an o that an edit replaces goes to the start of its replacement. */
static long fs_map_offset(fs_edit *const *e, int n, long o, int is_end)
{
    long delta = 0;
    for (int x = 0; x < n; x++) {
        long s = e[x]->offset, t = s + e[x]->length;
        long grow = (long)strlen(e[x]->replacement) - e[x]->length;
        if (e[x]->length == 0 ? (s < o || (s == o && !is_end)) : t <= o)
            delta += grow;
        else if (e[x]->length > 0 && s < o && o < t)
            return s + delta;
        else if (e[x]->length > 0 && s == o && !is_end)
            return s + delta;
        else
            break;
    }
    return o + delta;
}

/* 1-based line and byte column of offset o in text (n bytes). */
static void fs_line_col(const char *text, long n, long o, int *line, int *col)
{
    int ln = 1;
    long bol = 0;
    for (long i = 0; i < o && i < n; i++)
        if (text[i] == '\n')
            ln++, bol = i + 1;
    *line = ln;
    *col = (int)(o - bol) + 1;
}

/* The offset of 1-based line and column in text, or -1. */
static long fs_offset_of(const char *text, long n, int line, int col)
{
    long i = 0;
    for (int ln = 1; ln < line; ln++) {
        const char *nl = memchr(text + i, '\n', (size_t)(n - i));
        if (!nl)
            return -1;
        i = nl - text + 1;
    }
    return i + col - 1 <= n ? i + col - 1 : -1;
}

static void fs_fix_drop(fs_finding *f)
{
    for (int i = 0; i < f->fix->nedits; i++) {
        free(f->fix->edits[i].file);
        free(f->fix->edits[i].replacement);
    }
    free(f->fix->edits);
    free(f->fix->description);
    free(f->fix);
    f->fix = NULL;
}

/*
 * After --fix wrote fe: move the locations of a finding left unfixed (its
 * range, its related locations, the edits of its own fix) to where their
 * text now is, so that the report and its offsets match the file on disk.
 * A fix of its that touches a written edit no longer applies and is
 * dropped.  Returns 1 when the written edits replaced the finding's whole
 * range (the code it was about is gone), 0 otherwise.
 */
static int fs_move_finding(fs_finding *f, const fs_file_edits *fe)
{
    if (fs_same_file(f->file, fe->file)) {
        long b = f->range.begin.offset, t = f->range.end.offset;
        for (int x = 0; x < fe->ndone; x++) {
            const fs_edit *e = fe->done[x];
            if (e->length > 0 && e->offset <= b && t <= e->offset + e->length && b < t)
                return 1;
        }
        long nb = fs_map_offset(fe->done, fe->ndone, b, 0);
        long nt = fs_map_offset(fe->done, fe->ndone, t, 1);
        if (nt < nb)
            nt = nb;
        f->range.begin.offset = nb;
        f->range.end.offset = nt;
        fs_line_col(fe->now, fe->nowlen, nb, &f->range.begin.line, &f->range.begin.col);
        fs_line_col(fe->now, fe->nowlen, nt, &f->range.end.line, &f->range.end.col);
    }
    for (int r = 0; r < f->nrelated; r++) {
        fs_related *rel = &f->related[r];
        if (!rel->file || !fs_same_file(rel->file, fe->file))
            continue;
        long o = fs_offset_of(fe->text, fe->len, rel->line, rel->col);
        if (o >= 0)
            fs_line_col(fe->now, fe->nowlen, fs_map_offset(fe->done, fe->ndone, o, 0), &rel->line, &rel->col);
    }
    if (f->fix) {
        for (int i = 0; i < f->fix->nedits; i++)
            for (int x = 0; x < fe->ndone; x++)
                if (fs_overlaps(&f->fix->edits[i], fe->done[x])) {
                    fs_fix_drop(f);
                    return 0;
                }
        for (int i = 0; i < f->fix->nedits; i++)
            if (fs_same_file(f->fix->edits[i].file, fe->file))
                f->fix->edits[i].offset = fs_map_offset(fe->done, fe->ndone, f->fix->edits[i].offset, 0);
    }
    return 0;
}

/* Mark the picks with an edit in `file` as not applied. */
static void fs_fail_file(fs_pick *picks, int npicks, const char *file)
{
    for (int k = 0; k < npicks; k++)
        for (int x = 0; x < picks[k].f->fix->nedits; x++)
            if (fs_same_file(picks[k].f->fix->edits[x].file, file))
                picks[k].failed = 1;
}

/* FSCHECK_TEST_PAUSE_BEFORE_FIX=SECONDS (0.2 too): wait that long between
 * the analysis and the writing of the files, so that a test can change a
 * file meanwhile, or kill fscheck while it writes.  Says so on stderr when
 * it starts waiting. */
static void fs_test_pause(void)
{
    const char *v = getenv("FSCHECK_TEST_PAUSE_BEFORE_FIX");
    if (!v || !*v)
        return;
    char *end;
    double secs = strtod(v, &end);
    if (*end || !(secs > 0 && secs < 3600))
        return;
    fprintf(stderr, "fscheck: FSCHECK_TEST_PAUSE_BEFORE_FIX: waiting %g s before writing fixes\n", secs);
    fflush(stderr);
    struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

void fs_fixer_select(fs_findings *fs, int unsafe, FILE *msgs, int *state, int *same_as)
{
    int *chosen = fs_xmalloc(sizeof(int) * (size_t)(fs->n + 1));
    int nchosen = 0;
    /* accepted fixes, in finding order (sorted by file and line) */
    for (int i = 0; i < fs->n; i++) {
        fs_finding *f = &fs->v[i];
        state[i] = FS_FIXSEL_NONE;
        same_as[i] = -1;
        if (!f->fix || f->fix->nedits == 0)
            continue;
        if (f->fix->safety == FS_FIX_UNSAFE && !unsafe)
            continue;
        qsort(f->fix->edits, (size_t)f->fix->nedits, sizeof *f->fix->edits, fs_edit_cmp);
        int dup = -1, clash = -1;
        for (int k = 0; k < nchosen && dup < 0; k++) {
            const fs_fix *pf = fs->v[chosen[k]].fix;
            if (fs_same_fix(pf, f->fix)) {
                dup = chosen[k];
                break;
            }
            for (int x = 0; x < pf->nedits && clash < 0; x++)
                for (int y = 0; y < f->fix->nedits && clash < 0; y++)
                    if (fs_conflict(&pf->edits[x], &f->fix->edits[y]))
                        clash = chosen[k];
        }
        if (dup >= 0) {
            state[i] = FS_FIXSEL_SAME;
            same_as[i] = dup;
            continue;
        }
        /* overlapping edits within one fix (sorted: an overlap has a
         * neighbour in it, or lies inside an earlier, longer edit) */
        for (int y = 1; y < f->fix->nedits && clash == -1; y++)
            for (int x = 0; x < y && clash == -1; x++)
                if (fs_conflict(&f->fix->edits[x], &f->fix->edits[y]))
                    clash = -2;
        if (clash != -1) {
            state[i] = FS_FIXSEL_OVERLAP;
            if (msgs && clash >= 0)
                fprintf(msgs, "fscheck: %s:%d:%d: the fix for %s overlaps the fix for %s at %s:%d:%d; not applied\n",
                        f->file, f->range.begin.line, f->range.begin.col, f->rule, fs->v[clash].rule,
                        fs->v[clash].file, fs->v[clash].range.begin.line, fs->v[clash].range.begin.col);
            else if (msgs)
                fprintf(msgs, "fscheck: %s:%d:%d: the fix for %s has overlapping edits; not applied\n", f->file,
                        f->range.begin.line, f->range.begin.col, f->rule);
            continue;
        }
        state[i] = FS_FIXSEL_CHOSEN;
        chosen[nchosen++] = i;
    }
    free(chosen);
}

char *fs_fixer_apply(const char *text, long len, fs_edit *const *e, int n, long *outlen)
{
    long maxend = 0;
    for (int x = 0; x < n; x++) {
        if (e[x]->offset < 0 || e[x]->length < 0 || e[x]->offset > len || e[x]->length > len - e[x]->offset)
            return NULL;
        if (x > 0 && e[x]->offset < e[x - 1]->offset)
            return NULL; /* not sorted */
        if (e[x]->offset < maxend)
            return NULL; /* inside an earlier replaced range */
        if (x > 0 && e[x]->length == 0 && e[x - 1]->length == 0 && e[x - 1]->offset == e[x]->offset)
            return NULL; /* two insertions at one offset: which first? */
        if (e[x]->offset + e[x]->length > maxend)
            maxend = e[x]->offset + e[x]->length;
    }
    fs_buf out = { 0 };
    fs_buf_puts(&out, "");
    long pos = 0;
    for (int x = 0; x < n; x++) {
        fs_buf_add(&out, text + pos, (size_t)(e[x]->offset - pos));
        fs_buf_puts(&out, e[x]->replacement);
        pos = e[x]->offset + e[x]->length;
    }
    fs_buf_add(&out, text + pos, (size_t)(len - pos));
    *outlen = (long)out.len;
    return out.s;
}

void fs_fixer_diff(FILE *out, const char *file, const char *old, long oldn, fs_edit *const *e, int n)
{
    fs_write_diff(out, file, old, oldn, e, n);
}

int fs_fixer_run(fs_findings *fs, const fs_fixer_opts *o, unsigned char *applied)
{
    fs_pick *picks = NULL;
    int npicks = 0, cappicks = 0;
    int *state = fs_xmalloc(sizeof(int) * (size_t)(fs->n + 1));
    int *same_as = fs_xmalloc(sizeof(int) * (size_t)(fs->n + 1));
    /* for a finding whose fix is the same as a picked one: that pick's index */
    int *dup_of = fs_xmalloc(sizeof(int) * (size_t)(fs->n + 1));
    int *pick_of = fs_xmalloc(sizeof(int) * (size_t)(fs->n + 1));
    fs_fixer_select(fs, o->unsafe, stderr, state, same_as);
    for (int i = 0; i < fs->n; i++) {
        dup_of[i] = -1;
        pick_of[i] = -1;
        if (state[i] == FS_FIXSEL_CHOSEN) {
            pick_of[i] = npicks;
            FS_PUSH(picks, npicks, cappicks, ((fs_pick){ &fs->v[i], i, 0 }));
        } else if (state[i] == FS_FIXSEL_SAME) {
            dup_of[i] = pick_of[same_as[i]];
        }
    }
    free(state);
    free(same_as);
    free(pick_of);

    int rc = 0;
    if (o->yaml && fs_write_yaml(o->yaml, picks, npicks, o->build_dir) != 0)
        rc = -1;

    if (o->write && npicks > 0)
        fs_test_pause();
    if (o->write || o->diff) {
        /* group edits by file */
        fs_file_edits *files = NULL;
        int nfiles = 0, capfiles = 0;
        for (int k = 0; k < npicks; k++)
            for (int x = 0; x < picks[k].f->fix->nedits; x++) {
                fs_edit *ed = &picks[k].f->fix->edits[x];
                int fi = 0;
                while (fi < nfiles && !fs_same_file(files[fi].file, ed->file))
                    fi++;
                if (fi == nfiles) {
                    FS_PUSH(files, nfiles, capfiles, ((fs_file_edits){ ed->file, NULL, 0, 0, NULL, 0, NULL, 0, NULL, 0 }));
                }
                FS_PUSH(files[fi].e, files[fi].n, files[fi].cap, ((fs_file_edit){ ed, k }));
            }
        /* first read every file: a fix is applied whole or not at all, so a
         * file that cannot be fixed keeps its fixes out of the others too */
        for (int fi = 0; fi < nfiles; fi++) {
            fs_file_edits *fe = &files[fi];
            const char *why;
            unsigned long long hash = 0;
            fe->text = fs_source_read(fe->file, &fe->len, &why, &hash);
            int ok = fe->text != NULL;
            if (!ok)
                fprintf(stderr, "fscheck: %s: cannot read for fixing: %s; no fix applied to it\n", fe->file, why);
            int changed = 0;
            for (int x = 0; ok && x < fe->n; x++)
                changed |= fe->e[x].e->hash && fe->e[x].e->hash != hash;
            if (changed) {
                fprintf(stderr, "fscheck: %s: changed since it was analysed; no fix applied to it\n", fe->file);
                ok = 0;
            }
            for (int x = 0; ok && x < fe->n; x++)
                if (fe->e[x].e->offset < 0 || fe->e[x].e->offset + fe->e[x].e->length > fe->len) {
                    fprintf(stderr, "fscheck: %s: a fix lies outside the file; no fix applied to it\n", fe->file);
                    ok = 0;
                }
            if (!ok) {
                free(fe->text);
                fe->text = NULL;
                rc = -1;
                fs_fail_file(picks, npicks, fe->file);
            }
        }
        for (int fi = 0; fi < nfiles; fi++) {
            fs_file_edits *fe = &files[fi];
            if (!fe->text)
                continue;
            /* the edits of the fixes still standing, in file order */
            fs_edit **e = fs_xmalloc(sizeof *e * (size_t)fe->n);
            int ne = 0;
            for (int x = 0; x < fe->n; x++)
                if (!picks[fe->e[x].pick].failed)
                    e[ne++] = fe->e[x].e;
            qsort(e, (size_t)ne, sizeof *e, fs_edit_ptr_cmp);
            /* the same edit from several fixes is made once */
            int nu = 0;
            for (int x = 0; x < ne; x++)
                if (nu == 0 || !fs_same_edit(e[nu - 1], e[x]))
                    e[nu++] = e[x];
            ne = nu;
            if (ne > 0) {
                long outlen = 0;
                char *made = fs_fixer_apply(fe->text, fe->len, e, ne, &outlen);
                if (!made) {
                    /* fs_fixer_select and the range check above rule this out */
                    fprintf(stderr, "fscheck: %s: the fixes overlap; no fix applied to it\n", fe->file);
                    rc = -1;
                    fs_fail_file(picks, npicks, fe->file);
                    free(e);
                    continue;
                }
                fs_buf out = { made, (size_t)outlen, (size_t)outlen + 1 };
                if (o->diff)
                    fs_write_diff(o->diff, fe->file, fe->text, fe->len, e, ne);
                if (o->write) {
                    if (fs_write_atomic(fe->file, out.s, (long)out.len, fe->text, fe->len) != 0) {
                        rc = -1;
                        fs_fail_file(picks, npicks, fe->file);
                    } else {
                        fe->done = e, fe->ndone = ne, e = NULL;
                        fe->nowlen = (long)out.len;
                        fe->now = out.s, out = (fs_buf){ 0 };
                    }
                }
                fs_buf_free(&out);
            }
            free(e);
        }
        for (int k = 0; k < npicks; k++)
            if (!picks[k].failed)
                applied[picks[k].index] = 1;
        for (int i = 0; i < fs->n; i++)
            if (dup_of[i] >= 0)
                applied[i] = applied[picks[dup_of[i]].index];
        /* the findings left: where they are in the files as written */
        for (int fi = 0; fi < nfiles; fi++)
            for (int i = 0; files[fi].done && i < fs->n; i++)
                if (!applied[i] && fs_move_finding(&fs->v[i], &files[fi]))
                    applied[i] = 1;
        for (int fi = 0; fi < nfiles; fi++) {
            free(files[fi].e);
            free(files[fi].text);
            free(files[fi].done);
            free(files[fi].now);
        }
        free(files);
    }
    free(dup_of);
    free(picks);
    return rc;
}
