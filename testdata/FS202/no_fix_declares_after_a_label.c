#include <fcntl.h>
#include <sys/stat.h>

/* The rewrite would declare its descriptor where the stat's statement
 * begins, right after `case 1:`: C takes no declaration there (clang
 * rejects it, gcc -pedantic warns), so there is no fix. */
int open_for(int opt, const char *path)
{
    struct stat st;

    switch (opt) {
    case 1:
        if (stat(path, &st) != 0)
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
            return -1;
        return open(path, O_RDONLY);
    default:
        return -1;
    }
}
