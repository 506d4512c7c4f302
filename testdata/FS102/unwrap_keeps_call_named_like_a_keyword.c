#include <stdio.h>
#include <sys/stat.h>

int format_size(long size);

/* The later stat() succeeds for sure; its body is a call whose name begins
   like a keyword (`for`), a plain statement: the if goes, the call stays. */
void show(const char *p)
{
    struct stat st;

    if (stat(p, &st) != 0)
        return;
    printf("%o\n", (unsigned)st.st_mode);
    if (stat(p, &st) == 0)
        format_size((long)st.st_size);
    // CHECK-MESSAGES: :[[@LINE-2]]:9: warning: repeated probe: {{.*}} [FS102]
}
// CHECK-FIXES: {{^}}    printf("%o\n", (unsigned)st.st_mode);{{$}}
// CHECK-FIXES-NEXT: {{^}}    format_size((long)st.st_size);{{$}}

/* A body that is itself an if: it would move with its own else, so no fix. */
void show_if(const char *p, int verbose)
{
    struct stat st;

    if (stat(p, &st) != 0)
        return;
    printf("%o\n", (unsigned)st.st_mode);
    if (stat(p, &st) == 0)
        if (verbose)
            printf("%ld\n", (long)st.st_size);
    // CHECK-MESSAGES: :[[@LINE-3]]:9: warning: repeated probe: {{.*}} [FS102]
}
// CHECK-FIXES: {{^}}    if (stat(p, &st) == 0){{$}}
// CHECK-FIXES-NEXT: {{^}}        if (verbose){{$}}
