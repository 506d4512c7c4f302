#include "../glib/glib_min.h"

/* g_file_get_contents() and g_key_file_load_from_file() open the file for
   reading: they fail when it is missing, as the check said. */
gchar *read_whole(const gchar *path)
{
    gchar *text = NULL;

    if (!g_file_test(path, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return NULL;
    if (!g_file_get_contents(path, &text, NULL, NULL))
        return NULL;
    return text;
}

gboolean load_keys(GKeyFile *kf, const gchar *configfile)
{
    if (g_file_test(configfile, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return g_key_file_load_from_file(kf, configfile, G_KEY_FILE_NONE, NULL);
    return FALSE;
}

/* Writing the file is no open for reading: no FS201.  The check decides
   whether to create it, which is FS301's business. */
gboolean save_once(const gchar *path, const gchar *text)
{
    if (g_file_test(path, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check before create: {{.*}} create it exclusively {{.*}} [FS301]
        return TRUE;
    return g_file_set_contents(path, text, -1, NULL);
}
