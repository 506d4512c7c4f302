// RUN-NOBUILD: unit_test.h, the test framework's header, is not there without its build
#include "unit_test.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* A test framework's macro makes the function: without its header,
 * tree-sitter reads `START_TEST(name)` as a type and a parenthesized name.
 * The body is a function all the same, named by the macro's argument. */
START_TEST(test_reads_fixture)
{
    /* the fixture writes the file first */
    struct stat st;
    int fd;

    if (stat("fixture/data", &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return;
    fd = open("fixture/data", O_RDONLY);
    ck_assert_int_ge(fd, 0);
    close(fd);
}
END_TEST
