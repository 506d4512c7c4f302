#include "../glib/glib_min.h"

/* g_unlink() and g_remove() fail with ENOENT when the path is missing. */
void drop_lease(const gchar *initramfs_lease)
{
    if (g_file_test(initramfs_lease, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before remove: {{.*}} [FS302]
        g_unlink(initramfs_lease);
}

/* Look-alike: a regular-file test keeps folders and devices, which the
   remove would take. */
void drop_file(const gchar *p)
{
    if (g_file_test(p, G_FILE_TEST_IS_REGULAR))
        g_remove(p);
}
