/* index_cand.c - the prefilter's candidates: which files hold a function
 * that can hold a finding at all.
 *
 * Every finding pairs a probe with a later path operation on the same path
 * (FS101, FS102, FS201, FS202, FS301, FS302), or is a probe inside a loop
 * (FS401).  So a function is a candidate when its body uses a probe, and
 * either two path operations or more (the probe among them), or a probe
 * inside a loop.  A name is a path operation as the index knows it: a
 * library path call (rules/library.yml), a project function with a summary
 * of an operation on a parameter (a wrapper, static or not, in any file), a
 * function whose body passes one of its parameters where a macro of such
 * names takes its path (the index's reading may not see what libclang
 * expands there), or where such a function takes its path, or a macro whose replacement names such names (each counted as
 * often as it appears there).  What the scan cannot see into (an #include inside a body)
 * makes a candidate; so does a macro with a loop in its replacement used
 * beside a probe.  A unit whose main file, or a project file it includes,
 * holds a candidate is parsed; the others are passed over (fs_ix_reach).
 * A name a macro pastes (`PASTE(st, at)(p, &st)`) is seen by neither this
 * nor the names the prefilter looked for before; within a parsed unit, a
 * body that calls what a macro gives is kept whole (fs_index_trim). */
#include "project/index_private.h"
#include "frontend/candscan.h"

/* The candidate scan's names, in the index scan's table. */
static int fs_cand_intern(void *arg, const char *s, size_t n)
{
    return fs_xs_intern(arg, s, n);
}

/* What a use of a name weighs: path operations, probes (each at most 2). */
typedef struct fs_cand_w {
    unsigned char ops, probes, loops, state; /* state: 0 not yet, 1 being weighed, 2 done */
} fs_cand_w;

static void fs_cand_add(fs_cand_w *to, const fs_cand_w *w)
{
    to->ops = (unsigned char)(to->ops + w->ops > 2 ? 2 : to->ops + w->ops);
    to->probes = (unsigned char)(to->probes + w->probes > 2 ? 2 : to->probes + w->probes);
    to->loops |= w->loops;
}

static void fs_cand_max(fs_cand_w *to, const fs_cand_w *w)
{
    to->ops = w->ops > to->ops ? w->ops : to->ops;
    to->probes = w->probes > to->probes ? w->probes : to->probes;
    to->loops |= w->loops;
}

typedef struct fs_cand_ctx {
    fs_xs *names;     /* the names (fs_xs_intern) */
    fs_cand_w *base;  /* per name: as a library call or a project function */
    unsigned *pos;    /* per name: the argument positions of its path (bit 31: any, as a macro's) */
    int table;        /* weighed from the index's table (a unit's text): the project's macros are not known */
    fs_cand_w *base_plain; /* per name: used without a call, as the index's table has it (a file
                            * outside the project, weighed at a unit's run), or NULL */
    fs_cand_w *w[2];  /* per name: used without a call (object-like macros only), called */
    const fs_cs_macro **macros; /* every macro of every file */
    int *first, *next;          /* first macro of a name, next of the same name (indexes into macros) */
    int nmacros, capmacros;
} fs_cand_ctx;

/* The operations that pair: probes, opens, creates and removes (a rename,
 * a chmod, a function that may do anything ends pairs and starts none). */
static int fs_cand_pairs(fs_op_kind k)
{
    return k == FS_OP_PROBE || k == FS_OP_OPEN || k == FS_OP_CREATE || k == FS_OP_REMOVE;
}

static void fs_cand_summary(fs_cand_ctx *c, const fs_summary *s)
{
    /* (a MAYBE whose mode comes from an argument opens or creates, as each call says) */
    if (s->param < 0 || !(fs_cand_pairs(s->op.kind) || (s->op.kind == FS_OP_MAYBE && s->op.mode_param1)))
        return;
    int id = fs_xs_find(c->names, s->name, strlen(s->name));
    if (id < 0)
        return; /* no file uses the name */
    fs_cand_w w = { 1, s->op.kind == FS_OP_PROBE, 0, 0 };
    fs_cand_max(&c->base[id], &w);
    c->pos[id] |= s->param < 31 ? 1u << s->param : 1u << 31;
}

