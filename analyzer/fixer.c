/* fixer.c - merge edits, reject overlaps, write files atomically, diffs and YAML. */
#include "fixer.h"
#include "driver.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

/* --- what each file looked like when analysed -------------------------------- */

typedef struct fs_seen {
    char *file;
    unsigned long long hash;
    long len;
} fs_seen;

static fs_seen *fs_seen_v;
static int fs_seen_n, fs_seen_cap;

static unsigned long long fs_hash64(const char *s, long n)
{
    unsigned long long h = 1469598103934665603ull;
    for (long i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

void fs_fixer_note_content(const char *file, const char *text, long len)
{
    for (int i = 0; i < fs_seen_n; i++)
        if (strcmp(fs_seen_v[i].file, file) == 0)
            return;
    fs_grow(&fs_seen_v, &fs_seen_cap, fs_seen_n + 1, sizeof *fs_seen_v);
    fs_seen_v[fs_seen_n].file = fs_xstrdup(file);
    fs_seen_v[fs_seen_n].hash = fs_hash64(text, len);
    fs_seen_v[fs_seen_n].len = len;
    fs_seen_n++;
}

static const fs_seen *fs_seen_find(const char *file)
{
    for (int i = 0; i < fs_seen_n; i++)
        if (strcmp(fs_seen_v[i].file, file) == 0)
            return &fs_seen_v[i];
    return NULL;
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
        if (strcmp(a->edits[i].file, b->edits[i].file) != 0 || a->edits[i].offset != b->edits[i].offset ||
            a->edits[i].length != b->edits[i].length ||
            strcmp(a->edits[i].replacement, b->edits[i].replacement) != 0)
            return 0;
    return 1;
}

static int fs_overlaps(const fs_edit *a, const fs_edit *b)
{
    if (strcmp(a->file, b->file) != 0)
        return 0;
    long ae = a->offset + a->length, be = b->offset + b->length;
    if (a->length == 0 && b->length == 0)
        return a->offset == b->offset;
    if (a->length == 0)
        return a->offset > b->offset && a->offset < be;
    if (b->length == 0)
        return b->offset > a->offset && b->offset < ae;
    return a->offset < be && b->offset < ae;
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

/* A unified diff for one file from its sorted edits, 3 lines of context. */
static void fs_write_diff(FILE *out, const char *name, const char *old, long oldn, fs_edit *const *e, int ne)
{
    fs_lines a;
    fs_split(old, oldn, &a);
    fprintf(out, "--- a/%s\n+++ b/%s\n", name, name);
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
        fs_buf nb = { 0 };
        long pos = ga >= 0 ? start[ga] : 0;
        long endpos = gb >= 0 ? start[gb + 1] : 0;
        for (int x = k; x < kend; x++) {
            fs_buf_add(&nb, old + pos, (size_t)(e[x]->offset - pos));
            fs_buf_puts(&nb, e[x]->replacement);
            pos = e[x]->offset + e[x]->length;
        }
        if (endpos > pos)
            fs_buf_add(&nb, old + pos, (size_t)(endpos - pos));
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
            fs_emit_lines(out, '-', &a, ga, gb);
        }
        fs_emit_lines(out, '+', &b, 0, b.n - 1);
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

/* Replace `path` (following a symlink to its target) with text, atomically:
 * a temporary file in the same folder, fsync, keep the mode, rename. */
static int fs_write_atomic(const char *path, const char *text, long n)
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
    char *tmp = fs_xasprintf("%s/.fscheck-fix-XXXXXX", d);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "fscheck: %s: cannot create a temporary file in %s: %s; left unchanged\n", path, d,
                strerror(errno));
        free(tmp);
        return -1;
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
    if (ok && fchmod(fd, st.st_mode & 07777) != 0)
        ok = 0, saved = errno;
    if (ok && fsync(fd) != 0)
        ok = 0, saved = errno;
    if (close(fd) != 0 && ok)
        ok = 0, saved = errno;
    if (ok && rename(tmp, target) != 0)
        ok = 0, saved = errno;
    if (!ok) {
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

typedef struct fs_file_edits {
    const char *file;
    fs_edit **e;
    int n, cap;
} fs_file_edits;

int fs_fixer_run(const fs_findings *fs, const fs_fixer_opts *o, unsigned char *applied)
{
    fs_pick *picks = NULL;
    int npicks = 0, cappicks = 0;
    /* accepted fixes, in finding order (sorted by file and line) */
    for (int i = 0; i < fs->n; i++) {
        const fs_finding *f = &fs->v[i];
        if (!f->fix || f->fix->nedits == 0)
            continue;
        if (f->fix->safety == FS_FIX_UNSAFE && !o->unsafe)
            continue;
        qsort(f->fix->edits, (size_t)f->fix->nedits, sizeof *f->fix->edits, fs_edit_cmp);
        int dup = 0, clash = -1;
        for (int k = 0; k < npicks && !dup; k++) {
            if (fs_same_fix(picks[k].f->fix, f->fix)) {
                dup = 1;
                break;
            }
            for (int x = 0; x < picks[k].f->fix->nedits && clash < 0; x++)
                for (int y = 0; y < f->fix->nedits && clash < 0; y++)
                    if (fs_overlaps(&picks[k].f->fix->edits[x], &f->fix->edits[y]))
                        clash = k;
        }
        /* overlapping edits within one fix */
        for (int y = 1; y < f->fix->nedits && clash < 0; y++)
            if (fs_overlaps(&f->fix->edits[y - 1], &f->fix->edits[y]))
                clash = -2;
        if (dup) {
            applied[i] = 1;
            continue;
        }
        if (clash != -1) {
            if (clash >= 0)
                fprintf(stderr, "fscheck: %s:%d:%d: the fix for %s overlaps the fix for %s at %s:%d:%d; not applied\n",
                        f->file, f->range.begin.line, f->range.begin.col, f->rule, picks[clash].f->rule,
                        picks[clash].f->file, picks[clash].f->range.begin.line, picks[clash].f->range.begin.col);
            else
                fprintf(stderr, "fscheck: %s:%d:%d: the fix for %s has overlapping edits; not applied\n", f->file,
                        f->range.begin.line, f->range.begin.col, f->rule);
            continue;
        }
        FS_PUSH(picks, npicks, cappicks, ((fs_pick){ f, i, 0 }));
    }

    int rc = 0;
    if (o->yaml && fs_write_yaml(o->yaml, picks, npicks, o->build_dir) != 0)
        rc = -1;

    if (o->write || o->diff) {
        /* group edits by file */
        fs_file_edits *files = NULL;
        int nfiles = 0, capfiles = 0;
        for (int k = 0; k < npicks; k++)
            for (int x = 0; x < picks[k].f->fix->nedits; x++) {
                fs_edit *ed = &picks[k].f->fix->edits[x];
                int fi = 0;
                while (fi < nfiles && strcmp(files[fi].file, ed->file) != 0)
                    fi++;
                if (fi == nfiles) {
                    FS_PUSH(files, nfiles, capfiles, ((fs_file_edits){ ed->file, NULL, 0, 0 }));
                }
                FS_PUSH(files[fi].e, files[fi].n, files[fi].cap, ed);
            }
        for (int fi = 0; fi < nfiles; fi++) {
            fs_file_edits *fe = &files[fi];
            const char *why;
            long len = 0;
            char *text = fs_read_file(fe->file, &len, &why);
            int ok = text != NULL;
            if (!text)
                fprintf(stderr, "fscheck: %s: cannot read for fixing: %s\n", fe->file, why);
            const fs_seen *seen = ok ? fs_seen_find(fe->file) : NULL;
            if (ok && seen && (seen->len != len || seen->hash != fs_hash64(text, len))) {
                fprintf(stderr, "fscheck: %s: changed since it was analysed; no fix applied to it\n", fe->file);
                ok = 0;
            }
            for (int x = 0; ok && x < fe->n; x++)
                if (fe->e[x]->offset < 0 || fe->e[x]->offset + fe->e[x]->length > len) {
                    fprintf(stderr, "fscheck: %s: a fix lies outside the file; no fix applied to it\n", fe->file);
                    ok = 0;
                }
            if (!ok) {
                free(text);
                rc = -1;
                /* its findings are not fixed */
                for (int k = 0; k < npicks; k++)
                    for (int x = 0; x < picks[k].f->fix->nedits; x++)
                        if (strcmp(picks[k].f->fix->edits[x].file, fe->file) == 0)
                            picks[k].failed = 1;
                continue;
            }
            qsort(fe->e, (size_t)fe->n, sizeof *fe->e, fs_edit_ptr_cmp);
            fs_buf out = { 0 };
            long pos = 0;
            for (int x = 0; x < fe->n; x++) {
                /* fe->e holds pointers: compare through them */
                const fs_edit *ed = fe->e[x];
                fs_buf_add(&out, text + pos, (size_t)(ed->offset - pos));
                fs_buf_puts(&out, ed->replacement);
                pos = ed->offset + ed->length;
            }
            fs_buf_add(&out, text + pos, (size_t)(len - pos));
            if (!out.s)
                fs_buf_puts(&out, "");
            if (o->diff)
                fs_write_diff(o->diff, fe->file, text, len, fe->e, fe->n);
            if (o->write && fs_write_atomic(fe->file, out.s, (long)out.len) != 0) {
                rc = -1;
                for (int k = 0; k < npicks; k++)
                    for (int x = 0; x < picks[k].f->fix->nedits; x++)
                        if (strcmp(picks[k].f->fix->edits[x].file, fe->file) == 0)
                            picks[k].failed = 1;
            }
            fs_buf_free(&out);
            free(text);
        }
        for (int fi = 0; fi < nfiles; fi++)
            free(files[fi].e);
        free(files);
        for (int k = 0; k < npicks; k++)
            if (!picks[k].failed)
                applied[picks[k].index] = 1;
    }
    free(picks);
    return rc;
}
