#include <fcntl.h>
#include <sys/stat.h>

#define LOG_LIMIT (10L * 1024 * 1024)

/* A creating open is not the open FS202 is about. */
int open_log(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0 && st.st_size > LOG_LIMIT)
        return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
}
