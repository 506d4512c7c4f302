/* ts_macro.c - the tree-sitter front end (fe_ts.c): the preprocessor's macros emulated,
 * object-like, statement and function-like. */
#include "frontend/ts_private.h"

/* --- object-like macros ------------------------------------------------------------------- */

static fs_ts_memo fs_ts_macro_memo = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0, (size_t)32 << 20 };

fs_ts_memo fs_ts_header_memo = { PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, 0, (size_t)64 << 20 };

size_t fs_ts_memo_hash(const char *key, size_t klen)
{
    size_t h = 1469598103934665603u;
    for (size_t i = 0; i < klen; i++)
        h = (h ^ (unsigned char)key[i]) * 1099511628211u;
    return h;
}

/* Where key is, or would go (m->cap > 0; the lock held). */
static fs_ts_memo_entry *fs_ts_memo_slot(const fs_ts_memo *m, const char *key, size_t klen, size_t hash)
{
    size_t k = hash & (m->cap - 1);
    while (m->v[k].key && (m->v[k].hash != hash || m->v[k].klen != klen || memcmp(m->v[k].key, key, klen) != 0))
        k = (k + 1) & (m->cap - 1);
    return &m->v[k];
}

/* The entry of key, or NULL (the lock held). */
const fs_ts_memo_entry *fs_ts_memo_find(const fs_ts_memo *m, const char *key, size_t klen, size_t hash)
{
    if (!m->cap)
        return NULL;
    const fs_ts_memo_entry *e = fs_ts_memo_slot(m, key, klen, hash);
    return e->key ? e : NULL;
}

/* A new entry for key, with room for `bytes` more of text, or NULL when the
 * memo is full or has key already (the lock held). */
fs_ts_memo_entry *fs_ts_memo_add(fs_ts_memo *m, const char *key, size_t klen, size_t hash, size_t bytes)
{
    if (m->bytes + bytes > m->max_bytes)
        return NULL;
    if (2 * (m->n + 1) > m->cap) {
        fs_ts_memo_entry *old = m->v;
        size_t oldcap = m->cap;
        m->cap = oldcap ? 2 * oldcap : 256;
        m->v = fs_xcalloc(m->cap, sizeof *m->v);
        for (size_t i = 0; i < oldcap; i++)
            if (old[i].key)
                *fs_ts_memo_slot(m, old[i].key, old[i].klen, old[i].hash) = old[i];
        free(old);
    }
    fs_ts_memo_entry *e = fs_ts_memo_slot(m, key, klen, hash);
    if (e->key)
        return NULL;
    e->key = fs_xmalloc(klen + 1);
    memcpy(e->key, key, klen);
    e->key[klen] = '\0';
    e->klen = klen;
    e->hash = hash;
    m->n++;
    m->bytes += bytes;
    return e;
}

/* A macro body's scratch text, parsed once a process: the same text always
 * parses to the same tree. */
static TSTree *parse_scratch(fs_ts *t, const char *prefix, const char *body, uint32_t blen,
                             const char *suffix, char **out_text)
{
    size_t pl = strlen(prefix), sl = strlen(suffix), len = pl + blen + sl;
    char *s = fs_xmalloc(len + 1);
    memcpy(s, prefix, pl);
    memcpy(s + pl, body, blen);
    memcpy(s + pl + blen, suffix, sl + 1);
    fs_ts_memo *m = &fs_ts_macro_memo;
    size_t hash = fs_ts_memo_hash(s, len);
    pthread_mutex_lock(&m->lock);
    const fs_ts_memo_entry *found = fs_ts_memo_find(m, s, len, hash);
    TSTree *tree = found ? ts_tree_copy(found->tree) : NULL;
    pthread_mutex_unlock(&m->lock);
    if (!tree) {
        tree = ts_parser_parse_string(t->priv->parser, NULL, s, (uint32_t)len);
        if (!tree) {
            free(s);
            return NULL;
        }
        pthread_mutex_lock(&m->lock);
        fs_ts_memo_entry *e = fs_ts_memo_add(m, s, len, hash, len);
        if (e)
            e->tree = ts_tree_copy(tree);
        pthread_mutex_unlock(&m->lock);
    }
    *out_text = s;
    return tree;
}

