/* The GLib declarations the GLib cases use, as glib.h and glib/gstdio.h
 * declare them (so that the cases compile without GLib installed). */
#ifndef GLIB_MIN_H
#define GLIB_MIN_H

#include <stddef.h>

typedef int gboolean;
typedef char gchar;
typedef unsigned long gsize;
typedef struct _GError GError;
typedef struct _GDir GDir;
typedef struct _GKeyFile GKeyFile;
#define TRUE 1
#define FALSE 0

typedef enum {
    G_FILE_TEST_IS_REGULAR = 1 << 0,
    G_FILE_TEST_IS_SYMLINK = 1 << 1,
    G_FILE_TEST_IS_DIR = 1 << 2,
    G_FILE_TEST_IS_EXECUTABLE = 1 << 3,
    G_FILE_TEST_EXISTS = 1 << 4
} GFileTest;

typedef enum { G_KEY_FILE_NONE = 0 } GKeyFileFlags;

gboolean g_file_test(const gchar *filename, GFileTest test);
gboolean g_file_get_contents(const gchar *filename, gchar **contents, gsize *length, GError **error);
gboolean g_file_set_contents(const gchar *filename, const gchar *contents, long length, GError **error);
int g_mkdir_with_parents(const gchar *pathname, int mode);
GDir *g_dir_open(const gchar *path, unsigned flags, GError **error);
gboolean g_key_file_load_from_file(GKeyFile *key_file, const gchar *file, GKeyFileFlags flags, GError **error);
int g_mkdir(const gchar *filename, int mode);
int g_unlink(const gchar *filename);
int g_remove(const gchar *filename);
void g_free(void *mem);

#endif
