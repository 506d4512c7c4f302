#include <sys/stat.h>

/* A Linux build compiles the first check (the arm only Windows leaves out)
   and the second: the second stat() asks again what the first answered.
   Both engines see it (the target decides the arm).  No fix: a Windows
   build compiles the second stat() alone, and needs it. */
long regular_size(const char *p)
{
    struct stat st;
#ifndef _WIN32
    if (stat(p, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
#endif
    if (stat(p, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}}; no fix: a preprocessor conditional lies between the calls{{.*}} [FS102]
        return -1;
    return (long)st.st_size;
}