void fts_keep_tree(fs_ts *t, TSTree *tree, char *text)
{
    fs_ts_priv *p = t->priv;
    FS_PUSH(p->trees, p->ntrees, p->captrees, tree);
    FS_PUSH(p->texts, p->ntexts, p->captexts, text);
}

/* The body (preproc_arg) of macro s: offsets in its file, trimmed. */
int fts_macro_body(fs_ts *t, const fs_ts_sym *s, uint32_t *b, uint32_t *e)
{
    const char *text = t->files[s->fi].text;
    TSNode v = fts_field(t, s->def, F_VALUE);
    if (ts_node_is_null(v))
        return 0;
    *b = ts_node_start_byte(v);
    *e = ts_node_end_byte(v);
    while (*b < *e && isspace((unsigned char)text[*b]))
        (*b)++;
    while (*e > *b && isspace((unsigned char)text[*e - 1]))
        (*e)--;
    return *e > *b;
}

/* `#define p_access(p, m) access(p, m)`: a function-like macro whose body
 * is one call of a library path call with the macro's parameters as its
 * arguments, in order (each may be in brackets).  Its uses are that call,
 * as libclang sees the expansion, so that a constant argument (a mode, a
 * flag) is the call's.  The library call's name, or NULL. */
char *fts_fmacro_call_alias(fs_ts *t, const fs_ts_sym *m)
{
    uint32_t b, e;
    if (!fts_macro_body(t, m, &b, &e))
        return NULL;
    const char *s = t->files[m->fi].text;
    TSNode params = fts_field(t, m->def, F_PARAMETERS);
    if (ts_node_is_null(params))
        return NULL;
    const char *pn[FS_TS_MAX_MACRO_ARGS];
    uint32_t pl[FS_TS_MAX_MACRO_ARGS];
    int np = 0, cnt, base = fts_kids_push(t, params, 1, &cnt), ok = 1;
    for (int i = 0; i < cnt; i++) {
        TSNode x = t->kids[base + i].node;
        if (fts_kind_of(t, x) != T_IDENT || np >= FS_TS_MAX_MACRO_ARGS) {
            ok = 0; /* `...`, or too many */
            continue;
        }
        pn[np] = s + ts_node_start_byte(x);
        pl[np] = ts_node_end_byte(x) - ts_node_start_byte(x);
        np++;
    }
    fts_kids_pop(t, base);
    if (!ok || np == 0)
        return NULL;
    uint32_t i = b, nb;
#define SKIP() while (i < e && (s[i] == ' ' || s[i] == '\t' || (s[i] == '\\' && i + 1 < e && s[i + 1] == '\n') || s[i] == '\n')) i++
    SKIP();
    nb = i;
    while (i < e && (isalnum((unsigned char)s[i]) || s[i] == '_'))
        i++;
    if (i == nb || i - nb > 63)
        return NULL;
    char name[64];
    memcpy(name, s + nb, i - nb);
    name[i - nb] = 0;
    if (!fs_call_lookup(name))
        return NULL;
    SKIP();
    if (i >= e || s[i++] != '(')
        return NULL;
    for (int k = 0; k < np; k++) {
        SKIP();
        int paren = i < e && s[i] == '(';
        if (paren)
            i++;
        SKIP();
        if (e - i < pl[k] || memcmp(s + i, pn[k], pl[k]) != 0)
            return NULL;
        i += pl[k];
        if (i < e && (isalnum((unsigned char)s[i]) || s[i] == '_'))
            return NULL;
        SKIP();
        if (paren && (i >= e || s[i++] != ')'))
            return NULL;
        SKIP();
        if (i >= e || s[i++] != (k + 1 < np ? ',' : ')'))
            return NULL;
    }
    SKIP();
#undef SKIP
    return i == e ? fts_arena_strn(t, name, strlen(name)) : NULL;
}

