/* suppress.c - NOLINT comments. */
#include "check/suppress.h"
#include "base/util.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { FS_SUP_LINE, FS_SUP_NEXT, FS_SUP_BEGIN, FS_SUP_END } fs_sup_kind;

typedef struct fs_sup {
    fs_sup_kind kind;
    int line, col;     /* where the comment is */
    int first, last;   /* lines it covers (BEGIN: filled at END) */
    char **items;      /* NULL: every rule */
    int nitems;
    int used;
    int closed;
    int len;           /* bytes of the comment's NOLINT...(...) */
} fs_sup;

struct fs_supp {
    fs_sup *v;
    int n, cap;
    fs_supp_problem *problems;
    int nproblems, capproblems;
    fs_supp_problem *unused;
    int nunused, capunused;
};

static void fs_add_problem(fs_supp *s, int line, int col, const char *msg)
{
    fs_grow(&s->problems, &s->capproblems, s->nproblems + 1, sizeof *s->problems);
    s->problems[s->nproblems].line = line;
    s->problems[s->nproblems].col = col;
    s->problems[s->nproblems].message = msg;
    s->nproblems++;
}

static int fs_same_items(const fs_sup *a, const fs_sup *b)
{
    if (a->nitems != b->nitems || !a->items != !b->items)
        return 0;
    for (int i = 0; i < a->nitems; i++)
        if (strcasecmp(a->items[i], b->items[i]) != 0)
            return 0;
    return 1;
}

fs_supp *fs_supp_parse(const char *text, long len)
{
    fs_supp *s = fs_xcalloc(1, sizeof *s);
    int line = 1;
    const char *end = text + len, *ls = text;
    const char *lc = text; /* this line's pairs before lc hold no "//" */
    int in_block = 0, line_comment = 0;
    for (const char *p = text; p < end; p++) {
        if (fs_eol(text, len, p - text)) {
            line++;
            ls = lc = p + 1;
            line_comment = 0;
            continue;
        }
        if (!in_block && *p == '/' && p + 1 < end && p[1] == '*') {
            in_block = 1;
            p++;
            continue;
        }
        if (in_block && *p == '*' && p + 1 < end && p[1] == '/') {
            in_block = 0;
            p++;
            continue;
        }
        int in_comment = in_block;
        if (!in_comment) {
            /* a // comment earlier on this line (each pair looked at once:
             * a line of megabytes is no quadratic scan) */
            for (; !line_comment && lc + 1 < p; lc++)
                line_comment = lc[0] == '/' && lc[1] == '/';
            in_comment = line_comment;
        }
        if (!in_comment || *p != 'N' || end - p < 6 || strncmp(p, "NOLINT", 6) != 0)
            continue;
        fs_sup sup;
        memset(&sup, 0, sizeof sup);
        const char *q = p + 6;
        if (end - q >= 8 && strncmp(q, "NEXTLINE", 8) == 0) {
            sup.kind = FS_SUP_NEXT;
            q += 8;
        } else if (end - q >= 5 && strncmp(q, "BEGIN", 5) == 0) {
            sup.kind = FS_SUP_BEGIN;
            q += 5;
        } else if (end - q >= 3 && strncmp(q, "END", 3) == 0) {
            sup.kind = FS_SUP_END;
            q += 3;
        } else {
            sup.kind = FS_SUP_LINE;
        }
        if (q < end && (isalnum((unsigned char)*q) || *q == '_'))
            continue; /* NOLINTFOO: not ours */
        sup.line = line;
        sup.col = (int)(p - ls) + 1;
        if (q < end && *q == '(') {
            const char *close = memchr(q, ')', (size_t)(end - q));
            const char *nl = memchr(q, '\n', (size_t)(end - q));
            if (!close || (nl && nl < close)) {
                fs_add_problem(s, line, sup.col, "NOLINT list without a closing parenthesis");
                continue;
            }
            char *list = fs_xstrndup(q + 1, (size_t)(close - q - 1));
            char *save = NULL;
            for (char *tok = strtok_r(list, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
                sup.items = fs_xrealloc(sup.items, sizeof(char *) * (size_t)(sup.nitems + 1));
                sup.items[sup.nitems++] = fs_xstrdup(tok);
            }
            free(list);
            if (!sup.items)
                sup.items = fs_xcalloc(1, sizeof(char *)); /* NOLINT(): nothing */
            sup.len = (int)(close + 1 - p);
            p = close;
        } else {
            sup.len = (int)(q - p);
            p = q - 1;
        }
        sup.first = sup.kind == FS_SUP_NEXT ? line + 1 : line;
        sup.last = sup.first;
        if (sup.kind == FS_SUP_BEGIN)
            sup.last = -1;
        if (sup.kind == FS_SUP_END) {
            int found = 0;
            for (int i = s->n - 1; i >= 0; i--)
                if (s->v[i].kind == FS_SUP_BEGIN && !s->v[i].closed && fs_same_items(&s->v[i], &sup)) {
                    s->v[i].closed = 1;
                    s->v[i].last = line;
                    found = 1;
                    break;
                }
            if (!found)
                fs_add_problem(s, line, sup.col, "NOLINTEND without a matching NOLINTBEGIN");
            for (int i = 0; i < sup.nitems; i++)
                free(sup.items[i]);
            free(sup.items);
            continue;
        }
        fs_grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
        s->v[s->n++] = sup;
    }
    for (int i = 0; i < s->n; i++)
        if (s->v[i].kind == FS_SUP_BEGIN && !s->v[i].closed) {
            fs_add_problem(s, s->v[i].line, s->v[i].col, "NOLINTBEGIN without a matching NOLINTEND");
            s->v[i].last = line; /* covers the rest of the file, as clang-tidy does not: but it silences */
        }
    return s;
}

void fs_supp_free(fs_supp *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++) {
        for (int j = 0; j < s->v[i].nitems; j++)
            free(s->v[i].items[j]);
        free(s->v[i].items);
    }
    free(s->v);
    free(s->problems);
    free(s->unused);
    free(s);
}

