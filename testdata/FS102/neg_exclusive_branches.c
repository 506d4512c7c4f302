#include <stdio.h>
#include <sys/stat.h>

void show(const char *path, int long_format)
{
    struct stat st;

    if (long_format) {
        if (stat(path, &st) == 0)
            printf("%o %lld\n", (unsigned)st.st_mode & 0777, (long long)st.st_size);
    } else {
        if (stat(path, &st) == 0)
            printf("%lld\n", (long long)st.st_size);
    }
}
