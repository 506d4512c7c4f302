#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* git's copy_file(): opens src for reading, creates dst with a mode that
   depends on the mode argument */
int copy_file(const char *dst, const char *src, int mode)
{
    int fdi, fdo;

    mode = (mode & 0111) ? 0777 : 0666;
    if ((fdi = open(src, O_RDONLY)) < 0)
        return fdi;
    if ((fdo = open(dst, O_WRONLY | O_CREAT | O_EXCL, mode)) < 0) {
        close(fdi);
        return fdo;
    }
    close(fdi);
    close(fdo);
    return 0;
}

/* git builtin/difftool.c:553: the mode goes to the create of dst; the open
   of src takes nothing from the stat() and could come first (FS202 expected
   at line 30; 7c451fc reports nothing, 4c9eb7a reports it) */
int copy_with_mode(const char *src, const char *dst)
{
    struct stat st;

    if (stat(src, &st))
        st.st_mode = 0644;
    return copy_file(dst, src, st.st_mode);
}

/* git setup.c:2327: the type chooses opendir-like open or copy_file(); the
   contract's FS202 has no exception for this (rules/FS202.md has one):
   FS202 expected at line 42; 7c451fc reports nothing, 4c9eb7a reports it */
int copy_or_list(const char *p, const char *dst)
{
    struct stat st;

    if (lstat(p, &st))
        return -1;
    if (S_ISDIR(st.st_mode)) {
        int fd = open(p, O_RDONLY | O_DIRECTORY);
        if (fd < 0)
            return -1;
        close(fd);
        return 1;
    } else if (S_ISREG(st.st_mode)) {
        return copy_file(dst, p, 0644);
    }
    return 0;
}
