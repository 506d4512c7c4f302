#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* W_OK asks what the kernel allows this process; the mode bits of stat()
   do not answer that (ACLs, read-only mounts, capabilities). */
bool can_append(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    return access(path, W_OK) == 0;
}
