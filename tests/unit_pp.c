/*
 * unit_pp.c - the preprocessing layer (pp.c): which arms of #if chains a
 * build compiles, decided by the target, the unit's -D / -U flags, the
 * file's own macros and a config header found along -I; what it cannot
 * decide it keeps; the project's platform macros.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/pp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What of text the build compiles: holes removed (each hole as "|"). */
static char *kept(fs_pp *p, const char *path, const char *text)
{
    long *h = NULL;
    int n = 0, cap = 0;
    fs_pp_scan(p, path, text, (long)strlen(text), &h, &n, &cap);
    size_t len = strlen(text);
    char *out = malloc(len + (size_t)n + 1);
    size_t w = 0;
    long at = 0;
    for (int i = 0; i < n; i++) {
        assert_true(h[2 * i] >= at && h[2 * i + 1] >= h[2 * i]);
        memcpy(out + w, text + at, (size_t)(h[2 * i] - at));
        w += (size_t)(h[2 * i] - at);
        out[w++] = '|';
        at = h[2 * i + 1];
    }
    memcpy(out + w, text + at, len - (size_t)at);
    w += len - (size_t)at;
    out[w] = 0;
    free(h);
    return out;
}

static void check(const char *const *args, int nargs, const char *text, const char *want)
{
    fs_pp *p = fs_pp_new();
    fs_pp_args(p, args, nargs, NULL);
    char *got = kept(p, "t.c", text);
    if (strcmp(got, want) != 0)
        fail_msg("kept:\n%s\nwanted:\n%s", got, want);
    free(got);
    fs_pp_free(p);
}

static void platform_arms_decided(void **state)
{
    (void)state;
    check(NULL, 0, "a();\n#ifdef _WIN32\nw();\n#else\nu();\n#endif\nb();\n", "a();\n|u();\n|b();\n");
    check(NULL, 0, "#if defined(__VMS) || defined(AMIGA)\nv();\n#elif defined(__linux__)\nl();\n#else\no();\n#endif\n",
          "|l();\n|");
    check(NULL, 0, "#ifndef _WIN32\nu();\n#endif\n", "|u();\n|");
    /* an undecided arm keeps its chain's directives, and the arms after it */
    check(NULL, 0, "#ifdef HAVE_X\nx();\n#elif defined(_WIN32)\nw();\n#else\ny();\n#endif\n",
          "#ifdef HAVE_X\nx();\n#elif defined(_WIN32)\n|#else\ny();\n#endif\n");
    /* a name this file defines only in a dead arm may come from elsewhere:
     * fs_pp_platform_names() decides that for the project */
    check(NULL, 0, "#if (defined(_WIN32)) && !defined(__CYGWIN__)\n# define GIT_WIN32 1\n#endif\n#ifdef GIT_WIN32\nw();\n#endif\n",
          "|#ifdef GIT_WIN32\nw();\n#endif\n");
}

static void flags_decide(void **state)
{
    (void)state;
    const char *d[] = { "-DUSE_FOO", "-DLEVEL=3", "-UHAVE_BAR" };
    check(d, 3, "#ifdef USE_FOO\nf();\n#else\ng();\n#endif\n", "|f();\n|");
    check(d, 3, "#if LEVEL > 2 && !defined(HAVE_BAR)\nf();\n#endif\n", "|f();\n|");
    check(d, 3, "#ifdef HAVE_BAR\nb();\n#endif\n", "|");
    check(d, 3, "#if defined(HAVE_BAZ)\nb();\n#endif\n", "#if defined(HAVE_BAZ)\nb();\n#endif\n");
    const char *sep[] = { "-D", "SEP", "-U", "LEVEL" };
    check(sep, 4, "#if defined SEP && !LEVEL\ns();\n#endif\n", "|s();\n|");
}

