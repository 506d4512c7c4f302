#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

static bool file_exists(const char *path)
{
    return access(path, F_OK) == 0;
}

void print_items(const char *const *items, int n, const char *marker_file)
{
    for (int i = 0; i < n; i++) {
        const char *mark = file_exists(marker_file) ? "*" : " ";
        // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: probe inside a loop: {{.*}} [FS401]
        printf("%s %s\n", mark, items[i]);
    }
}