/* Parse an object-like macro's body as an expression, once. */
int fts_obj_macro_ready(fs_ts *t, fs_ts_sym *s)
{
    if (s->state)
        return s->state > 0;
    s->state = -1;
    uint32_t b, e;
    if (!fts_macro_body(t, s, &b, &e))
        return 0;
    char *text;
    TSTree *tree = parse_scratch(t, FS_TS_OBJ_PREFIX, t->files[s->fi].text + b, e - b, FS_TS_OBJ_SUFFIX, &text);
    if (!tree)
        return 0;
    TSNode root = ts_tree_root_node(tree);
    TSNode expr = { 0 };
    if (!ts_node_has_error(root) && ts_node_named_child_count(root) == 1) {
        TSNode d = ts_node_named_child(root, 0);
        if (fts_kind_of(t, d) == T_DECLARATION) {
            int ndecl = 0;
            TSNode only = { 0 };
            int cnt, base = fts_kids_push(t, d, 1, &cnt);
            for (int i = 0; i < cnt; i++)
                if (t->kids[base + i].field == t->fid[F_DECLARATOR]) {
                    ndecl++;
                    only = t->kids[base + i].node;
                }
            fts_kids_pop(t, base);
            if (ndecl == 1 && fts_kind_of(t, only) == T_INIT_DECLARATOR)
                expr = fts_field(t, only, F_VALUE);
        }
    }
    if (ts_node_is_null(expr) || fts_kind_of(t, expr) == T_INIT_LIST) {
        ts_tree_delete(tree);
        free(text);
        return 0;
    }
    fts_keep_tree(t, tree, text);
    s->expr = expr;
    s->msrc = text;
    s->mprefix = (uint32_t)strlen(FS_TS_OBJ_PREFIX);
    s->mbeg = b;
    s->mend = e;
    if (s->fi) /* a header's: lookups inside happen where it is included */
        s->mbeg = s->mend = s->offset;
    s->state = 1;
    return 1;
}

void fts_where_save(const fs_ts *t, fs_ts_where *w)
{
    w->src = t->src;
    w->scratch = t->scratch;
    w->sprefix = t->sprefix;
    w->sbeg = t->sbeg;
    w->send = t->send;
    w->use_fixed = t->use_fixed;
    w->use_off = t->use_off;
    w->macro_body = t->macro_body;
}

void fts_where_restore(fs_ts *t, const fs_ts_where *w)
{
    t->src = w->src;
    t->scratch = w->scratch;
    t->sprefix = w->sprefix;
    t->sbeg = w->sbeg;
    t->send = w->send;
    t->use_fixed = w->use_fixed;
    t->use_off = w->use_off;
    t->macro_body = w->macro_body;
}

/* The expansion of object-like macro s used at node n, or NULL. */
/* Read macro m's body from here on (its text, in the scratch buffer of
 * parsed bodies), m marked busy against recursion. */
void fts_enter_macro(fs_ts *t, fs_ts_sym *m)
{
    m->busy = 1;
    t->src = m->msrc;
    t->scratch = 1;
    t->sprefix = m->mprefix;
    t->sbeg = m->mbeg;
    t->send = m->mend;
}

fs_ast *fts_expand_obj_macro(fs_ts *t, fs_ts_sym *s, TSNode n)
{
    if (s->busy || t->nexp >= FS_TS_MAX_EXPANSION || !fts_obj_macro_ready(t, s))
        return NULL;
    fs_ts_where w;
    fts_where_save(t, &w);
    if (t->nexp == 0) {
        fts_range_of(t, n, ts_node_end_byte(n), &t->exp_range);
        t->exp_name = fts_arena_strn(t, s->name, s->len);
        t->use_off = fts_use_at(t, n);
        t->use_fixed = 1;
    }
    t->nexp++;
    fts_enter_macro(t, s);
    t->macro_body = 0; /* names in the body are the use site's names */
    fs_ast *a = fts_conv(t, s->expr);
    s->busy = 0;
    t->nexp--;
    fts_where_restore(t, &w);
    return a;
}

