#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

struct entry_info {
    long size;
    time_t mtime;
};

int entry_info_get(int dirfd, const char *name, struct entry_info *out)
{
    struct stat st;

    if (fstatat(dirfd, name, &st, 0) != 0)
        return -1;
    out->size = (long)st.st_size;
    if (fstatat(dirfd, name, &st, 0) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return -1;
    out->mtime = st.st_mtime;
    return 0;
}
// CHECK-FIXES: {{^}}    if (fstatat(dirfd, name, &st, 0) != 0){{$}}
// CHECK-FIXES-NOT: fstatat(
