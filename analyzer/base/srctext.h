/*
 * srctext.h - the text of source files, read once and kept by name, and the
 * small queries that reporters and fingerprints make of it: where a line and
 * column are, how far a call written there reaches, its text normalised.
 */
#ifndef FSCHECK_SRCTEXT_H
#define FSCHECK_SRCTEXT_H

typedef struct fs_texts fs_texts;

fs_texts *fs_texts_new(void);
void fs_texts_delete(fs_texts *self);
/* The file's bytes (NUL-terminated, *len of them), or NULL when it cannot be
 * read.  Borrowed: valid until fs_texts_delete(). */
const char *fs_texts_get(fs_texts *self, const char *file, long *len);

/* The 0-based byte offset of 1-based line and byte column, or -1 when the
 * text has no such line. */
long fs_text_offset(const char *text, long len, int line, int col);
/* The end (exclusive) of the call or name written at off: an identifier,
 * then, if one follows, a balanced parenthesised argument list.  Returns off
 * when nothing there looks like a name. */
long fs_text_call_end(const char *text, long len, long off);
/* text[begin, end) with comments removed and whitespace dropped except one
 * space between two word characters; string and character literals are kept
 * as written.  The caller frees. */
char *fs_text_normalise(const char *text, long begin, long end);
/* The UTF-16 code unit column of 1-based byte column col of line (which
 * starts at byte offset line_off); bytes that are not UTF-8 count one. */
int fs_text_utf16_col(const char *text, long len, long line_off, int col);

#endif
