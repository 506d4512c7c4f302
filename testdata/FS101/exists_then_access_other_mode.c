#include <errno.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* An access() of another mode fails with ENOENT too. */
bool runnable(const char *path)
{
    return access(path, F_OK) == 0 && access(path, X_OK) == 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: access() of 'path' on line 9 fails with ENOENT too; drop access() and tell a missing path by that call's errno [FS101]
}

/* `== -1 && errno == ENOENT` is the existence check's "missing" outcome. */
int writable_state(const char *path)
{
    if (access(path, F_OK) == -1 && errno == ENOENT)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return 0;
    return access(path, W_OK) == 0 ? 2 : 1;
}

/* The stat() on the "missing" outcome: one stat() answers both. */
bool missing_and_not_dir(const char *path)
{
    struct stat st;

    return access(path, F_OK) != 0 && stat(path, &st) != 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}} [FS101]
}

/* Look-alikes: a mode that is not a constant; another path; a permission
   check first (not an existence check). */
bool asked(const char *path, int mode)
{
    return access(path, F_OK) == 0 && access(path, mode) == 0;
}

bool two_paths(const char *a, const char *b)
{
    return access(a, F_OK) == 0 && access(b, R_OK) == 0;
}

bool readable_then_writable(const char *path)
{
    return access(path, R_OK) == 0 && access(path, W_OK) == 0;
}