/* What a use of name `id` weighs: called, as a function or either kind of
 * macro; else as an object-like macro alone. */
static const fs_cand_w *fs_cand_weigh(fs_cand_ctx *c, int id, int called, int depth)
{
    static const fs_cand_w none = { 0, 0, 0, 2 };
    fs_cand_w *w = &c->w[called][id];
    if (w->state == 2)
        return w;
    if (w->state == 1) /* a macro that names itself: the name as it is */
        return called ? &c->base[id] : c->base_plain ? &c->base_plain[id] : &none;
    w->state = 1;
    fs_cand_w sum = called ? c->base[id] : c->base_plain ? c->base_plain[id] : none;
    for (int m = c->first[id]; m >= 0; m = c->next[m]) {
        const fs_cs_macro *mac = c->macros[m];
        if (mac->fn && !called)
            continue;
        fs_cand_w mw = { 0, 0, (unsigned char)mac->loops, 0 };
        if (mac->pastes == 2 && c->table) { /* a name it pastes and calls may be any call: a probe, say */
            fs_cand_w any = { 1, 1, 0, 0 };
            fs_cand_add(&mw, &any);
        }
        for (int k = 0; k < mac->nnames; k++) {
            if (depth > 64) { /* as deep as no macro goes: may be anything */
                fs_cand_w any = { 2, 2, 1, 0 };
                fs_cand_add(&mw, &any);
                break;
            }
            fs_cand_add(&mw, fs_cand_weigh(c, mac->names[k], mac->called[k], depth + 1));
        }
        fs_cand_max(&sum, &mw);
    }
    sum.state = 2;
    *w = sum;
    return w;
}

/* An argument's key as it pairs: FS_CS_ANY; FS_CAND_NONE for what a
 * function returns (a path no later call can name again); else the key. */
#define FS_CAND_NONE (-2)

static int fs_cand_macro(const fs_cand_ctx *c, const char *name, size_t n)
{
    int id = fs_xs_find(c->names, name, n);
    return id >= 0 && c->first[id] >= 0;
}

static int fs_cand_key(const fs_cand_ctx *c, int key)
{
    if (key < 0)
        return FS_CS_ANY;
    const char *k = fs_xs_name(c->names, key);
    size_t n = strlen(k);
    if (n && k[n - 1] == '(') /* a call: a macro's may be anything */
        return c->table || fs_cand_macro(c, k, n - 1) ? FS_CS_ANY : FS_CAND_NONE;
    size_t i = 0, lower = 0;
    for (; i < n && fs_lex_ident(k[i]); i++)
        lower |= k[i] >= 'a' && k[i] <= 'z';
    if (i == n && (fs_cand_macro(c, k, n) || (c->table && !lower))) /* an object-like macro: a literal, say */
        return FS_CS_ANY;
    return key;
}

/* Whether two keys may name the same path: the same text; a literal and a
 * name in capitals (a macro of the system's headers may be that literal). */
static int fs_cand_same(const fs_cand_ctx *c, int a, int b)
{
    if (a == FS_CS_ANY || b == FS_CS_ANY)
        return 1;
    if (a == FS_CAND_NONE || b == FS_CAND_NONE)
        return 0;
    if (a == b)
        return 1;
    const char *x = fs_xs_name(c->names, a), *y = fs_xs_name(c->names, b);
    if ((x[0] == '"') == (y[0] == '"'))
        return 0;
    const char *name = x[0] == '"' ? y : x;
    for (; *name; name++)
        if (!(fs_lex_ident(*name) && !(*name >= 'a' && *name <= 'z')))
            return 0;
    return 1;
}

/* The keys of use u's path arguments into keys[0, 4): where its name takes
 * its path (a macro's, or one whose place is unknown: anywhere). */
static int fs_cand_use_keys(const fs_cand_ctx *c, const fs_cs_body *b, int u, int *keys)
{
    int name = b->names[u];
    unsigned pos = c->pos ? c->pos[name] : 1u << 31;
    if (c->first[name] >= 0 || !pos || (pos & 1u << 31) || !(b->flags[u] & FS_CS_CALL)) {
        keys[0] = FS_CS_ANY;
        return 1;
    }
    int n = 0, nargs = b->arg_at[u + 1] - b->arg_at[u];
    for (int a = 0; a < 31 && n < 4; a++)
        if (pos & 1u << a)
            keys[n++] = a < nargs ? fs_cand_key(c, b->args[b->arg_at[u] + a]) : FS_CS_ANY;
    return n;
}

