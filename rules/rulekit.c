/* rulekit.c - the loop the pair rules share. */
#include "rules/rulekit.h"

void fs_pairs(fs_ctx *ctx, const fs_pair_spec *spec)
{
    const fs_func *fn = fs_ctx_func(ctx);
    for (int a = 0; a < fn->nnodes; a++) {
        if (!spec->first(ctx, a))
            continue;
        const int *nx;
        int n = fs_ctx_nexts_on(ctx, a, spec->on, &nx);
        int hits[64], nh = 0;
        for (int i = 0; i < n && nh < 64; i++)
            if (spec->second(ctx, a, nx[i]))
                hits[nh++] = nx[i];
        if (!nh)
            continue;
        fs_finding *f = fs_ctx_report(ctx, a);
        if (!f)
            continue;
        const fs_node *an = fs_ctx_node(ctx, a), *bn = fs_ctx_node(ctx, hits[0]);
        fs_pair_names names;
        fs_call_name(an, names.first, sizeof names.first);
        fs_call_name(bn, names.second, sizeof names.second);
        names.line = bn->range.begin.line;
        f->syscalls_saved = 1;
        if (spec->report)
            spec->report(ctx, f, a, hits[0], &names);
        else
            f->message = fs_xasprintf(spec->message, f->path_expr, names.first, names.second, names.line);
        if (spec->fix) {
            spec->fix(ctx, f, a, hits[0]);
            for (int k = 0; k < 2 && f->fix; k++) {
                int c = k ? hits[0] : a;
                if (!fs_fix_orphans(ctx, f->fix, c))
                    continue;
                char name[96];
                fs_call_name(fs_ctx_node(ctx, c), name, sizeof name);
                if (fs_fix_remove_orphan(ctx, f->fix, c)) {
                    char *d = fs_xasprintf("%s; %s, a static function called nowhere else, goes too",
                                           f->fix->description, name);
                    free(f->fix->description);
                    f->fix->description = d;
                } else {
                    char *why = fs_xasprintf("the rewrite would take away the last call of the static function %s, "
                                             "which would then be unused; rewrite by hand, removing the function too",
                                             name);
                    fs_finding_drop_fix(f, why);
                    free(why);
                }
            }
        }
        fs_note_calls(f, ctx, hits, 0, nh, spec->verb ? spec->verb : "is used by");
    }
}
