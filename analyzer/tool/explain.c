/* explain.c - fscheck --explain-function=NAME: what fscheck concluded about a
 * function, and why it is not a wrapper where it is not. */
#include "tool/explain.h"
#include "ir/calls.h"
#include "project/driver.h"
#include "frontend/frontend.h"
#include "project/index.h"
#include "frontend/ixscan.h"
#include "ir/summary.h"
#include "base/source.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static void fs_ex_function_facts(FILE *out, const fs_summaries *s, const char *name, const char *indent)
{
    int changes = 0, noreturn = 0;
    for (const fs_summary *x = s ? fs_summaries_find(s, name) : NULL; x; x = fs_summaries_next(s, x)) {
        changes |= x->param == FS_SUMMARY_CHANGES;
        noreturn |= x->param == FS_SUMMARY_NORETURN;
    }
    fprintf(out, "%smay change files (ends pairs around its calls): %s\n", indent, changes ? "yes" : "no");
    fprintf(out, "%sends the process on every path: %s\n", indent, noreturn ? "yes" : "no");
    for (const fs_summary *x = s ? fs_summaries_find(s, name) : NULL; x; x = fs_summaries_next(s, x)) {
        int k, nonzero;
        if (fs_summary_noreturn_when(x->param, &k, &nonzero))
            fprintf(out, "%sends the process when parameter %d is %s (resolved where a call passes a constant)\n",
                    indent, k + 1, nonzero ? "not 0" : "0");
    }
}

/* The summaries of the parameters of name in s, one line each. */
static int fs_ex_params(FILE *out, const fs_summaries *s, const char *name, const char *indent)
{
    int n = 0;
    char d[400];
    for (const fs_summary *x = s ? fs_summaries_find(s, name) : NULL; x; x = fs_summaries_next(s, x)) {
        if (x->param < 0)
            continue;
        fs_op_describe(&x->op, d, sizeof d);
        fprintf(out, "%sparameter %d: %s%s%s\n", indent, x->param + 1, d,
                x->op.then_kind == FS_OP_OPEN ? "; then it opens it (on every way)"
                : x->op.then_kind != FS_OP_NONE ? "; then it may open or change it" : "",
                x->op.readonly ? "; never written through" : "");
        n++;
    }
    return n;
}

/* Parses file path and explains each definition of name in it.  Returns
 * how many there were. */
static int fs_ex_definitions(FILE *out, const char *path, const char *shown, const char *name,
                             const fs_summaries *project)
{
    long len = 0;
    const char *why = NULL;
    char *text = fs_source_read(path, &len, &why, NULL);
    if (!text)
        return 0;
    /* a cheap look first: most files do not name it */
    size_t nl = strlen(name);
    int named = 0;
    for (const char *p = text; (p = strstr(p, name)) != NULL; p += nl)
        if ((p == text || (!fs_lex_ident_start((unsigned char)p[-1]) && !(p[-1] >= '0' && p[-1] <= '9'))) &&
            !fs_lex_ident_start((unsigned char)p[nl]) && !(p[nl] >= '0' && p[nl] <= '9')) {
            named = 1;
            break;
        }
    if (!named) {
        free(text);
        return 0;
    }
    fs_fe_result r;
    const char *only[1] = { name };
    int found = 0;
    if (fs_fe_ts_parse_only(path, text, (size_t)len, FS_TS_OWN_TEXT, only, 1, &r) == 0) {
        for (int i = 0; i < r.nfuncs; i++) {
            fs_fe_func *ff = &r.funcs[i];
            if (!ff->fn->name || strcmp(ff->fn->name, name) != 0 || !ff->body)
                continue;
            found++;
            fs_func_reset(ff->fn);
            fs_lower(ff->fn, ff->body, project);
            fs_summaries *own = fs_summaries_new();
            fs_summarize(ff->fn, own);
            fprintf(out, "  %s:%d: %s %s\n", shown, ff->fn->range.begin.line,
                    ff->is_macro ? "function-like macro" : "definition", name);
            for (int v = 0; v < ff->fn->nvars; v++) {
                const fs_var *var = &ff->fn->vars[v];
                if (var->kind != FS_VAR_PARAM || var->param_index < 0 || var->is_scalar)
                    continue;
                const fs_summary *x = NULL;
                for (const fs_summary *y = fs_summaries_find(own, name); y; y = fs_summaries_next(own, y))
                    if (y->param == var->param_index)
                        x = y;
                char d[400];
                if (x && (x->op.kind != FS_OP_NONE || x->op.copies)) {
                    fs_op_describe(&x->op, d, sizeof d);
                    fprintf(out, "    parameter %d '%s': %s\n", var->param_index + 1, var->name ? var->name : "?", d);
                } else {
                    fs_param_why_not(ff->fn, v, d, sizeof d);
                    fprintf(out, "    parameter %d '%s': not a wrapper's path: %s\n", var->param_index + 1,
                            var->name ? var->name : "?", d);
                }
                if (!var->ptr_to_const)
                    fprintf(out, "      writes through it: %s\n", x && x->op.readonly ? "no (its callers' argument is "
                                                                                      "left alone)" : "maybe");
            }
            fs_ex_function_facts(out, own, name, "    ");
            fs_summaries_delete(own);
        }
        fs_fe_result_free(&r);
    }
    free(text);
    return found;
}

