/* compdb.c - compile_commands.json through libclang, checked with jansson first. */
#include "project/compdb.h"
#include "frontend/clang_api.h"
#include "base/util.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fs_compdb {
    char *dir;
    fs_units units; /* every command of the file, one per source, sorted by file */
};

static int fs_is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

char *fs_compdb_discover(const char *file)
{
    char *abs = fs_path_absolute(file, NULL);
    char *slash = strrchr(abs, '/');
    if (slash)
        *slash = '\0';
    for (;;) {
        const char *d = *abs ? abs : "/";
        char *c1 = fs_xasprintf("%s/compile_commands.json", strcmp(d, "/") == 0 ? "" : d);
        char *c2 = fs_xasprintf("%s/build/compile_commands.json", strcmp(d, "/") == 0 ? "" : d);
        char *found = NULL;
        if (fs_is_file(c1))
            found = fs_xstrdup(d);
        else if (fs_is_file(c2))
            found = fs_xasprintf("%s/build", strcmp(d, "/") == 0 ? "" : d);
        free(c1);
        free(c2);
        if (found) {
            free(abs);
            return found;
        }
        if (!*abs || strcmp(abs, "/") == 0)
            break;
        slash = strrchr(abs, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    free(abs);
    return NULL;
}

/* The checks libclang does not report: valid JSON, an array of objects with
 * a "directory", a "file" and a "command" or "arguments".  When they pass,
 * checked (if any) is told the entries' files. */
/* The -D / -U words of an entry's "arguments", or of its "command" split at
 * blanks (enough for these flags). */
static void fs_entry_defines(json_t *c, char ***argv, int *argc)
{
    int cap = 0;
    *argv = NULL;
    *argc = 0;
    json_t *args = json_object_get(c, "arguments");
    if (json_is_array(args)) {
        size_t k;
        json_t *a;
        json_array_foreach(args, k, a)
            FS_PUSH(*argv, *argc, cap, fs_xstrdup(json_string_value(a)));
        return;
    }
    const char *s = json_string_value(json_object_get(c, "command"));
    while (s && *s) {
        while (*s == ' ' || *s == '\t')
            s++;
        const char *b = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (s > b)
            FS_PUSH(*argv, *argc, cap, fs_xstrndup(b, (size_t)(s - b)));
    }
}

static int fs_cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void fs_shared_defines(char *const *const *argvs, const int *argcs, int n, char ***out, int *nout)
{
    char **all = NULL;
    int nall = 0, cap = 0;
    for (int u = 0; u < n; u++) {
        int first = nall;
        for (int i = 0; i < argcs[u]; i++) {
            const char *a = argvs[u][i];
            if ((strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0) && i + 1 < argcs[u])
                FS_PUSH(all, nall, cap, fs_xasprintf("%s%s", a, argvs[u][++i]));
            else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) && a[2])
                FS_PUSH(all, nall, cap, fs_xstrdup(a));
        }
        /* each flag once per unit */
        int m = nall - first;
        fs_strv_sort_unique(all + first, &m); /* (frees the others) */
        nall = first + m;
    }
    if (nall > 1)
        qsort(all, (size_t)nall, sizeof *all, fs_cmp_str);
    *out = NULL;
    *nout = 0;
    int capout = 0;
    for (int i = 0; i < nall;) {
        int j = i;
        while (j < nall && strcmp(all[j], all[i]) == 0)
            j++;
        if (j - i == n)
            FS_PUSH(*out, *nout, capout, fs_xstrdup(all[i]));
        i = j;
    }
    for (int i = 0; i < nall; i++)
        free(all[i]);
    free(all);
}

