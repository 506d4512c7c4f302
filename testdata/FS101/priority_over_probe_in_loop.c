#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

int process(const char *dir, const char *item);

/* The access() is claimed by FS101 before FS401; the stat() is only in a
   loop. */
int process_all(const char *dir, const char *const *items, size_t n)
{
    struct stat st;
    int done = 0;

    for (size_t i = 0; i < n; i++) {
        if (access(dir, F_OK) == 0 && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: existence check is redundant: {{.*}} [FS101]
        // CHECK-MESSAGES: :[[@LINE-2]]:39: warning: probe inside a loop: {{.*}} [FS401]
        // CHECK-FIXES: {{^}}        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)){{$}}
            done += process(dir, items[i]) == 0;
    }
    return done;
}
