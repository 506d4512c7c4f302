#include <stdio.h>
#include <unistd.h>

struct options {
    const char *input;
    int verbose;
};

/* Read standard input from opts->input when one is given. */
int redirect_stdin(const struct options *opts)
{
    if (opts->input == NULL)
        return 0;
    if (access(opts->input, R_OK) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
        return -1;
    return freopen(opts->input, "r", stdin) != NULL ? 0 : -1;
}