static char *fs_validate(const char *path, fs_compdb_checked checked, void *arg)
{
    json_error_t e;
    json_t *doc = json_load_file(path, 0, &e);
    if (!doc)
        return fs_xasprintf("%s:%d:%d: not valid JSON: %s", path, e.line, e.column, e.text);
    char *err = NULL;
    if (!json_is_array(doc)) {
        err = fs_xasprintf("%s: expected an array of compile commands", path);
    } else {
        size_t i;
        json_t *c;
        json_array_foreach(doc, i, c) {
            if (!json_is_object(c)) {
                err = fs_xasprintf("%s: entry %zu is not an object", path, i + 1);
                break;
            }
            if (!json_is_string(json_object_get(c, "directory"))) {
                err = fs_xasprintf("%s: entry %zu has no \"directory\" string", path, i + 1);
                break;
            }
            if (!json_is_string(json_object_get(c, "file"))) {
                err = fs_xasprintf("%s: entry %zu has no \"file\" string", path, i + 1);
                break;
            }
            json_t *cmd = json_object_get(c, "command"), *args = json_object_get(c, "arguments");
            if (!json_is_string(cmd) && !json_is_array(args)) {
                err = fs_xasprintf("%s: entry %zu has neither \"command\" nor \"arguments\"", path, i + 1);
                break;
            }
            if (json_is_array(args)) {
                size_t k;
                json_t *a;
                json_array_foreach(args, k, a) if (!json_is_string(a))
                {
                    err = fs_xasprintf("%s: entry %zu: item %zu of \"arguments\" is not a string", path, i + 1,
                                       k + 1);
                    break;
                }
                if (err)
                    break;
            }
        }
    }
    if (!err && checked) {
        size_t n = json_array_size(doc);
        char **files = fs_xcalloc(n + 1, sizeof *files);
        char ***argvs = fs_xcalloc(n + 1, sizeof *argvs);
        int *argcs = fs_xcalloc(n + 1, sizeof *argcs);
        for (size_t k = 0; k < n; k++) {
            json_t *c = json_array_get(doc, k);
            files[k] = fs_path_absolute(json_string_value(json_object_get(c, "file")),
                                        json_string_value(json_object_get(c, "directory")));
            fs_entry_defines(c, &argvs[k], &argcs[k]);
        }
        char **defines;
        int ndefines;
        fs_shared_defines((char *const *const *)argvs, argcs, (int)n, &defines, &ndefines);
        checked(arg, files, (int)n, defines, ndefines);
        for (size_t k = 0; k < n; k++) {
            for (int i = 0; i < argcs[k]; i++)
                free(argvs[k][i]);
            FS_FREE(files[k], argvs[k]);
        }
        for (int i = 0; i < ndefines; i++)
            free(defines[i]);
        FS_FREE(files, argvs, argcs, defines);
    }
    json_decref(doc);
    return err;
}

static void fs_compdb_index(CXCompilationDatabase db, fs_units *out);
static fs_compdb *fs_compdb_load_dir(const char *dir, char **err, fs_compdb_checked checked, void *arg);

fs_compdb *fs_compdb_load(const char *dir_or_file, char **err)
{
    return fs_compdb_load_then(dir_or_file, err, NULL, NULL);
}

fs_compdb *fs_compdb_load_then(const char *dir_or_file, char **err, fs_compdb_checked checked, void *arg)
{
    /* -p build/compile_commands.json works as -p build does */
    char *dir = fs_xstrdup(dir_or_file);
    char *base = strrchr(dir, '/');
    base = base ? base + 1 : dir;
    if (strcmp(base, "compile_commands.json") == 0 && fs_is_file(dir)) {
        if (base == dir)
            strcpy(dir, ".");
        else if (base == dir + 1)
            dir[1] = '\0'; /* "/compile_commands.json" */
        else
            base[-1] = '\0';
    }
    fs_compdb *d = fs_compdb_load_dir(dir, err, checked, arg);
    free(dir);
    return d;
}