static void own_macros(void **state)
{
    (void)state;
    check(NULL, 0, "#define MODE 2\n#if MODE == 2\na();\n#else\nb();\n#endif\n#undef MODE\n#ifdef MODE\nc();\n#endif\n",
          "#define MODE 2\n|a();\n|#undef MODE\n|");
    /* a macro defined in an undecided arm is unknown after it */
    check(NULL, 0, "#ifdef HAVE_X\n#define Y 1\n#endif\n#if Y\ny();\n#endif\n",
          "#ifdef HAVE_X\n#define Y 1\n#endif\n#if Y\ny();\n#endif\n");
    /* #if 0 and nested chains inside a dead arm */
    check(NULL, 0, "#if 0\n#ifdef A\na();\n#endif\n#endif\nz();\n", "|z();\n");
    /* unknowns: function-like macros, __has_include, comparisons with unknowns */
    check(NULL, 0, "#if __has_include(<x.h>)\nx();\n#endif\n", "#if __has_include(<x.h>)\nx();\n#endif\n");
    check(NULL, 0, "#if UNKNOWN || 1\nx();\n#endif\n", "|x();\n|");
    check(NULL, 0, "#if UNKNOWN && 0\nx();\n#endif\n", "|");
    /* a '/' that begins no comment, quotes */
    check(NULL, 0, "int x = 4 / 2; const char *s = \"/*\", c = '/';\n#ifdef _WIN32\nw();\n#endif\n",
          "int x = 4 / 2; const char *s = \"/*\", c = '/';\n|");
    /* comments and continuations on directive lines */
    check(NULL, 0, "#if defined(_WIN32) /* windows\n   only */ || \\\n  defined(__APPLE__)\nw();\n#endif /* x */\nz();\n",
          "|z();\n");
}

/* Chains nested past the limit: followed for their nesting only, and the
 * arms after them decided again. */
static void deep_nesting(void **state)
{
    (void)state;
    size_t cap = 400 * 16 + 64;
    char *text = malloc(cap);
    text[0] = 0;
    for (int i = 0; i < 300; i++)
        strcat(text, "#ifdef HAVE_X\n");
    strcat(text, "x();\n");
    for (int i = 0; i < 300; i++)
        strcat(text, "#endif\n");
    strcat(text, "#ifdef _WIN32\nw();\n#endif\nz();\n");
    fs_pp *p = fs_pp_new();
    char *got = kept(p, "t.c", text);
    size_t n = strlen(got);
    assert_true(n > 6 && strcmp(got + n - 6, "|z();\n") == 0);
    assert_non_null(strstr(got, "x();\n"));
    free(got);
    free(text);
    fs_pp_free(p);
}

static void config_header(void **state)
{
    (void)state;
    char dir[] = "/tmp/fscheck-unit-pp-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char inc[256], hdr[300];
    snprintf(inc, sizeof inc, "%s/build", dir);
    assert_int_equal(mkdir(inc, 0755), 0);
    snprintf(hdr, sizeof hdr, "%s/config.h", inc);
    FILE *f = fopen(hdr, "w");
    assert_non_null(f);
    fputs("#define HAVE_STATX 1\n/* #undef HAVE_LSTAT64 */\n", f);
    fclose(f);
    char flag[300];
    snprintf(flag, sizeof flag, "-I%s", inc);
    const char *args[] = { flag };
    fs_pp *p = fs_pp_new();
    fs_pp_args(p, args, 1, NULL);
    fs_pp_follow(p, 1);
    char *got = kept(p, "src/t.c",
                     "#include \"config.h\"\n#ifdef HAVE_STATX\nx();\n#else\ns();\n#endif\n#if HAVE_LSTAT64\nl();\n#endif\n");
    assert_string_equal(got, "#include \"config.h\"\n|x();\n|");
    free(got);
    fs_pp_free(p);
    /* not followed: undecided */
    p = fs_pp_new();
    fs_pp_args(p, args, 1, NULL);
    got = kept(p, "src/t.c", "#include \"config.h\"\n#ifdef HAVE_STATX\nx();\n#endif\n");
    assert_string_equal(got, "#include \"config.h\"\n#ifdef HAVE_STATX\nx();\n#endif\n");
    free(got);
    fs_pp_free(p);
    unlink(hdr);
    rmdir(inc);
    rmdir(dir);
}

static void platform_names(void **state)
{
    (void)state;
    const char *texts[] = {
        "#if (defined(_WIN32)) && !defined(__CYGWIN__)\n# define GIT_WIN32 1\n#endif\n",
        "#ifdef GIT_WIN32\n# define P_WIN 1\n#endif\n#ifdef HAVE_X\n#define MAYBE 1\n#endif\n#define ALWAYS 1\n",
        "#ifdef _WIN32\n#define BOTH 1\n#endif\n",
        "#define BOTH 2\n",
    };
    long lens[4];
    for (int i = 0; i < 4; i++)
        lens[i] = (long)strlen(texts[i]);
    char **names = NULL;
    int n = 0;
    fs_pp_platform_names(texts, lens, 4, &names, &n);
    assert_int_equal(n, 2);
    assert_string_equal(names[0], "GIT_WIN32");
    assert_string_equal(names[1], "P_WIN");
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(platform_arms_decided), cmocka_unit_test(flags_decide), cmocka_unit_test(own_macros),
        cmocka_unit_test(config_header), cmocka_unit_test(deep_nesting), cmocka_unit_test(platform_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
