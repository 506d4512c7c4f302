/* path.c - file names as text (path.h). */
#include "base/path.h"
#include "base/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *fs_path_absolute(const char *path, const char *base)
{
    fs_buf b = { 0 };
    if (path[0] != '/') {
        char cwd[PATH_MAX];
        if (!base)
            base = getcwd(cwd, sizeof cwd) ? cwd : "/";
        fs_buf_puts(&b, base);
        fs_buf_puts(&b, "/");
    }
    fs_buf_puts(&b, path);
    /* normalise: drop ".", empty parts, resolve ".." lexically */
    char **parts = NULL;
    int n = 0, cap = 0;
    char *save = NULL;
    for (char *tok = strtok_r(b.s, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        if (strcmp(tok, ".") == 0)
            continue;
        if (strcmp(tok, "..") == 0) {
            if (n > 0)
                n--;
            continue;
        }
        FS_PUSH(parts, n, cap, tok);
    }
    fs_buf out = { 0 };
    for (int i = 0; i < n; i++) {
        fs_buf_puts(&out, "/");
        fs_buf_puts(&out, parts[i]);
    }
    if (!out.s)
        fs_buf_puts(&out, "/");
    free(parts);
    fs_buf_free(&b);
    return out.s;
}

char *fs_path_tidy(const char *path)
{
    int abs = path[0] == '/';
    char *copy = fs_xstrdup(path), *save = NULL;
    char **parts = NULL;
    int n = 0, cap = 0;
    for (char *tok = strtok_r(copy, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        if (strcmp(tok, ".") == 0)
            continue;
        if (strcmp(tok, "..") == 0 && n > 0 && strcmp(parts[n - 1], "..") != 0) {
            n--;
            continue;
        }
        if (strcmp(tok, "..") == 0 && abs)
            continue;
        FS_PUSH(parts, n, cap, tok);
    }
    fs_buf b = { 0 };
    if (abs)
        fs_buf_puts(&b, "/");
    for (int i = 0; i < n; i++) {
        if (i)
            fs_buf_puts(&b, "/");
        fs_buf_puts(&b, parts[i]);
    }
    if (!b.s)
        fs_buf_puts(&b, abs ? "/" : ".");
    free(parts);
    free(copy);
    return b.s;
}

char *fs_path_shown(const char *abs)
{
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return fs_xstrdup(abs);
    size_t n = strlen(cwd);
    if (strncmp(abs, cwd, n) == 0 && abs[n] == '/')
        return fs_xstrdup(abs + n + 1);
    if (strcmp(cwd, "/") == 0 && abs[0] == '/')
        return fs_xstrdup(abs + 1);
    return fs_xstrdup(abs);
}

