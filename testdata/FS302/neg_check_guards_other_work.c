#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int run_tool(const char *name, const char *arg);

/* Only when objects are borrowed from elsewhere is the (slow) repack run;
   dropping the check would repack every time. */
void stop_borrowing(const char *borrow_list)
{
    if (access(borrow_list, F_OK) == 0) {
        if (run_tool("repack-objects", "--all") != 0) {
            fprintf(stderr, "repack failed\n");
            exit(1);
        }
        if (unlink(borrow_list) != 0 && errno != ENOENT)
            perror(borrow_list);
    }
}
