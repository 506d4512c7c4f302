#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens src for reading, creates dst with a mode from the mode argument. */
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

/* The stat()'s mode goes into copy_file()'s mode argument, which is the new
   copy's: the open of src takes nothing from the stat() and can come first. */
int copy_with_mode(const char *src, const char *dst)
{
    struct stat st;

    if (stat(src, &st))
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        st.st_mode = 0644;
    return copy_file(dst, src, st.st_mode);
}
