/* An existence check before a probe that is false for a missing path
   anyway (GLib's g_file_test() with G_FILE_TEST_IS_DIR, a project's
   is-directory helper): the check goes, the predicate stays. */
#include <stddef.h>
#include <sys/stat.h>

typedef int gboolean;
typedef char gchar;
typedef enum {
    G_FILE_TEST_IS_REGULAR = 1 << 0,
    G_FILE_TEST_IS_SYMLINK = 1 << 1,
    G_FILE_TEST_IS_DIR = 1 << 2,
    G_FILE_TEST_IS_EXECUTABLE = 1 << 3,
    G_FILE_TEST_EXISTS = 1 << 4
} GFileTest;
gboolean g_file_test(const gchar *filename, GFileTest test);
void use_folder(const char *dir);

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

gboolean is_directory_accessible(const gchar *dirpath)
{
    return dirpath != NULL && g_file_test(dirpath, G_FILE_TEST_EXISTS) &&
           g_file_test(dirpath, G_FILE_TEST_IS_DIR);
    // CHECK-MESSAGES: :[[@LINE-2]]:31: warning: existence check is redundant: {{.*}} [FS101]
}

/* `!exists || !is_dir`: true for a missing path either way. */
int bad_working_dir(const char *dir)
{
    // CHECK-MESSAGES: :[[@LINE+1]]:26: warning: existence check is redundant: {{.*}} [FS101]
    if (dir[0] == 0 || ! g_file_test(dir, G_FILE_TEST_EXISTS) ||
        ! g_file_test(dir, G_FILE_TEST_IS_DIR))
        return 1;
    return 0;
}

void open_folder(const char *dir)
{
    if (g_file_test(dir, G_FILE_TEST_EXISTS) && is_dir(dir))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        use_folder(dir);
}

/* `exists && !is_dir` is no such case: dropping the check would make a
   missing path true.  (One stat() and !S_ISDIR, see exists_and_not_dir_wrappers.c.) */
int is_plain(const char *p)
{
    return g_file_test(p, G_FILE_TEST_EXISTS) && !g_file_test(p, G_FILE_TEST_IS_DIR);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

// CHECK-FIXES: {{^}}    return dirpath != NULL && g_file_test(dirpath, G_FILE_TEST_IS_DIR);{{$}}
// CHECK-FIXES: {{^}}    if (dir[0] == 0 || ! g_file_test(dir, G_FILE_TEST_IS_DIR)){{$}}
// CHECK-FIXES: {{^}}    if (is_dir(dir)){{$}}
// CHECK-FIXES: {{^}}    return g_file_test(p, G_FILE_TEST_EXISTS) && !g_file_test(p, G_FILE_TEST_IS_DIR);{{$}}
