#include <sys/stat.h>

/* The second stat() fills a buffer that nothing reads: `st2 = st;` would
   leave a variable set but never used, and taking the stat() away would
   leave its declaration unused. No fix; drop the second stat() and st2 by
   hand. */
int mode_of(const char *p)
{
    struct stat st, st2;

    if (stat(p, &st) != 0)
        return -1;
    if (stat(p, &st2) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    return (int)st.st_mode;
}
