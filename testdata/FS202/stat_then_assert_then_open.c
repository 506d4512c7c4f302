#include <assert.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* glibc's assert() is a statement expression, ({ if (e) ; else
 * __assert_fail(...); }): its if is a branch, and the open after it is
 * reached when the assertion holds. */
int open_nonempty(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    assert(st.st_size > 0);
    return open(path, O_RDONLY);
}
