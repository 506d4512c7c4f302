#include <sys/stat.h>

/* Index of the first directory among FILES[0..N-1] after START, or -1. */
int next_directory(char *const *files, int n, int start)
{
    struct stat st;
    int i = start;

    if (i < n && stat(files[i], &st) == 0 && S_ISDIR(st.st_mode))
        return i;
    i++;
    if (i < n && stat(files[i], &st) == 0 && S_ISDIR(st.st_mode))
        return i;
    return -1;
}
