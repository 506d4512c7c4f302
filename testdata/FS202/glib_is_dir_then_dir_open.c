#include "../glib/glib_min.h"

/* G_FILE_TEST_IS_DIR is a stat(); g_dir_open() opens the folder. */
GDir *open_folder(const gchar *path)
{
    if (!g_file_test(path, G_FILE_TEST_IS_DIR))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return NULL;
    return g_dir_open(path, 0, NULL);
}

/* A regular file test, then its contents. */
gchar *read_regular(const gchar *entry_path)
{
    gchar *text = NULL;

    if (g_file_test(entry_path, G_FILE_TEST_IS_REGULAR) && g_file_get_contents(entry_path, &text, NULL, NULL))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return text;
    return NULL;
}

/* Look-alike: the contents pointer is written by the read, not the path. */
gchar *read_other(const gchar *dir, const gchar *file)
{
    gchar *text = NULL;

    if (g_file_test(dir, G_FILE_TEST_IS_DIR))
        g_file_get_contents(file, &text, NULL, NULL);
    return text;
}
