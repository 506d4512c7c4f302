#include <fcntl.h>
#include <sys/stat.h>

#define MACHINE_ID "/etc/machine-id"

int open_machine_id(void)
{
    struct stat st;

    // CHECK-MESSAGES: :[[@LINE+1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    if (stat(MACHINE_ID, &st) != 0)
        return -1;
    return open(MACHINE_ID, O_RDONLY);
}

// CHECK-FIXES: {{^}}#include <unistd.h>{{$}}

// CHECK-FIXES: {{^}}    int fd = open(MACHINE_ID, O_RDONLY);{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (fd < 0){{$}}
// CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    if (fstat(fd, &st) != 0) {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}        close(fd);{{$}}
// CHECK-FIXES-NEXT: {{^}}        return -1;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}    return fd;{{$}}
