#include <sys/stat.h>
#include <unistd.h>

/* Defined elsewhere; may rewrite PATH in place. */
void canonicalize_in_place(char *path);

int canonical_is_dir(char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return 0;
    canonicalize_in_place(path);
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
