#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The stat's answer goes into the open's own arguments: the open cannot come
   first, so open-then-fstat cannot be written. */

/* the mode argument copies the file's permission bits */
int reopen_with_same_mode(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
        return -1;
    return open(p, O_RDWR, st.st_mode & 0777);
}

/* the flags come from the file's type */
int open_as_found(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
        return -1;
    int extra = S_ISDIR(st.st_mode) ? O_DIRECTORY : 0;
    return open(p, O_RDONLY | extra);
}
