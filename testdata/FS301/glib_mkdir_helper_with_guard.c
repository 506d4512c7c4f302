#include <errno.h>
#include <string.h>

#include "../glib/glib_min.h"

/* A helper that skips a NULL or empty path, then makes the folder with or
   without its parents: a create on every path that matters. */
int make_dir(const gchar *path, gboolean parents)
{
    if (path == NULL || strlen(path) == 0)
        return EFAULT;
    if ((parents ? g_mkdir_with_parents(path, 0700) : g_mkdir(path, 0700)) != 0)
        return errno;
    return 0;
}

int ensure_config_dir(const gchar *dir)
{
    int err = 0;

    if (!g_file_test(dir, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check before create: {{.*}} in a way that fails with EEXIST or succeeds when it is there, and handle that [FS301]
        err = make_dir(dir, FALSE);
    return err;
}

/* Look-alike: a helper that returns early on a condition other than the
   path's being empty makes nothing on that way. */
int make_dir_unless(const gchar *path, gboolean skip)
{
    if (skip)
        return 0;
    return g_mkdir(path, 0700);
}

int ensure_unless(const gchar *dir, gboolean skip)
{
    if (!g_file_test(dir, G_FILE_TEST_EXISTS))
        return make_dir_unless(dir, skip);
    return 0;
}