/* Whether the body can hold a finding: a probe, and another path operation
 * whose path may be the probe's (or one use that does both), or a probe in
 * a loop. */
static int fs_cand_body(fs_cand_ctx *c, const fs_cs_body *b)
{
    if (b->unsure)
        return 1;
    int probes = 0, probe_in_loop = 0, loop_macro = 0, both = 0;
    int *ops = NULL, nops = 0, capops = 0;
    for (int u = 0; u < b->nnames; u++) {
        const fs_cand_w *w = fs_cand_weigh(c, b->names[u], (b->flags[u] & FS_CS_CALL) != 0, 0);
        if ((b->flags[u] & FS_CS_RESULT) && c->table) {
            /* `PASTE(st, at)(p, &st)`: may be any call (a header's macros
             * are not in the table) */
            static const fs_cand_w any = { 1, 1, 0, 2 };
            w = &any;
        }
        if (w->ops)
            FS_PUSH(ops, nops, capops, u);
        probes += w->probes;
        both |= w->ops >= 2 && w->probes;
        probe_in_loop |= w->probes && (b->flags[u] & FS_CS_LOOP);
        loop_macro |= w->loops;
    }
    int cand = probes > 0 && (both || probe_in_loop || loop_macro);
    for (int i = 0; i < nops && !cand && probes; i++) {
        if (!fs_cand_weigh(c, b->names[ops[i]], (b->flags[ops[i]] & FS_CS_CALL) != 0, 0)->probes)
            continue;
        int pk[4], np = fs_cand_use_keys(c, b, ops[i], pk);
        for (int j = 0; j < nops && !cand; j++) {
            if (j == i)
                continue;
            int qk[4], nq = fs_cand_use_keys(c, b, ops[j], qk);
            for (int x = 0; x < np && !cand; x++)
                for (int y = 0; y < nq && !cand; y++)
                    cand = fs_cand_same(c, pk[x], qk[y]);
        }
    }
    free(ops);
    return cand;
}

