// RUN-NOBUILD: config.h is made by the build, and says which arms are compiled
#include "config.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* Without config.h, nothing says whether HAVE_EUIDACCESS is defined: each
 * arm is analysed, and the two are never paired with each other. */
int dir_usable(const char *dir)
{
    struct stat st;

#ifdef HAVE_EUIDACCESS
    if (euidaccess(dir, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}}; no fix: a preprocessor conditional lies between the calls{{.*}} [FS101]
        return 0;
#else
    if (access(dir, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: stat() of 'dir' {{.*}} [FS101]
        return 0;
#endif
    if (stat(dir, &st) != 0)
        return 0;
    return S_ISDIR(st.st_mode);
}

#if defined(ENABLE_SPOOL) && ENABLE_SPOOL > 1
/* a whole function under such a condition */
int spool_open(const char *path)
{
    if (access(path, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    return open(path, O_RDONLY);
    // CHECK-FIXES: {{^}}int spool_open(const char *path){{$}}
    // CHECK-FIXES-NEXT: {{^}}{{[{]}}{{$}}
    // CHECK-FIXES-NEXT: {{^}}    return open(path, O_RDONLY);{{$}}
}
#endif

/* an arm the platform decides stays decided: never analysed */
#ifdef _WIN32
int spool_open_w32(const char *path)
{
    if (access(path, R_OK) != 0)
        return -1;
    return open(path, O_RDONLY);
}
#endif
