#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The stat's answer goes into the open's own arguments or decides which open
   runs: the open cannot come first, so open-then-fstat cannot be written. */

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

/* a folder is listed, anything else is read: the type chooses the call */
int list_or_read(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
        return -1;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(p);
        if (!d)
            return -1;
        closedir(d);
        return 1;
    }
    FILE *f = fopen(p, "r");
    if (!f)
        return -1;
    fclose(f);
    return 0;
}