static int fs_item_matches(const char *item, const char *id, const char *name)
{
    if (strcasecmp(item, id) == 0)
        return 1;
    char full[128];
    snprintf(full, sizeof full, "fscheck-%s", name);
    if (strcmp(item, full) == 0)
        return 1;
    if (strchr(item, '*') || strchr(item, '?'))
        return fnmatch(item, full, 0) == 0 || fnmatch(item, id, FNM_CASEFOLD) == 0;
    return 0;
}

int fs_supp_match(fs_supp *s, int line, const char *id, const char *name)
{
    int hit = 0;
    for (int i = 0; s && i < s->n; i++) {
        fs_sup *x = &s->v[i];
        if (line < x->first || (x->last >= 0 && line > x->last))
            continue;
        int ok = !x->items;
        for (int j = 0; !ok && j < x->nitems; j++)
            ok = fs_item_matches(x->items[j], id, name);
        if (ok) {
            x->used = 1;
            hit = 1;
        }
    }
    return hit;
}

int fs_supp_unused(const fs_supp *cs, fs_supp_problem **out)
{
    fs_supp *s = (fs_supp *)cs;
    s->nunused = 0;
    for (int i = 0; i < s->n; i++) {
        if (s->v[i].used)
            continue;
        /* only suppressions naming an fscheck rule */
        int ours = 0;
        for (int j = 0; !ours && j < s->v[i].nitems; j++) {
            const char *it = s->v[i].items[j];
            ours = strncmp(it, "fscheck-", 8) == 0 || (strncasecmp(it, "FS", 2) == 0 && strlen(it) == 5);
        }
        if (!ours)
            continue;
        fs_grow(&s->unused, &s->capunused, s->nunused + 1, sizeof *s->unused);
        s->unused[s->nunused].line = s->v[i].line;
        s->unused[s->nunused].col = s->v[i].col;
        s->unused[s->nunused].message = "suppression silences no finding";
        s->nunused++;
    }
    *out = s->unused;
    return s->nunused;
}

int fs_supp_problems(const fs_supp *s, const fs_supp_problem **out)
{
    *out = s->problems;
    return s->nproblems;
}

const fs_rule fs_rule_nolint = {
    "FS000", "nolint",
    "a NOLINT comment that silences nothing, names no rule, or has no matching NOLINTBEGIN or NOLINTEND",
    "warning", 0, NULL,
};

static int fs_looks_like_ours(const char *item)
{
    if (strncmp(item, "fscheck-", 8) == 0)
        return 1;
    return (item[0] == 'F' || item[0] == 'f') && (item[1] == 'S' || item[1] == 's') && isdigit((unsigned char)item[2]) &&
           isdigit((unsigned char)item[3]) && isdigit((unsigned char)item[4]) && !item[5];
}

static fs_finding *fs_nolint_finding(fs_findings *out, const char *file, int line, int col, int len)
{
    fs_finding *f = fs_findings_add(out);
    f->rule = fs_rule_nolint.id;
    f->name = fs_rule_nolint.name;
    f->severity = fs_rule_nolint.severity;
    f->file = fs_xstrdup(file);
    f->range.begin.line = f->range.end.line = line;
    f->range.begin.col = col;
    f->range.end.col = col + (len > 0 ? len : 6);
    f->function = fs_xstrdup("");
    f->path_expr = fs_xstrdup("");
    return f;
}

void fs_supp_report(fs_supp *s, const char *file, int unused, const fs_rule *const *rules, int nrules,
                    const fs_rule *(*find)(const char *id_or_name), fs_findings *out)
{
    if (!s)
        return;
    for (int i = 0; i < s->nproblems; i++) {
        fs_finding *f = fs_nolint_finding(out, file, s->problems[i].line, s->problems[i].col, 0);
        f->message = fs_xstrdup(s->problems[i].message);
    }
    if (!unused)
        return;
    for (int i = 0; i < s->n; i++) {
        fs_sup *x = &s->v[i];
        const char *kind = x->kind == FS_SUP_NEXT ? "NOLINTNEXTLINE" : x->kind == FS_SUP_BEGIN ? "NOLINTBEGIN" : "NOLINT";
        int names_enabled = 0;
        for (int j = 0; j < x->nitems; j++) {
            const char *it = x->items[j];
            int any = 0;
            for (int r = 0; r < nrules; r++)
                if (fs_item_matches(it, rules[r]->id, rules[r]->name)) {
                    any = 1;
                    break;
                }
            names_enabled |= any;
            if (!any && !strchr(it, '*') && !strchr(it, '?') && fs_looks_like_ours(it) && !find(it)) {
                fs_finding *f = fs_nolint_finding(out, file, x->line, x->col, x->len);
                f->message = fs_xasprintf("%s names no fscheck rule: '%s' (see --list-rules)", kind, it);
            }
        }
        if (x->used || !names_enabled)
            continue;
        fs_buf list = { 0 };
        fs_buf_puts(&list, "");
        for (int j = 0; j < x->nitems; j++)
            fs_buf_printf(&list, "%s%s", j ? ", " : "", x->items[j]);
        fs_finding *f = fs_nolint_finding(out, file, x->line, x->col, x->len);
        f->message = fs_xasprintf("%s(%s) silences no finding: remove it", kind, list.s);
        fs_buf_free(&list);
    }
}
