#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static bool path_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* Opens for reading whatever the caller's flags add (`flags | O_CLOEXEC`):
   an open of the kind the call site's constant says. */
static int open_flags(const char *path, int flags)
{
    if (path == NULL)
        return -1;
    return open(path, flags | O_CLOEXEC);
}

/* A wrapper that does two things: a stat(), then it reads the file (when it
   is not a folder).  For what comes before the call it is a stat(). */
static int read_whole(const char *path, char **out)
{
    struct stat st;
    int fd;

    if (stat(path, &st) < 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    if (S_ISDIR(st.st_mode))
        return -2;
    if ((fd = open_flags(path, O_RDONLY)) < 0)
        return -1;
    *out = malloc((size_t)st.st_size + 1);
    close(fd);
    return 0;
}

int load_alternates(const char *alternates_path, char **buf)
{
    if (!path_exists(alternates_path))
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: existence check is redundant: read_whole() of 'alternates_path' {{.*}} [FS101]
        return 0;
    return read_whole(alternates_path, buf);
}

/* Not FS102: a stat() whose answer is used, then the wrapper, which stats
   again but also reads (its answer is not the earlier one).  For what comes
   before it the wrapper's read counts too: stat, then open. */
int read_if_small(const char *path, char **buf)
{
    struct stat st;

    if (stat(path, &st) < 0 || st.st_size > 4096)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): 'path' can change between stat() and read_whole() {{.*}} [FS202]
        return -1;
    return read_whole(path, buf);
}
