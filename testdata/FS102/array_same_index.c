#include <stdio.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    struct stat st;

    if (argc < 2)
        return 2;
    if (stat(argv[1], &st) != 0 || !S_ISREG(st.st_mode))
        return 1;
    if (stat(argv[1], &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
    // CHECK-FIXES: {{^}}    if (stat(argv[1], &st) != 0 || !S_ISREG(st.st_mode)){{$}}
    // CHECK-FIXES: {{^}}    if (0 == 0){{$}}
        printf("%lld\n", (long long)st.st_size);
    return 0;
}
