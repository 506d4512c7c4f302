#include <stdio.h>
#include <unistd.h>

/* do { ... } while (0) is a statement wrapper, not a loop. */
#define REQUIRE_READABLE(p)                              \
    do {                                                 \
        if (access((p), R_OK) != 0) {                    \
            fprintf(stderr, "%s: not readable\n", (p));  \
            return -1;                                   \
        }                                                \
    } while (0)

int check_inputs(const char *schema, const char *data)
{
    REQUIRE_READABLE(schema);
    REQUIRE_READABLE(data);
    return 0;
}
