#include "../glib/glib_min.h"

/* g_mkdir() fails with EEXIST; g_mkdir_with_parents() succeeds when the
   folder is there already: either way the check adds nothing. */
int make_runtime_dir(const gchar *real_path)
{
    if (!g_file_test(real_path, G_FILE_TEST_EXISTS)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check before create: {{.*}} g_mkdir_with_parents() succeeds when it is there already [FS301]
        if (g_mkdir_with_parents(real_path, 0700) != 0)
            return -1;
    }
    return 0;
}

void make_fuse_dir(const gchar *fuse_path)
{
    if (!g_file_test(fuse_path, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check before create: {{.*}} treat EEXIST as "already there" [FS301]
        g_mkdir(fuse_path, 0700);
}

/* Look-alike: a folder test whose "not a folder" outcome creates: the path
   may be a file, which the create would not replace; the test is no
   existence check. */
void make_unless_dir(const gchar *p)
{
    if (!g_file_test(p, G_FILE_TEST_IS_DIR))
        g_mkdir(p, 0700);
}