/* The identifier an object-like macro named like node n expands to (`#define
 * my_stat stat`), followed through further such macros; returns 1 and sets
 * *p and *len when there is one. */
int fts_macro_alias(fs_ts *t, uint32_t at, const char **p, uint32_t *len)
{
    int changed = 0;
    for (int guard = 0; guard < 8; guard++) {
        fs_ts_sym *s = fts_macro_find(t, *p, *len, at);
        if (!s || s->kind != S_MACRO || !fts_obj_macro_ready(t, s) || fts_kind_of(t, s->expr) != T_IDENT)
            break;
        uint32_t b = ts_node_start_byte(s->expr), e = ts_node_end_byte(s->expr);
        *p = s->msrc + b;
        *len = e - b;
        changed = 1;
    }
    return changed;
}

/* --- statement macros --------------------------------------------------------------------------- */

/* In a statement macro's body, a parameter is its argument: converted where
 * the argument is written.  Returns 1 when name is a parameter. */
int fts_macro_arg(fs_ts *t, const char *p, uint32_t len, fs_ast **out)
{
    fs_ts_frame *fr = t->frame;
    int i;
    for (i = 0; i < fr->nargs; i++)
        if (fr->plen[i] == len && memcmp(fr->pname[i], p, len) == 0)
            break;
    if (i == fr->nargs)
        return 0;
    fs_ts_where here;
    fts_where_save(t, &here);
    int nexp = t->nexp;
    fs_range er = t->exp_range;
    char *en = t->exp_name;
    fts_where_restore(t, (const fs_ts_where *)fr->use);
    t->nexp = fr->use_nexp;
    t->exp_range = fr->use_exp_range;
    t->exp_name = fr->use_exp_name;
    t->frame = fr->outer;
    *out = fts_conv(t, fr->args[i]);
    t->frame = fr;
    t->nexp = nexp;
    t->exp_range = er;
    t->exp_name = en;
    fts_where_restore(t, &here);
    return 1;
}

/* `NAME(args);` where NAME is a statement macro of the file (`do { ... }
 * while (0)`, `if (...) return ...`): its body in place, as the
 * preprocessor would have it, so that its control flow is the caller's.
 * NULL when it is not one. */
