// RUN-FIXES: skip
// (the fixed copy cannot reach ../glib; exists_then_predicate_dropped.c shows these fixes)
#include "../glib/glib_min.h"

/* GLib's g_file_test(): G_FILE_TEST_EXISTS is an existence check (access
   F_OK), G_FILE_TEST_IS_DIR a stat() that looks at the type. */
gboolean is_directory_accessible(const gchar *dirpath)
{
    return g_file_test(dirpath, G_FILE_TEST_EXISTS) && g_file_test(dirpath, G_FILE_TEST_IS_DIR);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

/* Exists, then is a regular file, on the missing outcome too. */
gboolean is_file_writable(const gchar *p)
{
    if (!g_file_test(p, G_FILE_TEST_EXISTS) && !g_file_test(p, G_FILE_TEST_IS_REGULAR))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check is redundant: {{.*}} [FS101]
        return TRUE;
    return FALSE;
}

/* A combination that includes EXISTS is an existence check too. */
gboolean exists_then_dir(const gchar *p)
{
    return g_file_test(p, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_REGULAR) && g_file_test(p, G_FILE_TEST_IS_DIR);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

/* Look-alikes. A symbolic link test (lstat) and a directory test (stat)
   ask about different files. */
gboolean link_to_dir(const gchar *p)
{
    return g_file_test(p, G_FILE_TEST_IS_SYMLINK) && g_file_test(p, G_FILE_TEST_IS_DIR);
}

/* Two different paths. */
gboolean both(const gchar *a, const gchar *b)
{
    return g_file_test(a, G_FILE_TEST_EXISTS) && g_file_test(b, G_FILE_TEST_IS_DIR);
}

/* A test that is not a constant asks something not known. */
gboolean asked(const gchar *p, GFileTest what)
{
    return g_file_test(p, what) && g_file_test(p, G_FILE_TEST_IS_DIR);
}
