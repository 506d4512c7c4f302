#include <stddef.h>
#include <sys/stat.h>

struct site {
    const char *root;
    const char *const *pages;
    size_t npages;
};

int render(const char *root, const char *page);

/* ROOT changes with each site, but not with each page. */
int render_all(const struct site *sites, size_t nsites)
{
    struct stat st;
    int rendered = 0;

    for (size_t s = 0; s < nsites; s++) {
        const char *root = sites[s].root;

        for (size_t p = 0; p < sites[s].npages; p++) {
            if (stat(root, &st) == 0 && S_ISDIR(st.st_mode))
            // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: probe inside a loop: {{.*}} [FS401]
                rendered += render(root, sites[s].pages[p]) == 0;
        }
    }
    return rendered;
}
