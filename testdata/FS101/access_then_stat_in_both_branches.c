#include <sys/stat.h>
#include <unistd.h>

/* Both branches stat PATH: one finding, paired with the first stat() in
   source order, the other one listed as a related location. */
long link_count_or_size(const char *path, int count_links)
{
    struct stat st;

    if (access(path, F_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-NOTES: :[[@LINE+4]]:13: note: {{.*}}
    // CHECK-NOTES: :[[@LINE+6]]:13: note: {{.*}}
        return -1;
    if (count_links) {
        if (stat(path, &st) == 0)
            return (long)st.st_nlink;
    } else {
        if (stat(path, &st) == 0)
            return (long)st.st_size;
    }
    return -1;
}
