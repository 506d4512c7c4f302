#include <fcntl.h>
#include <sys/stat.h>

/* Refuse devices and FIFOs, then open. */
int open_regular(const char *path)
{
    struct stat st;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    return open(path, O_RDONLY | O_CLOEXEC);
}

// CHECK-FIXES: {{^}}#include <unistd.h>{{$}}

// CHECK-FIXES: {{^}}    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (fd < 0){{$}}
// CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        close(fd);{{$}}
// CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    return fd;{{$}}
