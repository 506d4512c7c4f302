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
        printf("%lld\n", (long long)st.st_size);
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: repeated probe: {{.*}} [FS102]
    return 0;
}
// CHECK-FIXES: {{^}}    if (stat(argv[1], &st) != 0 || !S_ISREG(st.st_mode)){{$}}
// CHECK-FIXES-NEXT: {{^}}        return 1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    printf("%lld\n", (long long)st.st_size);{{$}}