fs_ast *fts_expand_stmt_macro(fs_ts *t, TSNode call)
{
    TSNode f = fts_field(t, call, F_FUNCTION), args = fts_field(t, call, F_ARGUMENTS);
    if (fts_kind_of(t, f) != T_IDENT || ts_node_is_null(args) || (t->nexp && !t->frame))
        return NULL;
    uint32_t len;
    const char *name = fts_text_of(t, f, &len);
    if (t->frame)
        for (int i = 0; i < t->frame->nargs; i++)
            if (t->frame->plen[i] == len && memcmp(t->frame->pname[i], name, len) == 0)
                return NULL; /* a parameter called */
    if (t->macro_body && fts_scope_find(t, name, len) >= 0)
        return NULL;
    fs_ts_sym *m = fts_macro_find(t, name, len, fts_use_at(t, f));
    if (!m || m->kind != S_FMACRO || m->state != 1 || ts_node_is_null(m->sbody) || m->busy ||
        m->ci.variadic || t->depth > FS_TS_MAX_DEPTH - 8)
        return NULL;
    fs_ts_frame fr;
    memset(&fr, 0, sizeof fr);
    fr.m = m;
    TSNode params = fts_field(t, m->def, F_PARAMETERS);
    if (!ts_node_is_null(params)) {
        int cnt, base = fts_kids_push(t, params, 1, &cnt);
        for (int i = 0; i < cnt && fr.nargs < FS_TS_MAX_MACRO_ARGS; i++) {
            TSNode pn = t->kids[base + i].node;
            if (fts_kind_of(t, pn) != T_IDENT)
                continue;
            uint32_t b = ts_node_start_byte(pn), e = ts_node_end_byte(pn);
            fr.pname[fr.nargs] = t->files[m->fi].text + b;
            fr.plen[fr.nargs] = e - b;
            fr.nargs++;
        }
        fts_kids_pop(t, base);
    }
    if (fr.nargs != m->ci.nparams)
        return NULL;
    int nargs = 0;
    {
        int cnt, base = fts_kids_push(t, args, 1, &cnt);
        for (int i = 0; i < cnt; i++)
            if (nargs < FS_TS_MAX_MACRO_ARGS)
                fr.args[nargs++] = t->kids[base + i].node;
            else
                nargs++;
        fts_kids_pop(t, base);
    }
    if (nargs != fr.nargs)
        return NULL; /* `F()` of a one-parameter macro, or a mismatch */

    fs_ts_where use;
    fts_where_save(t, &use);
    fr.use = &use;
    fr.use_nexp = t->nexp;
    fr.use_exp_range = t->exp_range;
    fr.use_exp_name = t->exp_name;
    fr.outer = t->frame;
    if (t->nexp == 0) {
        fts_range_of(t, call, ts_node_end_byte(call), &t->exp_range);
        t->exp_name = fts_arena_strn(t, name, len);
        t->use_off = fts_use_at(t, call);
        t->use_fixed = 1;
    }
    t->nexp++;
    t->frame = &fr;
    fts_enter_macro(t, m);
    t->macro_body = 0;

    fs_ast *out = NULL, *block = NULL;
    int nstmt = 0;
    int cnt, base = fts_kids_push(t, m->sbody, 1, &cnt);
    for (int i = 0; i < cnt && !t->too_deep; i++) {
        TSNode c = t->kids[base + i].node;
        if (fts_kind_of(t, c) == T_EXPR_STMT && ts_node_named_child_count(c) == 0 &&
            ts_node_start_byte(c) >= t->sprefix + (m->mend - m->mbeg))
            continue; /* the `;` the wrapper added */
        fs_ast *x = fts_conv(t, c);
        if (!x)
            continue;
        if (nstmt == 0) {
            out = x;
        } else {
            if (!block) {
                block = fts_node_of(t, c, FS_A_COMPOUND, NULL);
                fs_ast_add(t->arena, block, out);
                out = block;
            }
            fs_ast_add(t->arena, block, x);
        }
        nstmt++;
    }
    fts_kids_pop(t, base);

    m->busy = 0;
    t->frame = fr.outer;
    t->nexp = fr.use_nexp;
    t->exp_range = fr.use_exp_range;
    t->exp_name = fr.use_exp_name;
    fts_where_restore(t, &use);
    if (!out) {
        out = fs_ast_new(t->arena, FS_A_NULL_STMT, NULL);
        fts_set_range(t, out, call);
    }
    return out;
}

/* --- function-like macros ---------------------------------------------------------------------- */

/* The parameter of the macro that lvalue e is rooted at, or -1. */
static int param_root(const fs_func *fn, const fs_ast *e)
{
    for (int guard = 0; e && guard < 64; guard++) {
        switch (e->kind) {
        case FS_A_PAREN:
        case FS_A_CAST:
        case FS_A_MEMBER:
        case FS_A_INDEX:
            e = e->nkids ? e->kids[0] : NULL;
            break;
        case FS_A_UNOP:
            if (e->name && strcmp(e->name, "*") == 0 && e->nkids) {
                e = e->kids[0];
                break;
            }
            return -1;
        case FS_A_IDENT:
            return e->var >= 0 && fn->vars[e->var].kind == FS_VAR_PARAM ? fn->vars[e->var].param_index : -1;
        default:
            return -1;
        }
    }
    return -1;
}

/* Does a call of callee `name` (facts ci) write through its argument idx? */
static int call_writes_arg(const char *name, const fs_callee_info *ci, int idx)
{
    const fs_call_spec *sp = fs_call_lookup(name);
    if (sp)
        return fs_call_writes_arg(sp, idx);
    unsigned m;
    if (fs_libc_writes(name, &m))
        return (idx < 31 && (m & (1u << idx))) || ((m & 0x80000000u) && idx >= 1);
    if (ci->known && idx < ci->nparams && idx < 32)
        return !(ci->const_ptr_mask & (1u << idx));
    return 1;
}

