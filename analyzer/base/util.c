#include "base/util.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fs_oom(void)
{
    fputs("fscheck: out of memory\n", stderr);
    abort();
}

void *fs_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        fs_oom();
    return p;
}

void *fs_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        fs_oom();
    return p;
}

void *fs_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        fs_oom();
    return p;
}

char *fs_xstrdup(const char *s)
{
    return s ? fs_xstrndup(s, strlen(s)) : NULL;
}

char *fs_xstrndup(const char *s, size_t n)
{
    char *p = fs_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *fs_xasprintf(const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = fs_xmalloc((size_t)n + 1);
    vsnprintf(p, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return p;
}

void fs_grow(void *arr_ptr, int *cap, int need, size_t esz)
{
    void **arr = arr_ptr;
    if (need <= *cap)
        return;
    int ncap = *cap ? *cap * 2 : 8;
    while (ncap < need)
        ncap *= 2;
    *arr = fs_xrealloc(*arr, (size_t)ncap * esz);
    memset((char *)*arr + (size_t)*cap * esz, 0, (size_t)(ncap - *cap) * esz);
    *cap = ncap;
}

void fs_buf_add(fs_buf *b, const char *s, size_t n)
{
    if (n > PTRDIFF_MAX / 2 - b->len)
        fs_oom(); /* no buffer grows that large (and the doubling below stays in range) */
    if (b->len + n + 1 > b->cap) {
        size_t ncap = b->cap ? b->cap * 2 : 64;
        while (ncap < b->len + n + 1)
            ncap *= 2;
        b->s = fs_xrealloc(b->s, ncap);
        b->cap = ncap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void fs_buf_puts(fs_buf *b, const char *s)
{
    fs_buf_add(b, s, strlen(s));
}

void fs_buf_printf(fs_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s;
    int n = vasprintf(&s, fmt, ap);
    va_end(ap);
    if (n < 0)
        fs_oom();
    fs_buf_add(b, s, (size_t)n);
    free(s);
}

void fs_buf_free(fs_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

int fs_utf8_seq(const unsigned char *s, size_t n)
{
    if (n == 0)
        return 0;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    int len;
    unsigned lo = 0x80, hi = 0xBF; /* the second byte's range */
    if (c >= 0xC2 && c <= 0xDF)
        len = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (n < (size_t)len || s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return len;
}

char *fs_utf8_repair(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        int k = fs_utf8_seq(u + i, n - i);
        if (!k)
            break;
        i += (size_t)k;
    }
    if (i == n)
        return NULL;
    fs_buf b = { 0 };
    fs_buf_add(&b, s, i);
    while (i < n) {
        int k = fs_utf8_seq(u + i, n - i);
        if (k) {
            fs_buf_add(&b, s + i, (size_t)k);
            i += (size_t)k;
        } else {
            fs_buf_puts(&b, "\xEF\xBF\xBD");
            i++;
        }
    }
    return b.s;
}

unsigned fs_fnv32(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

unsigned long long fs_fnv64(const char *s, size_t n)
{
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

void fs_free_n(size_t n, void *const *ptrs)
{
    for (size_t i = 0; i < n; i++)
        free(ptrs[i]);
}

static int fs_strp_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void fs_strv_sort_unique(char **v, int *n)
{
    if (*n > 1)
        qsort(v, (size_t)*n, sizeof *v, fs_strp_cmp);
    int w = 0;
    for (int i = 0; i < *n; i++) {
        if (w > 0 && strcmp(v[w - 1], v[i]) == 0) {
            free(v[i]);
            continue;
        }
        v[w++] = v[i];
    }
    *n = w;
}