int fs_explain_function(FILE *out, const char *name, const fs_index *ix, const char *const *files, int nfiles,
                        const fs_summaries *declared, const char *root)
{
    int known = 0;
    const fs_call_spec *sp = fs_call_lookup(name);
    if (sp) {
        fs_op op;
        memset(&op, 0, sizeof op);
        fs_kind_op(sp->kindword, &op);
        op.base = sp->name;
        fprintf(out, "%s: a %s library call (rules/library.yml): %s, path argument %d%s\n", name, sp->library,
                sp->kindword, sp->path_arg + 1, sp->test_arg >= 0 ? ", what it asks from its tests argument" : "");
        known = 1;
    }
    if (fs_call_noreturn(name, 1, 1)) {
        fprintf(out, "%s: a library function that ends the process%s\n", name,
                strcmp(name, "error") == 0 || strcmp(name, "error_at_line") == 0 ? " when its status is not 0" : "");
        known = 1;
    }
    if (declared && fs_summaries_find(declared, name)) {
        const fs_summary *d = fs_summaries_find(declared, name);
        fprintf(out, "%s: declared in %s:%d; that is what its callers see, in its own file too:\n", name,
                d->file ? d->file : ".fscheck.yml", d->line);
        fs_ex_params(out, declared, name, "  ");
        known = 1;
    }
    const fs_summaries *project = ix ? fs_index_summaries(ix) : NULL;
    if (project && fs_summaries_find(project, name)) {
        fprintf(out, "%s: what the project index of %s concluded%s:\n", name, root ? root : ".",
                declared && fs_summaries_find(declared, name) ? " (the declaration above wins over it)" : "");
        if (!fs_ex_params(out, project, name, "  "))
            fprintf(out, "  no parameter is a wrapper's path\n");
        fs_ex_function_facts(out, project, name, "  ");
        known = 1;
    }
    int defs = 0;
    size_t rl = root ? strlen(root) : 0;
    for (int i = 0; i < nfiles; i++) {
        const char *shown = files[i];
        if (rl && strncmp(shown, root, rl) == 0 && shown[rl] == '/')
            shown += rl + 1;
        defs += fs_ex_definitions(out, files[i], shown, name, project);
    }
    if (defs > 1)
        fprintf(out, "%s: %d definitions; where they disagree, a call is a wrapper only in the units of a folder "
                     "whose own definitions agree\n", name, defs);
    if (!known && !defs) {
        fprintf(stderr, "fscheck: '%s' is not defined in %s, nor in the library catalogue or .fscheck.yml\n", name,
                root ? root : "the files given");
        return -1;
    }
    if (!defs && !sp && !(declared && fs_summaries_find(declared, name)))
        fprintf(out, "%s: no definition found in the project's files\n", name);
    return 0;
}
