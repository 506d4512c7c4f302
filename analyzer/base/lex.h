/*
 * lex.h - the pieces of C's lexical grammar that every reader of C text in
 * fscheck shares (the index's scan, the preprocessing layer, the report's
 * source text): identifiers, comments, literals, line breaks and their
 * continuations.  A line ends at LF, at CR LF, or at a CR alone.
 */
#ifndef FSCHECK_LEX_H
#define FSCHECK_LEX_H

/* t[k] (one character) breaks a line: LF or CR. */
#define FS_LEX_EOL(c) ((c) == '\n' || (c) == '\r')

static inline int fs_lex_ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static inline int fs_lex_ident(int c)
{
    return fs_lex_ident_start(c) || (c >= '0' && c <= '9');
}

/* At t[k]: a backslash that continues the line: its length with the line
 * break (2, or 3 for CR LF), else 0. */
int fs_lex_continues(const char *t, long k, long end);

/* Skips a comment, string or character literal at t[i]; returns the offset
 * after it, or i when there is none.  A literal ends at its line's end too,
 * so that an apostrophe in an #if 0 block hides nothing after it. */
long fs_lex_skip(const char *t, long len, long i);

/* Skips blanks and line breaks from t[i]: returns the offset of the next
 * other character (or len); *bol is set when a line break was passed and
 * kept otherwise, so that it says "only blanks since the line began". */
long fs_lex_blank(const char *t, long len, long i, int *bol);

#endif
