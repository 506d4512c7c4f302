#include "../glib/glib_min.h"

/* The path a pointer points to (an out parameter): the same while nothing
   writes through the pointer. */
gboolean usable_dir(gchar **working_dir)
{
    if (*working_dir == NULL || !g_file_test(*working_dir, G_FILE_TEST_EXISTS) ||
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: existence check is redundant: g_file_test() of '*working_dir' {{.*}} [FS101]
        !g_file_test(*working_dir, G_FILE_TEST_IS_DIR))
        return FALSE;
    return TRUE;
}

/* Look-alike: the pointer is pointed elsewhere in between. */
gboolean fallback_dir(gchar **working_dir, gchar *other)
{
    if (!g_file_test(*working_dir, G_FILE_TEST_EXISTS))
        *working_dir = other;
    return g_file_test(*working_dir, G_FILE_TEST_IS_DIR);
}
