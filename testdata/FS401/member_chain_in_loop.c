#include <stddef.h>
#include <sys/stat.h>

struct context {
    const char *root;
    int strict;
};

int index_page(const char *root, const char *page);

int index_all(const struct context *ctx, const char *const *pages, size_t n)
{
    struct stat st;
    int done = 0;

    for (size_t i = 0; i < n; i++) {
        if (stat(ctx->root, &st) == 0 && S_ISDIR(st.st_mode))
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: {{.*}} [FS401]
            done += index_page(ctx->root, pages[i]) == 0;
    }
    return done;
}