void fs_ix_candidates(fs_index *ix, char **texts, const long *lens)
{
    fs_cand_ctx c;
    memset(&c, 0, sizeof c);
    c.names = fs_xs_new();
    int n = ix->nfiles;
    fs_cs_file *scans = fs_xcalloc((size_t)n + 1, sizeof *scans);
    unsigned char *scanned = fs_xcalloc((size_t)n + 1, 1);
    for (int i = 0; i < n; i++) {
        fs_ix_file *f = &ix->files[i];
        f->cand = 1; /* until the scan says otherwise */
        const char *t = texts ? texts[i] : NULL;
        long len = texts ? lens[i] : 0;
        char *own = NULL;
        if (!t) {
            const char *why;
            own = fs_source_read(f->path, &len, &why, NULL);
            t = own;
        }
        if (!t || memchr(t, '\0', (size_t)len)) {
            free(own);
            continue;
        }
        fs_cs_scan(t, len, fs_cand_intern, c.names, &scans[i]);
        scanned[i] = 1;
        free(own);
    }
    int nn = fs_xs_count(c.names);
    c.base = fs_xcalloc((size_t)nn + 1, sizeof *c.base);
    c.pos = fs_xcalloc((size_t)nn + 1, sizeof *c.pos);
    c.w[0] = fs_xcalloc((size_t)nn + 1, sizeof *c.w[0]);
    c.w[1] = fs_xcalloc((size_t)nn + 1, sizeof *c.w[1]);
    c.first = fs_xmalloc(sizeof *c.first * ((size_t)nn + 1));
    for (int k = 0; k < nn; k++) {
        c.first[k] = -1;
        const char *name = fs_xs_name(c.names, k);
        const fs_call_spec *sp = fs_call_lookup(strncmp(name, "__builtin_", 10) == 0 ? name + 10 : name);
        if (sp && fs_cand_pairs(sp->kind)) {
            c.base[k].ops = 1;
            c.base[k].probes = sp->kind == FS_OP_PROBE;
            c.pos[k] |= sp->path_arg >= 0 && sp->path_arg < 31 ? 1u << sp->path_arg : 1u << 31;
            if (sp->path_arg2 >= 0)
                c.pos[k] |= sp->path_arg2 < 31 ? 1u << sp->path_arg2 : 1u << 31;
        }
    }
    for (int k = 0; ix->global && k < ix->global->n; k++)
        fs_cand_summary(&c, &ix->global->v[k]);
    for (int k = 0; ix->scoped && k < ix->scoped->n; k++)
        fs_cand_summary(&c, &ix->scoped->v[k]);
    for (int i = 0; i < n; i++)
        for (int k = 0; ix->files[i].sums && k < ix->files[i].sums->n; k++)
            fs_cand_summary(&c, &ix->files[i].sums->v[k]);
    for (int i = 0; i < n; i++)
        for (int m = 0; m < scans[i].nmacros; m++) {
            const fs_cs_macro *mac = &scans[i].macros[m];
            fs_grow(&c.macros, &c.capmacros, c.nmacros + 1, sizeof *c.macros);
            c.next = fs_xrealloc(c.next, sizeof *c.next * (size_t)c.capmacros);
            c.macros[c.nmacros] = mac;
            c.next[c.nmacros] = c.first[mac->name];
            c.first[mac->name] = c.nmacros++;
        }
    /* a function whose body passes one of its parameters to a path
     * operation may be a wrapper the index's reading does not see (its
     * macros as libclang expands them, say): its name is that operation,
     * as far as a caller's candidacy goes; to a fixed point (wrappers of
     * wrappers) */
    unsigned char *text = fs_xcalloc((size_t)nn + 1, 1); /* per name: made a wrapper here */
    unsigned char *lib = fs_xcalloc((size_t)nn + 1, 1);  /* per name: a library path call (a macro of the name
                                                          * too, as `#define stat mingw_stat`, is read by the index) */
    for (int k = 0; k < nn; k++) {
        const char *name = fs_xs_name(c.names, k);
        lib[k] = fs_call_lookup(strncmp(name, "__builtin_", 10) == 0 ? name + 10 : name) != NULL;
    }
    for (int round = 0; round < FS_INDEX_ROUNDS; round++) {
        int changed = 0;
        for (int i = 0; i < n; i++)
            for (int b = 0; b < scans[i].nbodies; b++) {
                const fs_cs_body *bd = &scans[i].bodies[b];
                if (bd->name < 0)
                    continue;
                fs_cand_w w = { 0, 0, 0, 0 };
                unsigned pos = 0;
                for (int u = 0; u < bd->nnames; u++) {
                    if ((bd->flags[u] & (FS_CS_CALL | FS_CS_PARAM)) != (FS_CS_CALL | FS_CS_PARAM))
                        continue;
                    int callee = bd->names[u];
                    /* what the index reads itself it has judged: only a macro, or a
                     * function this rule made a wrapper, may be one it missed */
                    if (!text[callee] && (c.first[callee] < 0 || lib[callee]))
                        continue;
                    const fs_cand_w *uw = fs_cand_weigh(&c, callee, 1, 0);
                    if (!uw->ops)
                        continue;
                    /* the parameter is passed where the callee takes its path (a
                     * macro's: anywhere) */
                    unsigned at = c.pos[callee] | (c.first[callee] >= 0 ? 1u << 31 : 0);
                    for (int k = bd->pair_at[u]; k < bd->pair_at[u + 1]; k++) {
                        int a = bd->pairs[k] >> 8, j = bd->pairs[k] & 0xff;
                        if ((at & 1u << 31) || (a < 31 && (at & 1u << a))) {
                            if (getenv("FSCHECK_CANDIDATES") && !text[bd->name])
                                fprintf(stderr, "fscheck: candidate: %s:%d: %s, a wrapper by its call of %s\n",
                                        ix->files[i].rel, bd->line, fs_xs_name(c.names, bd->name), fs_xs_name(c.names, callee));
                            w.ops = 1;
                            w.probes |= uw->probes > 0;
                            pos |= j < 31 ? 1u << j : 1u << 31;
                        }
                    }
                }
                for (int a = 0; a < bd->nalias; a++) { /* (the function's name is one of them) */
                    int id = bd->alias[a];
                    fs_cand_w *to = &c.base[id];
                    if (w.ops > to->ops || w.probes > to->probes || (pos & ~c.pos[id])) {
                        fs_cand_max(to, &w);
                        c.pos[id] |= pos;
                        text[id] = 1;
                        changed = 1;
                    }
                }
            }
        if (!changed)
            break;
        memset(c.w[0], 0, sizeof *c.w[0] * ((size_t)nn + 1)); /* weighed again with the new names */
        memset(c.w[1], 0, sizeof *c.w[1] * ((size_t)nn + 1));
    }
    for (int k = 0; k < nn; k++) { /* all weighed before the scans go */
        fs_cand_weigh(&c, k, 0, 0);
        fs_cand_weigh(&c, k, 1, 0);
    }
    for (int i = 0; i < n; i++) {
        if (!scanned[i])
            continue;
        int any = 0;
        for (int b = 0; b < scans[i].nbodies && !any; b++)
            any = fs_cand_body(&c, &scans[i].bodies[b]);
        ix->files[i].cand = (unsigned char)any;
        if (getenv("FSCHECK_CANDIDATES")) {
            /* which bodies are candidates, for a look by hand */
            for (int b = 0; b < scans[i].nbodies; b++)
                if (fs_cand_body(&c, &scans[i].bodies[b])) {
                    const fs_cs_body *bd = &scans[i].bodies[b];
                    fprintf(stderr, "fscheck: candidate: %s:%d:", ix->files[i].rel, bd->line);
                    for (int u = 0; u < bd->nnames; u++) {
                        const fs_cand_w *w = fs_cand_weigh(&c, bd->names[u], (bd->flags[u] & FS_CS_CALL) != 0, 0);
                        if (w->ops || w->probes || w->loops)
                            fprintf(stderr, " %s%s", fs_xs_name(c.names, bd->names[u]), bd->flags[u] & FS_CS_LOOP ? "@loop" : "");
                    }
                    fprintf(stderr, "%s\n", bd->unsure ? " (unsure)" : "");
                }
        }
        fs_cs_file_free(&scans[i]);
    }
    /* the names that weigh, for files outside the project (fs_ix_outside_candidate) */
    fs_ix_weights_free(ix);
    for (int k = 0; k < nn; k++) {
        const fs_cand_w *a = &c.w[1][k], *b = &c.w[0][k];
        if (!(a->ops || a->probes || a->loops || b->ops || b->probes || b->loops))
            continue;
        unsigned pos = c.pos[k] | (c.first[k] >= 0 ? 1u << 31 : 0);
        char *v = fs_xasprintf("%s %d%d%d%d%d%d %x", fs_xs_name(c.names, k), a->ops, a->probes, a->loops, b->ops, b->probes,
                               b->loops, pos);
        fs_strs_add(&ix->weights, v);
        free(v);
    }
    /* and the library's path calls that no project file names */
    int ncat = 0;
    const fs_call_spec *cat = fs_call_all(&ncat);
    for (int i = 0; i < ncat; i++) {
        if (!fs_cand_pairs(cat[i].kind) || fs_xs_find(c.names, cat[i].name, strlen(cat[i].name)) >= 0)
            continue;
        unsigned pos = cat[i].path_arg >= 0 && cat[i].path_arg < 31 ? 1u << cat[i].path_arg : 1u << 31;
        if (cat[i].path_arg2 >= 0)
            pos |= cat[i].path_arg2 < 31 ? 1u << cat[i].path_arg2 : 1u << 31;
        char *v = fs_xasprintf("%s 1%d0000 %x", cat[i].name, cat[i].kind == FS_OP_PROBE, pos);
        fs_strs_add(&ix->weights, v);
        free(v);
    }
    fs_strs_sort_unique(&ix->weights);
    fs_xs_free(c.names);
    FS_FREE(text, lib, c.base, c.pos, c.w[0], c.w[1], c.first, c.next, c.macros, scans, scanned);
}

