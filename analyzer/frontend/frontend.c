/* frontend.c - what both front ends' results share (frontend.h). */
#include "frontend/frontend.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

fs_fe_func *fs_fe_result_add(fs_fe_result *r, fs_func *fn, const fs_ast *body)
{
    fs_grow(&r->funcs, &r->capfuncs, r->nfuncs + 1, sizeof *r->funcs);
    fs_fe_func *ff = &r->funcs[r->nfuncs++];
    memset(ff, 0, sizeof *ff);
    ff->fn = fn;
    ff->body = body;
    return ff;
}


void fs_fe_result_free(fs_fe_result *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->nfuncs; i++)
        fs_func_delete(r->funcs[i].fn);
    free(r->funcs);
    fs_ast_arena_delete(r->arena);
    FS_FREE(r->first_error, r->error_lines, r->skipped, r->fatal);
    for (int i = 0; i < r->ndefined; i++)
        free(r->defined[i]);
    free(r->defined);
    if (r->priv && r->priv_free)
        r->priv_free(r->priv);
    memset(r, 0, sizeof *r);
}
