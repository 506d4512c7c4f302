/* ast.c - the arena behind the front ends' syntax trees. */
#include "ir/ast.h"
#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FS_ARENA_BLOCK (64 * 1024)

typedef struct fs_arena_block {
    struct fs_arena_block *next;
    size_t used, size;
    char data[];
} fs_arena_block;

struct fs_ast_arena {
    fs_arena_block *blocks;
    void **extra; /* kid arrays, freed with the arena */
    int nextra, capextra;
};

fs_ast_arena *fs_ast_arena_new(void)
{
    return fs_xcalloc(1, sizeof(fs_ast_arena));
}

void fs_ast_arena_delete(fs_ast_arena *a)
{
    if (!a)
        return;
    for (fs_arena_block *b = a->blocks, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    for (int i = 0; i < a->nextra; i++)
        free(a->extra[i]);
    free(a->extra);
    free(a);
}

static void *fs_arena_alloc(fs_ast_arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    fs_arena_block *b = a->blocks;
    if (!b || b->used + n > b->size) {
        size_t size = n > FS_ARENA_BLOCK ? n : FS_ARENA_BLOCK;
        b = fs_xmalloc(sizeof *b + size);
        b->size = size;
        b->used = 0;
        b->next = a->blocks;
        a->blocks = b;
    }
    void *p = b->data + b->used;
    b->used += n;
    memset(p, 0, n);
    return p;
}

char *fs_ast_strdup(fs_ast_arena *a, const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    char *p = fs_arena_alloc(a, n + 1);
    memcpy(p, s, n + 1);
    return p;
}

fs_ast *fs_ast_new(fs_ast_arena *a, fs_ast_kind kind, const char *name)
{
    fs_ast *n = fs_arena_alloc(a, sizeof *n);
    n->kind = kind;
    n->name = fs_ast_strdup(a, name);
    n->var = -1;
    n->ir = -1;
    return n;
}

void fs_ast_add(fs_ast_arena *a, fs_ast *parent, fs_ast *kid)
{
    if (parent->nkids == parent->capkids) {
        /* kid arrays come from the arena too (no allocation per node); an
         * outgrown one stays there until the arena goes */
        int ncap = parent->capkids ? parent->capkids * 2 : 4;
        fs_ast **k = fs_arena_alloc(a, sizeof *k * (size_t)ncap);
        if (parent->nkids)
            memcpy(k, parent->kids, sizeof *k * (size_t)parent->nkids);
        parent->kids = k;
        parent->capkids = ncap;
    }
    parent->kids[parent->nkids++] = kid;
}

void fs_ast_dump(const fs_ast *a, int depth, FILE *out)
{
    static const char *const names[] = {
        "other", "compound", "if", "while", "do", "for", "switch", "case", "default", "break",
        "continue", "return", "goto", "label", "decl", "expr", "null", "call", "binop", "unop",
        "assign", "cond", "comma", "member", "index", "ident", "string", "number", "cast", "paren",
        "sizeof", "init" };
    if (!a)
        return;
    fprintf(out, "%*s%s", depth * 2, "", names[a->kind]);
    if (a->name)
        fprintf(out, " '%s'", a->name);
    if (a->kind == FS_A_NUMBER)
        fprintf(out, " =%ld", a->value);
    if (a->var >= 0)
        fprintf(out, " v%d", a->var);
    fprintf(out, " @%d:%d-%d:%d%s\n", a->range.begin.line, a->range.begin.col, a->range.end.line, a->range.end.col,
            a->in_macro ? " macro" : "");
    for (int i = 0; i < a->nkids; i++)
        fs_ast_dump(a->kids[i], depth + 1, out);
}

void fs_ast_call_names(const fs_ast *body, int with_macros, const char ***out, int *n)
{
    const fs_ast **stack = NULL;
    int sp = 0, cap = 0, ncap = 0;
    *out = NULL;
    *n = 0;
    if (body)
        FS_PUSH(stack, sp, cap, body);
    while (sp > 0) {
        const fs_ast *a = stack[--sp];
        if (a->kind == FS_A_CALL && a->name)
            FS_PUSH(*out, *n, ncap, (const char *)a->name);
        if (a->kind == FS_A_CALL && with_macros && a->macro && (!a->name || strcmp(a->macro, a->name) != 0))
            FS_PUSH(*out, *n, ncap, (const char *)a->macro);
        for (int k = 0; k < a->nkids; k++)
            if (a->kids[k])
                FS_PUSH(stack, sp, cap, (const fs_ast *)a->kids[k]);
    }
    free(stack);
}