void fs_ix_weights_free(fs_index *ix)
{
    fs_strs_free(&ix->weights);
}

/* The table's entry of a name ("NAME dddddd POS"), or NULL. */
static const char *fs_ix_weight_of(const fs_index *ix, const char *name)
{
    size_t n = strlen(name);
    int lo = 0, hi = ix->weights.n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const char *e = ix->weights.v[mid];
        int c = strncmp(e, name, n);
        if (c == 0)
            c = e[n] == ' ' ? 0 : (unsigned char)e[n] - ' ';
        if (c == 0)
            return e + n + 1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

/* What the table says of name: called, plain, and where it takes its path. */
static void fs_ix_weight_read(const fs_index *ix, const char *name, fs_cand_w *called, fs_cand_w *plain,
                              unsigned *pos)
{
    const char *e = fs_ix_weight_of(ix, name);
    if (!e || strlen(e) < 8 || e[6] != ' ')
        return;
    *called = (fs_cand_w){ (unsigned char)(e[0] - '0'), (unsigned char)(e[1] - '0'), (unsigned char)(e[2] - '0'), 0 };
    *plain = (fs_cand_w){ (unsigned char)(e[3] - '0'), (unsigned char)(e[4] - '0'), (unsigned char)(e[5] - '0'), 0 };
    if (pos)
        *pos = (unsigned)strtoul(e + 7, NULL, 16);
}

/* A context over a file's scan, weighed from the index's table. */
static void fs_ix_table_ctx(const fs_index *ix, fs_cand_ctx *c, const fs_cs_file *scan, int with_pos)
{
    int nn = fs_xs_count(c->names);
    c->table = 1;
    c->base = fs_xcalloc((size_t)nn + 1, sizeof *c->base);
    c->base_plain = fs_xcalloc((size_t)nn + 1, sizeof *c->base_plain);
    c->pos = with_pos ? fs_xcalloc((size_t)nn + 1, sizeof *c->pos) : NULL;
    c->w[0] = fs_xcalloc((size_t)nn + 1, sizeof *c->w[0]);
    c->w[1] = fs_xcalloc((size_t)nn + 1, sizeof *c->w[1]);
    c->first = fs_xmalloc(sizeof *c->first * ((size_t)nn + 1));
    for (int k = 0; k < nn; k++) {
        c->first[k] = -1;
        fs_ix_weight_read(ix, fs_xs_name(c->names, k), &c->base[k], &c->base_plain[k], c->pos ? &c->pos[k] : NULL);
    }
    for (int m = 0; m < scan->nmacros; m++) {
        const fs_cs_macro *mac = &scan->macros[m];
        fs_grow(&c->macros, &c->capmacros, c->nmacros + 1, sizeof *c->macros);
        c->next = fs_xrealloc(c->next, sizeof *c->next * (size_t)c->capmacros);
        c->macros[c->nmacros] = mac;
        c->next[c->nmacros] = c->first[mac->name];
        c->first[mac->name] = c->nmacros++;
    }
}

static void fs_ix_table_ctx_free(fs_cand_ctx *c)
{
    fs_xs_free(c->names);
    FS_FREE(c->base, c->base_plain, c->pos, c->w[0], c->w[1], c->first, c->next,
            c->macros);
}

char *fs_index_trim(const fs_index *ix, const char *t, long len)
{
    if (!ix || !ix->weights.n)
        return NULL;
    fs_cand_ctx c;
    memset(&c, 0, sizeof c);
    c.names = fs_xs_new();
    fs_cs_file scan;
    fs_cs_scan(t, len, fs_cand_intern, c.names, &scan);
    fs_ix_table_ctx(ix, &c, &scan, 1);
    int nb = scan.nbodies, any = 0;
    unsigned char *keep = fs_xcalloc((size_t)nb + 1, 1);
    for (int b = 0; b < nb; b++) {
        const fs_cs_body *bd = &scan.bodies[b];
        if (fs_cand_body(&c, bd)) {
            keep[b] = 1;
            any = 1;
        } else if (bd->name < 0 || bd->end - bd->begin < 3) {
            keep[b] = 1; /* no function the scan can name */
        } else {
            /* a body with a directive in it: kept whole */
            for (long k = bd->begin + 1; k < bd->end - 1 && !keep[b]; k++)
                if (t[k] == '#') {
                    long q = k;
                    while (q > bd->begin && (t[q - 1] == ' ' || t[q - 1] == '\t'))
                        q--;
                    keep[b] = FS_LEX_EOL(t[q - 1]);
                }
        }
    }
    char *out = NULL;
    if (any) {
        /* what the kept bodies call (or name: a callback, a macro's
         * replacement) of the file's functions, to a fixed point */
        unsigned char *used = fs_xcalloc((size_t)fs_xs_count(c.names) + 1, 1);
        for (int grew = 1; grew;) {
            grew = 0;
            for (int b = 0; b < nb; b++) {
                if (!keep[b])
                    continue;
                const fs_cs_body *bd = &scan.bodies[b];
                for (int u = 0; u < bd->nnames; u++) {
                    int id = bd->names[u];
                    if (used[id])
                        continue;
                    used[id] = 1;
                    for (int m = c.first[id]; m >= 0; m = c.next[m])
                        for (int k = 0; k < c.macros[m]->nnames; k++)
                            used[c.macros[m]->names[k]] = 1;
                }
            }
            for (int b = 0; b < nb; b++)
                for (int a = 0; a < scan.bodies[b].nalias && !keep[b]; a++)
                    if (used[scan.bodies[b].alias[a]]) {
                        keep[b] = 1;
                        grew = 1;
                    }
        }
        free(used);
        int blank = 0;
        for (int b = 0; b < nb; b++)
            blank |= !keep[b];
        if (blank) {
            out = fs_xmalloc((size_t)len + 1);
            memcpy(out, t, (size_t)len);
            out[len] = '\0';
            for (int b = 0; b < nb; b++)
                if (!keep[b])
                    for (long k = scan.bodies[b].begin + 1; k < scan.bodies[b].end - 1; k++)
                        if (!FS_LEX_EOL(out[k]))
                            out[k] = ' ';
        }
    }
    free(keep);
    fs_cs_file_free(&scan);
    fs_ix_table_ctx_free(&c);
    return out;
}

int fs_ix_outside_candidate(const fs_index *ix, const char *t, long len, fs_strs *extra)
{
    fs_cand_ctx c;
    memset(&c, 0, sizeof c);
    c.names = fs_xs_new();
    fs_cs_file scan;
    fs_cs_scan(t, len, fs_cand_intern, c.names, &scan);
    fs_ix_table_ctx(ix, &c, &scan, 0);
    /* a body that does a path operation may be a wrapper the unit learns
     * of (its name is one, for the unit's own text); a macro whose
     * replacement does one may be used there too */
    int must = 0;
    for (int b = 0; b < scan.nbodies && !must; b++) {
        const fs_cs_body *bd = &scan.bodies[b];
        int ops = 0;
        for (int u = 0; u < bd->nnames && !ops; u++)
            ops = fs_cand_weigh(&c, bd->names[u], (bd->flags[u] & FS_CS_CALL) != 0, 0)->ops > 0;
        if (bd->unsure || (ops && bd->name < 0) || fs_cand_body(&c, bd))
            must = 1; /* (a candidate of its own: the unit checks it) */
        else if (ops)
            for (int a = 0; a < bd->nalias; a++)
                fs_strs_add(extra, fs_xs_name(c.names, bd->alias[a]));
    }
    for (int m = 0; m < scan.nmacros && !must; m++) {
        const fs_cs_macro *mac = &scan.macros[m];
        fs_cand_w mw = { 0, 0, (unsigned char)mac->loops, 0 };
        for (int k = 0; k < mac->nnames; k++)
            fs_cand_add(&mw, fs_cand_weigh(&c, mac->names[k], mac->called[k], 0));
        if (mw.ops || mw.probes || mw.loops)
            fs_strs_add(extra, fs_xs_name(c.names, mac->name));
    }
    fs_cs_file_free(&scan);
    fs_ix_table_ctx_free(&c);
    return must ? -1 : 0;
}
