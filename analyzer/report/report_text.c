/* report_text.c - clang-style diagnostics: location, message, source line, caret, notes, fix hint. */
#include "report/report.h"
#include "base/source.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

#define C_BOLD "\033[1m"
#define C_MAG "\033[1;35m"
#define C_CYAN "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_RESET "\033[0m"

typedef struct fs_text_src {
    char *file;
    char *text;
    long len;
} fs_text_src;

static const char *fs_line_of(fs_text_src *cache, int *ncache, const char *file, int line, long *llen)
{
    fs_text_src *s = NULL;
    for (int i = 0; i < *ncache; i++)
        if (strcmp(cache[i].file, file) == 0)
            s = &cache[i];
    if (!s) {
        if (*ncache >= 8) {
            free(cache[0].file);
            free(cache[0].text);
            memmove(cache, cache + 1, sizeof *cache * 7);
            (*ncache)--;
        }
        s = &cache[(*ncache)++];
        const char *why;
        s->file = fs_xstrdup(file);
        s->len = 0;
        s->text = fs_source_read(file, &s->len, &why, NULL);
    }
    if (!s->text || line < 1)
        return NULL;
    const char *p = s->text, *end = s->text + s->len;
    for (int l = 1; l < line; l++) {
        while (p < end && *p != '\n' && *p != '\r')
            p++;
        if (p >= end)
            return NULL;
        p += *p == '\r' && p + 1 < end && p[1] == '\n' ? 2 : 1; /* CR LF, LF, or a CR alone */
    }
    const char *e = p;
    while (e < end && *e != '\n' && *e != '\r')
        e++;
    *llen = e - p;
    return p;
}

static void fs_print_source(FILE *out, int color, const char *line, long llen, int col, int endcol)
{
    fprintf(out, "%.*s\n", (int)llen, line);
    fs_buf b = { 0 };
    for (int i = 1; i < col && i - 1 < llen; i++)
        fs_buf_add(&b, line[i - 1] == '\t' ? "\t" : " ", 1);
    fs_buf_puts(&b, "^");
    for (int i = col + 1; i < endcol && i - 1 < llen; i++)
        fs_buf_puts(&b, "~");
    fprintf(out, "%s%s%s\n", color ? C_GREEN : "", b.s, color ? C_RESET : "");
    fs_buf_free(&b);
}

/* A control character (a line break, an escape sequence) as C writes it. */
static void fs_put_control(FILE *out, unsigned char ch)
{
    if (ch == '\n')
        fputs("\\n", out);
    else if (ch == '\r')
        fputs("\\r", out);
    else if (ch == '\t')
        fputs("\\t", out);
    else
        fprintf(out, "\\%03o", ch);
}

static int fs_has_control(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return 1;
    return 0;
}

/* A file name as it is, or, when it holds a control character, in C
 * quotes as git writes such names: one diagnostic stays one line. */
static void fs_put_name(FILE *out, const char *s)
{
    if (!fs_has_control(s)) {
        fputs(s ? s : "", out);
        return;
    }
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            fs_put_control(out, *p);
        else if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

/* A message with its control characters escaped. */
static void fs_put_text(FILE *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            fs_put_control(out, *p);
        else
            fputc(*p, out);
    }
}

static int fs_text_write(const fs_report_ctx *c)
{
    FILE *out = c->out;
    fs_text_src cache[8];
    int ncache = 0;
    for (int i = 0; i < c->findings->n; i++) {
        const fs_finding *f = &c->findings->v[i];
        fputs(c->color ? C_BOLD : "", out);
        fs_put_name(out, f->file);
        fprintf(out, ":%d:%d: %s%s:%s ", f->range.begin.line, f->range.begin.col, c->color ? C_MAG : "",
                f->severity, c->color ? C_RESET C_BOLD : "");
        fs_put_text(out, f->message);
        fprintf(out, " [%s]%s\n", f->rule, c->color ? C_RESET : "");
        long llen;
        const char *line = fs_line_of(cache, &ncache, f->file, f->range.begin.line, &llen);
        if (line) {
            int endcol = f->range.end.line == f->range.begin.line ? f->range.end.col : (int)llen + 1;
            fs_print_source(out, c->color, line, llen, f->range.begin.col, endcol);
        }
        for (int j = 0; j < f->nrelated; j++) {
            const fs_related *r = &f->related[j];
            fputs(c->color ? C_BOLD : "", out);
            fs_put_name(out, r->file);
            fprintf(out, ":%d:%d: %snote:%s ", r->line, r->col, c->color ? C_CYAN : "", c->color ? C_RESET : "");
            fs_put_text(out, r->message);
            fputc('\n', out);
            const char *rl = fs_line_of(cache, &ncache, r->file, r->line, &llen);
            if (rl)
                fs_print_source(out, c->color, rl, llen, r->col, r->col + 1);
        }
        if (f->fix) {
            fs_put_name(out, f->file);
            fprintf(out, ":%d:%d: note: fix (%s): ", f->range.begin.line, f->range.begin.col,
                    f->fix->safety == FS_FIX_SAFE ? "safe" : "unsafe, applied with --unsafe-fixes");
            fs_put_text(out, f->fix->description);
            fputc('\n', out);
        }
    }
    for (int i = 0; i < ncache; i++) {
        free(cache[i].file);
        free(cache[i].text);
    }
    return 0;
}

const fs_reporter fs_report_text = { "text", fs_text_write };

const fs_reporter *fs_reporter_find(const char *name)
{
    static const fs_reporter *const all[] = { &fs_report_text, &fs_report_json, &fs_report_sarif, &fs_report_github };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->name, name) == 0)
            return all[i];
    return NULL;
}
