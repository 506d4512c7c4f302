#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

/* The type chooses between opendir() and fopen(): still a race, and the
   open can come first (open O_RDONLY, fstat(), then fdopendir() or
   fdopen()). */
int list_or_read(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
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
