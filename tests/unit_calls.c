/*
 * unit_calls.c - the C library tables by name (calls.c): every name found
 * with its entry, near misses not found, and the same answers from many
 * threads at once (the tables' index is built on first use).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <string.h>

#include "ir/calls.h"

static const struct {
    const char *name;
    fs_op_kind kind;
    int path_arg;
} known[] = {
    { "access", FS_OP_PROBE, 0 },  { "faccessat2", FS_OP_PROBE, 1 }, { "stat", FS_OP_PROBE, 0 },
    { "lstat64", FS_OP_PROBE, 0 }, { "statx", FS_OP_PROBE, 1 },      { "open", FS_OP_OPEN, 0 },
    { "openat64", FS_OP_OPEN, 1 }, { "opendir", FS_OP_OPEN, 0 },     { "mkdir", FS_OP_CREATE, 0 },
    { "linkat", FS_OP_CREATE, 3 }, { "unlink", FS_OP_REMOVE, 0 },    { "unlinkat", FS_OP_REMOVE, 1 },
    { "rename", FS_OP_MODIFY, 0 }, { "umount2", FS_OP_MODIFY, 0 },   { "removexattr", FS_OP_MODIFY, 0 },
};

static const char *const unknown[] = { "",       "acces",   "accesss", "stat_",   "Stat",   "statistics",
                                       "status", "openat6", "fstat",   "curlx_stat", "mkdirs", "x" };

static void test_path_calls(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        const fs_call_spec *sp = fs_call_lookup(known[i].name);
        assert_non_null(sp);
        assert_string_equal(sp->name, known[i].name);
        assert_int_equal(sp->kind, known[i].kind);
        assert_int_equal(sp->path_arg, known[i].path_arg);
    }
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        assert_null(fs_call_lookup(unknown[i]));
    assert_null(fs_call_lookup(NULL));
}

static void test_libc_writes(void **state)
{
    (void)state;
    unsigned mask = 99;
    assert_true(fs_libc_writes("strlen", &mask));
    assert_int_equal(mask, 0);
    assert_true(fs_libc_writes("snprintf", &mask));
    assert_int_equal(mask, 1);
    assert_true(fs_libc_writes("memcpy", &mask));
    assert_int_equal(mask, 1);
    mask = 99;
    assert_false(fs_libc_writes("strlen_", &mask));
    assert_false(fs_libc_writes("access", &mask)); /* a path call, in the other table */
    assert_false(fs_libc_writes(NULL, &mask));
    assert_int_equal(mask, 99);
}

static void *lookups(void *arg)
{
    long bad = 0;
    for (int round = 0; round < 200; round++)
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
            const fs_call_spec *sp = fs_call_lookup(known[i].name);
            bad += !sp || strcmp(sp->name, known[i].name) != 0;
        }
    *(long *)arg = bad;
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    pthread_t t[8];
    long bad[8];
    for (int i = 0; i < 8; i++)
        assert_int_equal(pthread_create(&t[i], NULL, lookups, &bad[i]), 0);
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], NULL);
        assert_int_equal(bad[i], 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads), /* first: the index is built under them */
        cmocka_unit_test(test_path_calls),
        cmocka_unit_test(test_libc_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
