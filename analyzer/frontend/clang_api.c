/* clang_api.c - libclang, loaded when first needed (clang_api.h). */
#define FS_CLANG_API_TABLE
#include "frontend/clang_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fs_clang_api fs_clang;

static pthread_once_t fs_clang_once = PTHREAD_ONCE_INIT;
static const char *fs_clang_why; /* NULL: loaded */
static char fs_clang_msg[1024];
static int fs_clang_started; /* fs_clang_preload started a thread (main thread only) */

static void fs_clang_do_load(void)
{
    /* the library's own name beside the file the build found, then the
     * same name where the dynamic linker looks, then that file itself */
    const char *names[] = { FSCHECK_LIBCLANG_DIR "/" FSCHECK_LIBCLANG_SONAME, FSCHECK_LIBCLANG_SONAME,
                            FSCHECK_LIBCLANG_FILE };
    size_t nnames = sizeof names / sizeof names[0];
    const char *own = getenv("FSCHECK_LIBCLANG"); /* that one, and only that one */
    if (own && *own) {
        names[0] = own;
        nnames = 1;
    }
    void *h = NULL;
    const char *err = NULL, *loaded = names[0];
    for (size_t i = 0; i < nnames && !h; i++) {
        h = dlopen(names[i], RTLD_LAZY | RTLD_LOCAL);
        loaded = names[i];
        if (!h && !err && (err = dlerror()) != NULL)
            snprintf(fs_clang_msg, sizeof fs_clang_msg, "cannot load libclang: %s", err);
    }
    if (!h) {
        if (!err)
            snprintf(fs_clang_msg, sizeof fs_clang_msg, "cannot load libclang (%s)", names[0]);
        fs_clang_why = fs_clang_msg;
        return;
    }
    static const struct {
        const char *name;
        size_t at;
    } syms[] = {
#define FS_CLANG_ENTRY(f) { #f, offsetof(fs_clang_api, f) },
        FS_CLANG_FUNCS(FS_CLANG_ENTRY)
#undef FS_CLANG_ENTRY
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        void *f = dlsym(h, syms[i].name);
        if (!f) {
            snprintf(fs_clang_msg, sizeof fs_clang_msg, "the libclang loaded (%s) has no %s", loaded, syms[i].name);
            fs_clang_why = fs_clang_msg;
            return;
        }
        memcpy((char *)&fs_clang + syms[i].at, &f, sizeof f);
    }
}

int fs_clang_load(const char **why)
{
    pthread_once(&fs_clang_once, fs_clang_do_load);
    if (fs_clang_why && why)
        *why = fs_clang_why;
    return fs_clang_why ? -1 : 0;
}

static void *fs_clang_preload_run(void *arg)
{
    (void)arg;
    pthread_once(&fs_clang_once, fs_clang_do_load);
    return NULL;
}

void fs_clang_preload(void)
{
    if (fs_clang_started)
        return;
    pthread_t t;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    fs_clang_started = pthread_create(&t, &attr, fs_clang_preload_run, NULL) == 0;
    pthread_attr_destroy(&attr);
}
