#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

static bool path_exists(const char *p);
bool path_is_dir(const char *p);

/* The last call of a static function declared ahead: taking it away would
   leave the function (and its prototype) unused, so there is no fix, and
   the message says what to do. */
bool usable(const char *dir)
{
    return path_exists(dir) && path_is_dir(dir);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: existence check is redundant: {{.*}}; no fix: the rewrite would take away the last call of the static function path_exists(){{.*}} [FS101]
}

static bool path_exists(const char *p)
{
    return access(p, F_OK) == 0;
}

bool path_is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}