static fs_compdb *fs_compdb_load_dir(const char *dir, char **err, fs_compdb_checked checked, void *arg)
{
    char *path = fs_xasprintf("%s/compile_commands.json", dir);
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        *err = fs_xasprintf("%s: no such folder (-p names the folder of compile_commands.json)", dir);
        free(path);
        return NULL;
    }
    if (!fs_is_file(path)) {
        *err = fs_xasprintf("%s: no compile_commands.json in this folder", dir);
        free(path);
        return NULL;
    }
    char *v = fs_validate(path, checked, arg);
    if (v) {
        *err = v;
        free(path);
        return NULL;
    }
    const char *why = NULL;
    if (fs_clang_load(&why) != 0) {
        *err = fs_xasprintf("%s: %s", path, why);
        free(path);
        return NULL;
    }
    CXCompilationDatabase_Error ce;
    CXCompilationDatabase db = clang_CompilationDatabase_fromDirectory(dir, &ce);
    if (ce != CXCompilationDatabase_NoError || !db) {
        *err = fs_xasprintf("%s: libclang could not load it", path);
        free(path);
        if (db)
            clang_CompilationDatabase_dispose(db);
        return NULL;
    }
    free(path);
    fs_compdb *d = fs_xcalloc(1, sizeof *d);
    d->dir = fs_xstrdup(dir);
    fs_compdb_index(db, &d->units);
    clang_CompilationDatabase_dispose(db);
    return d;
}

void fs_compdb_free(fs_compdb *d)
{
    if (!d)
        return;
    fs_units_free(&d->units);
    free(d->dir);
    free(d);
}

const char *fs_compdb_dir(const fs_compdb *d)
{
    return d->dir;
}

void fs_clean_args(char **args, int *nargs, const char *source_abs, const char *directory)
{
    int w = 0;
    for (int i = 0; i < *nargs; i++) {
        char *a = args[i];
        int drop = 0, skip_next = 0;
        if (strcmp(a, "-c") == 0 || strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0 || strcmp(a, "-MD") == 0 ||
            strcmp(a, "-MMD") == 0 || strcmp(a, "-MP") == 0 || strcmp(a, "-MG") == 0 || strcmp(a, "-S") == 0 ||
            strcmp(a, "-E") == 0)
            drop = 1;
        else if (strcmp(a, "-o") == 0 || strcmp(a, "-MF") == 0 || strcmp(a, "-MT") == 0 || strcmp(a, "-MQ") == 0)
            drop = skip_next = 1;
        else if (strncmp(a, "-o", 2) == 0 || strncmp(a, "-MF", 3) == 0 || strncmp(a, "-MT", 3) == 0 ||
                 strncmp(a, "-MQ", 3) == 0)
            drop = 1;
        else if (source_abs && a[0] != '-') {
            char *abs = fs_path_absolute(a, directory);
            drop = strcmp(abs, source_abs) == 0;
            free(abs);
        }
        if (drop) {
            free(a);
            if (skip_next && i + 1 < *nargs)
                free(args[++i]);
            continue;
        }
        args[w++] = a;
    }
    *nargs = w;
}

/* Paths in include-style flags, made absolute against the command's folder
 * (libclang has no per-parse working folder that leaves the process's alone).
 * A file of -include or -imacros is looked for there first, then along the
 * `#include "..."` search path: one that is not in the folder stays as
 * written, for the search path (made absolute itself) to find it. */
static void fs_absolute_args(char **args, int nargs, const char *dir)
{
    static const char *const opts[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros",
                                         "-isysroot", "--sysroot", "-iprefix", "-iwithprefix", "-F", NULL };
    for (int i = 0; i < nargs; i++) {
        for (int k = 0; opts[k]; k++) {
            size_t n = strlen(opts[k]);
            if (strncmp(args[i], opts[k], n) != 0)
                continue;
            const char *rest = args[i] + n;
            int file_opt = strcmp(opts[k], "-include") == 0 || strcmp(opts[k], "-imacros") == 0;
            if (*rest == '\0' && i + 1 < nargs) {
                /* -I DIR */
                if (args[i + 1][0] != '/') {
                    char *abs = fs_path_absolute(args[i + 1], dir);
                    if (file_opt && access(abs, F_OK) != 0) {
                        free(abs);
                    } else {
                        free(args[i + 1]);
                        args[i + 1] = abs;
                    }
                }
                i++;
            } else if (*rest && (rest[0] != '/' && !(rest[0] == '=' && rest[1] == '/'))) {
                /* -IDIR, --sysroot=DIR */
                int eq = rest[0] == '=';
                char *abs = fs_path_absolute(rest + eq, dir);
                if (file_opt && access(abs, F_OK) != 0) {
                    free(abs);
                    break;
                }
                char *na = fs_xasprintf("%.*s%s%s", (int)n, args[i], eq ? "=" : "", abs);
                free(abs);
                free(args[i]);
                args[i] = na;
            }
            break;
        }
    }
}

