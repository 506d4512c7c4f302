#include <stdio.h>
#include <sys/stat.h>

/* The second stat() succeeds for sure, but its test guards a block: taking
   the test away would leave the block to move one level out by hand (or a
   constant test behind), so the finding carries no fix. */
void describe(const char *path)
{
    struct stat st, st2;

    if (stat(path, &st) != 0)
        return;
    printf("kind: %s\n", S_ISDIR(st.st_mode) ? "directory" : "file");
    if (stat(path, &st2) == 0) {
        printf("size: %lld\n", (long long)st2.st_size);
        printf("links: %ld\n", (long)st2.st_nlink);
    }
    // CHECK-MESSAGES: :[[@LINE-4]]:9: warning: repeated probe: {{.*}} [FS102]
}
