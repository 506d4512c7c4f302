/* srctext.c - source texts by file name, and queries on them. */
#include "base/srctext.h"
#include "base/lex.h"
#include "base/source.h"
#include "base/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct fs_text {
    char *file;
    char *text; /* NULL: unreadable */
    long len;
} fs_text;

struct fs_texts {
    fs_text *v;
    int n, cap;
};

fs_texts *fs_texts_new(void)
{
    return fs_xcalloc(1, sizeof(fs_texts));
}

static void fs_text_offset_forget(void);

void fs_texts_delete(fs_texts *s)
{
    if (!s)
        return;
    fs_text_offset_forget(); /* its texts go: a new one may reuse an address */
    for (int i = 0; i < s->n; i++) {
        free(s->v[i].file);
        free(s->v[i].text);
    }
    free(s->v);
    free(s);
}

const char *fs_texts_get(fs_texts *s, const char *file, long *len)
{
    *len = 0;
    if (!file)
        return NULL;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].file, file) == 0) {
            *len = s->v[i].len;
            return s->v[i].text;
        }
    const char *why;
    long n = 0;
    char *t = fs_source_read(file, &n, &why, NULL);
    fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
    s->v[s->n].file = fs_xstrdup(file);
    s->v[s->n].text = t;
    s->v[s->n].len = t ? n : 0;
    s->n++;
    *len = t ? n : 0;
    return t;
}

/* The line starts of the last text asked about (findings come sorted by
 * file, so one table serves a whole file's findings). */
static _Thread_local const char *fs_lines_text;
static _Thread_local long fs_lines_len;
static _Thread_local long *fs_lines_start;
static _Thread_local int fs_lines_n;

static void fs_text_offset_forget(void)
{
    free(fs_lines_start);
    fs_lines_start = NULL;
    fs_lines_text = NULL;
    fs_lines_len = 0;
    fs_lines_n = 0;
}

long fs_text_offset(const char *text, long len, int line, int col)
{
    if (!text || line < 1 || col < 1)
        return -1;
    if (fs_lines_text != text || fs_lines_len != len) {
        free(fs_lines_start);
        int cap = 1024;
        fs_lines_start = fs_xmalloc(sizeof(long) * (size_t)cap);
        fs_lines_n = 0;
        fs_lines_start[fs_lines_n++] = 0;
        for (long i = 0; i < len; i++) {
            if (!fs_eol(text, len, i))
                continue;
            if (fs_lines_n == cap) {
                cap *= 2;
                fs_lines_start = fs_xrealloc(fs_lines_start, sizeof(long) * (size_t)cap);
            }
            fs_lines_start[fs_lines_n++] = i + 1;
        }
        fs_lines_text = text;
        fs_lines_len = len;
    }
    if (line > fs_lines_n)
        return -1;
    long off = fs_lines_start[line - 1] + col - 1;
    return off <= len ? off : len;
}

static int fs_word(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

long fs_text_call_end(const char *t, long len, long off)
{
    if (!t || off < 0 || off >= len || !fs_word((unsigned char)t[off]))
        return off;
    long i = off;
    while (i < len && fs_word((unsigned char)t[i]))
        i++;
    long name_end = i;
    for (;;) {
        while (i < len && isspace((unsigned char)t[i]))
            i++;
        long j = t[i] == '/' ? fs_lex_skip(t, len, i) : i; /* a comment */
        if (j == i)
            break;
        i = j;
    }
    if (i >= len || t[i] != '(')
        return name_end;
    int depth = 0;
    while (i < len) {
        char c = t[i];
        long j = fs_lex_skip(t, len, i);
        if (j != i) {
            i = j;
            continue;
        }
        if (c == '(')
            depth++;
        else if (c == ')' && --depth == 0)
            return i + 1;
        else if (c == ';' || c == '{' || c == '}')
            break; /* not a call after all: unbalanced */
        i++;
    }
    return name_end;
}

char *fs_text_normalise(const char *t, long begin, long end)
{
    fs_buf b = { 0 };
    fs_buf_puts(&b, "");
    int pending_space = 0;
    long i = begin;
    while (i < end) {
        unsigned char c = (unsigned char)t[i];
        long j = c == '/' ? fs_lex_skip(t, end, i) : i; /* a comment */
        if (j != i) {
            pending_space = 1;
            i = j;
            continue;
        }
        if (isspace(c)) {
            pending_space = 1;
            i++;
            continue;
        }
        if (pending_space && b.len > 0 && fs_word((unsigned char)b.s[b.len - 1]) && fs_word(c))
            fs_buf_add(&b, " ", 1);
        pending_space = 0;
        if (c == '"' || c == '\'') {
            long e = fs_lex_skip(t, end, i);
            fs_buf_add(&b, t + i, (size_t)(e - i));
            i = e;
            continue;
        }
        fs_buf_add(&b, t + i, 1);
        i++;
    }
    return b.s;
}

int fs_text_utf16_col(const char *text, long len, long line_off, int col)
{
    if (!text || line_off < 0)
        return col;
    int units = 1;
    long i = line_off, stop = line_off + col - 1;
    if (stop > len)
        stop = len;
    while (i < stop) {
        unsigned char c = (unsigned char)text[i];
        int n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
        int ok = i + n <= len;
        for (int k = 1; ok && k < n; k++)
            ok = ((unsigned char)text[i + k] & 0xC0) == 0x80;
        if (!ok)
            n = 1;
        units += n == 4 ? 2 : 1;
        i += n;
    }
    return units;
}