/* Which macro parameters the body may write (bit per parameter). */
static void macro_writes(const fs_func *fn, const fs_ast *e, unsigned *w, int depth)
{
    if (!e || depth > FS_TS_MAX_DEPTH)
        return;
    int p;
    switch (e->kind) {
    case FS_A_ASSIGN:
        if (e->nkids && (p = param_root(fn, e->kids[0])) >= 0 && p < 32)
            *w |= 1u << p;
        break;
    case FS_A_UNOP:
        if (e->name && e->nkids && (strstr(e->name, "++") || strstr(e->name, "--") || strcmp(e->name, "&") == 0) &&
            (p = param_root(fn, e->kids[0])) >= 0 && p < 32)
            *w |= 1u << p;
        break;
    case FS_A_CALL:
        for (int i = 1; i < e->nkids; i++)
            if ((p = param_root(fn, e->kids[i])) >= 0 && p < 32 && call_writes_arg(e->name, &e->callee, i - 1))
                *w |= 1u << p;
        break;
    default:
        break;
    }
    for (int i = 0; i < e->nkids; i++)
        macro_writes(fn, e->kids[i], w, depth + 1);
}

static int has_call(const fs_ast *e, int depth)
{
    if (!e || depth > FS_TS_MAX_DEPTH)
        return 0;
    if (e->kind == FS_A_CALL)
        return 1;
    for (int i = 0; i < e->nkids; i++)
        if (has_call(e->kids[i], depth + 1))
            return 1;
    return 0;
}

/* The function a function-like macro stands for: its parameters, and its
 * body parsed alone as `return BODY;` or, failing that, as statements.
 * Reads the macro's own file (t->src, t->fi). */
