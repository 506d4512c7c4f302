/*
 * fixtext.h - reading C text for the rewrites that move and wrap
 * statements (FS202's open-then-fstat): tokens, balanced brackets, the
 * statement after another, a line's indentation.  Comments and literals
 * are skipped as the compiler would.  Offsets are bytes into the file's
 * text t of length len.
 */
#ifndef FSCHECK_FIXTEXT_H
#define FSCHECK_FIXTEXT_H

/* The offset of the next token at or after i (blanks, line breaks and
 * comments skipped), or len. */
long fs_ft_skip_blank(const char *t, long len, long i);

/* The token at or after i: its begin in *tb, and the offset after it
 * (an identifier or number, a literal, a two-character operator among
 * && || == != <= >= -> ++ --, or one character); len at the end. */
long fs_ft_token(const char *t, long len, long i, long *tb);

/* The offset of the last character before p that is neither blank nor in
 * a comment, or lo - 1 when there is none from lo on. */
long fs_ft_prev(const char *t, long lo, long p);

/* At t[i] an opening ( [ or {: the offset after its match, or -1. */
long fs_ft_match(const char *t, long len, long i);

/* Is the token w (wn bytes) in t[b, e), comments and literals skipped? */
int fs_ft_has_word(const char *t, long b, long e, const char *w, long wn);

/* Is the token at tb part of a static declaration: `static` earlier on its
 * line or on the line before? */
int fs_ft_static_at(const char *t, long tb);

/* Is [b, e) the identifier word? */
int fs_ft_is(const char *t, long b, long e, const char *word);

/* The end of a statement whose range ends at e, its `;` included when the
 * range stopped before it. */
long fs_ft_stmt_end(const char *t, long len, long e);

/* The statement that starts at or after i: 1 with [*b, *e) when it is an
 * expression statement, a declaration, or an if without else (*e after its
 * `;` or its closing brace), 0 otherwise.  For an if, [*cb, *ce) is the
 * condition between its parentheses and *body the offset where its body
 * begins (blank included); cb, ce and body are -1 for other statements. */
int fs_ft_statement(const char *t, long len, long i, long *b, long *e, long *cb, long *ce, long *body);

/* The blanks that begin the line holding offset p: a copy (caller frees). */
char *fs_ft_indent(const char *t, long p);
/* Only blanks between the line's start and p? */
int fs_ft_first_on_line(const char *t, long p);
/* The indentation unit of a block: what the line at inner adds to the line
 * at outer (a tab, or N spaces; a tab when it cannot tell).  Caller frees. */
char *fs_ft_indent_step(const char *t, long outer, long inner);
/* Does the function text [b, e) put an if's `{` on the if's own line more
 * often than on a line of its own? */
int fs_ft_brace_same_line(const char *t, long b, long e);

/* [b, e) with comments dropped, and every run of blanks one space (none
 * next to punctuation), for comparing two statements.  Caller frees. */
char *fs_ft_normal(const char *t, long b, long e);

#endif