static void fs_unit_from(CXCompileCommand cmd, fs_unit *u)
{
    memset(u, 0, sizeof *u);
    CXString d = clang_CompileCommand_getDirectory(cmd);
    CXString f = clang_CompileCommand_getFilename(cmd);
    u->directory = fs_xstrdup(clang_getCString(d));
    u->file = fs_path_absolute(clang_getCString(f), u->directory);
    u->shown = fs_path_shown(u->file);
    clang_disposeString(d);
    unsigned n = clang_CompileCommand_getNumArgs(cmd);
    u->args = fs_xcalloc(n + 1, sizeof(char *));
    /* argv[0] is the compiler */
    for (unsigned i = 1; i < n; i++) {
        CXString a = clang_CompileCommand_getArg(cmd, i);
        u->args[u->nargs++] = fs_xstrdup(clang_getCString(a));
        clang_disposeString(a);
    }
    fs_clean_args(u->args, &u->nargs, u->file, u->directory);
    fs_absolute_args(u->args, u->nargs, u->directory);
    clang_disposeString(f);
    u->from_db = 1;
}

typedef struct fs_unit_pos {
    fs_unit u;
    int index;
} fs_unit_pos;

static int fs_unit_pos_cmp(const void *a, const void *b)
{
    const fs_unit_pos *x = a, *y = b;
    int c = strcmp(x->u.file, y->u.file);
    return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The commands the file lists, one unit per source file (the first command
 * wins), sorted by file.  Not clang_CompilationDatabase_getCompileCommands
 * for one file: libclang makes up a command for a file the database lacks
 * (from a file with a similar name), and such a file must take the flags
 * after `--`. */
static void fs_compdb_index(CXCompilationDatabase db, fs_units *out)
{
    CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
    unsigned n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
    for (unsigned i = 0; i < n; i++) {
        fs_unit u;
        fs_unit_from(clang_CompileCommands_getCommand(cmds, i), &u);
        FS_PUSH(out->v, out->n, out->cap, u);
    }
    if (cmds)
        clang_CompileCommands_dispose(cmds);
    /* sorted by file, the first command of each file first */
    fs_unit_pos *pos = fs_xcalloc((size_t)out->n + 1, sizeof *pos);
    for (int i = 0; i < out->n; i++) {
        pos[i].u = out->v[i];
        pos[i].index = i;
    }
    if (out->n > 1)
        qsort(pos, (size_t)out->n, sizeof *pos, fs_unit_pos_cmp);
    for (int i = 0; i < out->n; i++)
        out->v[i] = pos[i].u;
    free(pos);
    int w = 0;
    for (int i = 0; i < out->n; i++) {
        if (w > 0 && strcmp(out->v[w - 1].file, out->v[i].file) == 0) {
            fs_unit_free(&out->v[i]);
            continue;
        }
        out->v[w++] = out->v[i];
    }
    out->n = w;
}

static void fs_unit_copy(const fs_unit *src, fs_unit *dst)
{
    *dst = *src;
    dst->file = fs_xstrdup(src->file);
    dst->shown = fs_xstrdup(src->shown);
    dst->directory = src->directory ? fs_xstrdup(src->directory) : NULL;
    dst->args = fs_xcalloc((size_t)src->nargs + 1, sizeof(char *));
    for (int i = 0; i < src->nargs; i++)
        dst->args[i] = fs_xstrdup(src->args[i]);
}

const char *fs_unit_not_c(const fs_unit *u)
{
    for (int i = 0; i < u->nargs; i++) {
        const char *x = strcmp(u->args[i], "-x") == 0 && i + 1 < u->nargs ? u->args[i + 1]
                        : strncmp(u->args[i], "-x", 2) == 0 && u->args[i][2] ? u->args[i] + 2 : NULL;
        if (!x || strcmp(x, "c") == 0 || strcmp(x, "c-header") == 0 || strcmp(x, "none") == 0)
            continue;
        if (strncmp(x, "assembler", 9) == 0)
            return "assembler source (-x assembler), not C";
        if (strncmp(x, "c++", 3) == 0)
            return "C++ source (-x c++), not C";
        if (strncmp(x, "objective-c", 11) == 0)
            return "Objective-C source (-x objective-c), not C";
    }
    static const struct { const char *ext, *why; } exts[] = {
        { ".S", "assembler source (.S), not C" }, { ".s", "assembler source (.s), not C" },
        { ".sx", "assembler source (.sx), not C" }, { ".asm", "assembler source (.asm), not C" },
        { ".cc", "C++ source (.cc), not C" }, { ".cpp", "C++ source (.cpp), not C" },
        { ".cxx", "C++ source (.cxx), not C" }, { ".c++", "C++ source (.c++), not C" },
        { ".C", "C++ source (.C), not C" }, { ".cp", "C++ source (.cp), not C" },
        { ".CPP", "C++ source (.CPP), not C" }, { ".ii", "C++ source (.ii), not C" },
        { ".m", "Objective-C source (.m), not C" }, { ".mm", "Objective-C++ source (.mm), not C" },
    };
    const char *dot = strrchr(u->file, '.');
    const char *slash = strrchr(u->file, '/');
    if (!dot || (slash && dot < slash))
        return NULL;
    for (size_t k = 0; k < sizeof exts / sizeof exts[0]; k++)
        if (strcmp(dot, exts[k].ext) == 0)
            return exts[k].why;
    return NULL;
}

void fs_compdb_all(const fs_compdb *d, fs_units *out)
{
    for (int i = 0; i < d->units.n; i++) {
        fs_unit u;
        fs_unit_copy(&d->units.v[i], &u);
        FS_PUSH(out->v, out->n, out->cap, u);
    }
}

int fs_compdb_lookup(const fs_compdb *d, const char *abs_file, fs_unit *out)
{
    int lo = 0, hi = d->units.n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(d->units.v[mid].file, abs_file);
        if (c == 0) {
            fs_unit_copy(&d->units.v[mid], out);
            return 1;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

void fs_units_add_args(fs_units *us, char *const *before, int nbefore, char *const *after, int nafter)
{
    if (nbefore + nafter == 0)
        return;
    for (int i = 0; i < us->n; i++) {
        fs_unit *u = &us->v[i];
        if (!u->from_db)
            continue;
        char **args = fs_xcalloc((size_t)(nbefore + u->nargs + nafter) + 1, sizeof *args);
        int n = 0;
        for (int k = 0; k < nbefore; k++)
            args[n++] = fs_xstrdup(before[k]);
        for (int k = 0; k < u->nargs; k++)
            args[n++] = u->args[k];
        for (int k = 0; k < nafter; k++)
            args[n++] = fs_xstrdup(after[k]);
        free(u->args);
        u->args = args;
        u->nargs = n;
    }
}

void fs_unit_free(fs_unit *u)
{
    FS_FREE(u->file, u->shown, u->directory);
    for (int i = 0; i < u->nargs; i++)
        free(u->args[i]);
    free(u->args);
    memset(u, 0, sizeof *u);
}

void fs_units_free(fs_units *us)
{
    while (us->n > 0)
        fs_unit_free(&us->v[--us->n]);
    free(us->v);
    us->v = NULL;
    us->cap = 0;
}
