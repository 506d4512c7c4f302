/*
 * report_github.c - GitHub Actions workflow commands, one per finding:
 *
 *   ::warning file=F,line=L,col=C,endLine=L2,endColumn=C2,title=fscheck FS101::message
 *
 * The related notes and the fix follow the message on lines of their own.
 * '%', CR and LF are escaped everywhere; ':' and ',' also in property values.
 */
#include "report/report.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

static void fs_gh_escape(FILE *out, const char *s, int property)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '%': fputs("%25", out); break;
        case '\r': fputs("%0D", out); break;
        case '\n': fputs("%0A", out); break;
        case ':': fputs(property ? "%3A" : ":", out); break;
        case ',': fputs(property ? "%2C" : ",", out); break;
        default: fputc(*s, out);
        }
    }
}

static const char *fs_gh_command(const char *severity)
{
    if (severity && strcmp(severity, "error") == 0)
        return "error";
    if (severity && strcmp(severity, "note") == 0)
        return "notice";
    return "warning";
}

static int fs_github_write(const fs_report_ctx *c)
{
    FILE *out = c->out;
    for (int i = 0; i < c->findings->n; i++) {
        const fs_finding *f = &c->findings->v[i];
        fprintf(out, "::%s file=", fs_gh_command(f->severity));
        fs_gh_escape(out, f->file, 1);
        fprintf(out, ",line=%d,col=%d", f->range.begin.line, f->range.begin.col);
        if (f->range.end.line > f->range.begin.line ||
            (f->range.end.line == f->range.begin.line && f->range.end.col > f->range.begin.col))
            fprintf(out, ",endLine=%d,endColumn=%d", f->range.end.line, f->range.end.col);
        fputs(",title=", out);
        char *title = fs_xasprintf("fscheck %s", f->rule);
        fs_gh_escape(out, title, 1);
        free(title);
        fputs("::", out);
        fs_buf msg = { 0 };
        fs_buf_printf(&msg, "%s [%s]", f->message ? f->message : "", f->rule);
        for (int j = 0; j < f->nrelated; j++) {
            const fs_related *r = &f->related[j];
            fs_buf_printf(&msg, "\n%s:%d:%d: note: %s", r->file, r->line, r->col, r->message ? r->message : "");
        }
        if (f->fix)
            fs_buf_printf(&msg, "\nfix (%s): %s", f->fix->safety == FS_FIX_SAFE ? "safe" : "unsafe",
                          f->fix->description ? f->fix->description : "");
        fs_gh_escape(out, msg.s, 0);
        fs_buf_free(&msg);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}

const fs_reporter fs_report_github = { "github", fs_github_write };
