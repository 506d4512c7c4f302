/*
 * util.h - allocation that aborts on failure, growable arrays, small string helpers.
 */
#ifndef FSCHECK_UTIL_H
#define FSCHECK_UTIL_H

#include <stddef.h>
#include <stdarg.h>

void *fs_xmalloc(size_t n);
void *fs_xcalloc(size_t n, size_t size);
void *fs_xrealloc(void *p, size_t n);
char *fs_xstrdup(const char *s);
char *fs_xstrndup(const char *s, size_t n);
char *fs_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (element size esz) so that it holds at least need elements. */
void fs_grow(void *arr_ptr, int *cap, int need, size_t esz);
#define FS_PUSH(arr, n, cap, value) \
    do { fs_grow(&(arr), &(cap), (n) + 1, sizeof *(arr)); (arr)[(n)++] = (value); } while (0)

/* free() each of the pointers given (any may be NULL):
 * FS_FREE(x->names, x->flags, x->ids). */
void fs_free_n(size_t n, void *const *ptrs);
#define FS_FREE(...) fs_free_n(sizeof((void *[]){ __VA_ARGS__ }) / sizeof(void *), (void *[]){ __VA_ARGS__ })

/* Sort the strings v[0..*n) and drop (and free) repeats. */
void fs_strv_sort_unique(char **v, int *n);

/* One level deeper into a bounded recursion (a conversion, a lowering):
 * 1, or 0 when that would be more than max levels (then *too_deep is set
 * and the depth is left as it was). */
static inline int fs_depth_enter(int *depth, int *too_deep, int max)
{
    if (++*depth <= max)
        return 1;
    *too_deep = 1;
    --*depth;
    return 0;
}

/* A growable string. */
typedef struct fs_buf {
    char *s;
    size_t len, cap;
} fs_buf;
void fs_buf_add(fs_buf *b, const char *s, size_t n);
void fs_buf_puts(fs_buf *b, const char *s);
void fs_buf_printf(fs_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fs_buf_free(fs_buf *b);

/* Whether text[i] (of n bytes) ends a line: a LF, or a CR not followed by
 * a LF (a CR alone breaks lines for compilers and editors alike). */
static inline int fs_eol(const char *text, long n, long i)
{
    return text[i] == '\n' || (text[i] == '\r' && (i + 1 >= n || text[i + 1] != '\n'));
}

/* The length of the valid UTF-8 sequence at s (n bytes left), or 0 (RFC
 * 3629: no overlong forms, surrogates or code points above U+10FFFF). */
int fs_utf8_seq(const unsigned char *s, size_t n);

/* FNV-1a over n bytes: 32 bits for hash tables, 64 for content keys. */
unsigned fs_fnv32(const char *s, size_t n);
unsigned long long fs_fnv64(const char *s, size_t n);
/* s (n bytes) with each byte that starts no valid UTF-8 sequence replaced
 * by U+FFFD: what JSON can hold of a name or text in another encoding.
 * NULL when s is valid as it is; else a copy the caller frees. */
char *fs_utf8_repair(const char *s, size_t n);

#endif
