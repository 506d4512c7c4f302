#include <fcntl.h>
#include <sys/stat.h>

#define LOG_LIMIT (10L * 1024 * 1024)

/* A creating open on the stat's success outcome trusts what the stat saw
 * (CWE-367): FS202 with the truncating open, no fix.  The open on the
 * other way, where the stat failed or the file is small, is no partner. */
int open_log(const char *path)
{
    struct stat st;

    if (stat(path, &st) == 0 && st.st_size > LOG_LIMIT)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): 'path' can change between stat() and open() on line 16, which may create or truncate what is there then{{.*}} [FS202]
    // CHECK-NOTES: :[[@LINE+1]]:16: note: {{.*}}
        return open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    return open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
}
