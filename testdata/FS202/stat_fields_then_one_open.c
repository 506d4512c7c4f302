#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* The stat's fields decide whether the file is opened at all, and its mode
   is only printed: open first, then fstat() the descriptor. */
int open_if_nonempty(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    if (st.st_size == 0 || !S_ISREG(st.st_mode))
        return 0;
    printf("mode %o\n", (unsigned)(st.st_mode & 0777));
    return open(p, O_RDONLY);
}
