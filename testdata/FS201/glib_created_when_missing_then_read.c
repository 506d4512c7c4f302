#include "../glib/glib_min.h"

/* When the file is missing it is written first; when it exists, the check's
   success leads straight to the load. */
gboolean load_user_keys(GKeyFile *config, const gchar *configfile)
{
    if (!g_file_test(configfile, G_FILE_TEST_EXISTS))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        g_file_set_contents(configfile, "[Bindings]\n", -1, NULL);
    return g_key_file_load_from_file(config, configfile, G_KEY_FILE_NONE, NULL);
}