static void add_macro_function_in(fs_ts *t, fs_ts_sym *s)
{
    TSNode def = s->def;
    uint32_t b, e;
    s->state = -1;

    /* its parameters; until its body says otherwise, it leaves them alone */
    TSNode params = fts_field(t, def, F_PARAMETERS);
    int np = 0, variadic = 0;
    if (!ts_node_is_null(params)) {
        int cnt, base = fts_kids_push(t, params, 0, &cnt);
        for (int i = 0; i < cnt; i++) {
            TSNode p = t->kids[base + i].node;
            if (fts_kind_of(t, p) == T_IDENT)
                np++;
            else if (fts_text_is(t, p, "..."))
                variadic = 1;
        }
        fts_kids_pop(t, base);
    }
    s->ci.known = 1;
    s->ci.variadic = variadic;
    s->ci.nparams = np;
    s->ci.const_ptr_mask = np >= 32 ? ~0u : ((1u << np) - 1);
    if (!fts_macro_body(t, s, &b, &e))
        return;

    char *text = NULL;
    int stmt = 0;
    TSTree *tree = parse_scratch(t, FS_TS_MACRO_PREFIX_EXPR, t->src + b, e - b, FS_TS_MACRO_SUFFIX, &text);
    TSNode body = { 0 }, ret = { 0 };
    if (tree) {
        TSNode root = ts_tree_root_node(tree);
        TSNode fd = ts_node_named_child(root, 0);
        if (!ts_node_has_error(root) && ts_node_named_child_count(root) == 1 &&
            fts_kind_of(t, fd) == T_FUNCTION_DEFINITION) {
            body = fts_field(t, fd, F_BODY);
            int cnt, base = fts_kids_push(t, body, 1, &cnt);
            if (cnt == 1 && fts_kind_of(t, t->kids[base].node) == T_RETURN)
                ret = t->kids[base].node;
            fts_kids_pop(t, base);
        }
        if (ts_node_is_null(ret)) {
            ts_tree_delete(tree);
            free(text);
            tree = NULL;
        }
    }
    if (!tree) {
        stmt = 1;
        tree = parse_scratch(t, FS_TS_MACRO_PREFIX_STMT, t->src + b, e - b, FS_TS_MACRO_SUFFIX, &text);
        if (!tree)
            return;
        TSNode root = ts_tree_root_node(tree);
        TSNode fd = ts_node_named_child(root, 0);
        if (ts_node_has_error(root) || ts_node_named_child_count(root) != 1 ||
            fts_kind_of(t, fd) != T_FUNCTION_DEFINITION) {
            ts_tree_delete(tree);
            free(text);
            return;
        }
        body = fts_field(t, fd, F_BODY);
    }
    fts_keep_tree(t, tree, text);
    if (stmt) {
        s->sbody = body;
        s->msrc = text;
        s->mprefix = (uint32_t)strlen(FS_TS_MACRO_PREFIX_STMT);
        s->mbeg = s->fi ? s->offset : b; /* a header's: looked at where it is included */
        s->mend = s->fi ? s->offset : e;
    }

    TSNode nm = fts_field(t, def, F_NAME);
    uint32_t len;
    const char *name = fts_text_of(t, nm, &len);
    fts_begin_func(t, name, len, t->files[s->fi].path);
    fs_func *fn = t->fn;
    if (!ts_node_is_null(params)) {
        int cnt, base = fts_kids_push(t, params, 0, &cnt), k = 0;
        for (int i = 0; i < cnt; i++) {
            TSNode p = t->kids[base + i].node;
            if (fts_kind_of(t, p) != T_IDENT)
                continue;
            fs_decl_info di;
            memset(&di, 0, sizeof di);
            di.name = p;
            int v = fts_new_var(t, p, FS_VAR_PARAM, &di);
            fn->vars[v].param_index = k++;
        }
        fts_kids_pop(t, base);
    }
    fn->nparams = np;

    fs_ts_where w;
    fts_where_save(t, &w);
    t->src = text;
    t->scratch = 1;
    t->sprefix = (uint32_t)strlen(stmt ? FS_TS_MACRO_PREFIX_STMT : FS_TS_MACRO_PREFIX_EXPR);
    t->sbeg = b;
    t->send = e;
    t->macro_body = 1;
    t->use_fixed = 1;
    t->use_off = s->offset;
    fs_ast *cb = fs_ast_new(t->arena, FS_A_COMPOUND, NULL);
    cb->file = (char *)t->file;
    cb->range.begin = fts_loc_at(t, b);
    cb->range.end = fts_loc_at(t, e);
    if (!stmt) {
        fts_add(t, cb, fts_conv(t, ret));
    } else {
        int cnt, base = fts_kids_push(t, body, 1, &cnt);
        for (int i = 0; i < cnt && !t->too_deep; i++) {
            TSNode c = t->kids[base + i].node;
            /* the `;` the wrapper added */
            if (fts_kind_of(t, c) == T_EXPR_STMT && ts_node_named_child_count(c) == 0 &&
                ts_node_start_byte(c) >= t->sprefix + (e - b))
                continue;
            fts_add(t, cb, fts_conv(t, c));
        }
        fts_kids_pop(t, base);
    }
    fts_where_restore(t, &w);

    fs_range dr;
    fts_range_of(t, def, ts_node_end_byte(def), &dr);
    fn->range = dr;
    fn->body = cb->range;
    if (t->too_deep) {
        fs_func_delete(fn);
        t->fn = NULL;
        s->ci.known = 0;
        return;
    }
    unsigned written = 0;
    macro_writes(fn, cb, &written, 0);
    s->ci.const_ptr_mask &= ~written;
    s->state = 1;
    if (!has_call(cb, 0)) {
        fs_func_delete(fn); /* nothing a summary could say */
        t->fn = NULL;
        return;
    }
    fts_push_func(t, fn, cb, 0, 1);
    t->fn = NULL;
}

void fts_add_macro_function(fs_ts *t, fs_ts_sym *s)
{
    int fi = t->fi;
    const char *src = t->src;
    t->fi = s->fi;
    t->src = t->files[s->fi].text;
    add_macro_function_in(t, s);
    t->fi = fi;
    t->src = src;
}
