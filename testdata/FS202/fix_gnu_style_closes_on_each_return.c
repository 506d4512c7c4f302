// RUN-FIXES: unsafe
#include <fcntl.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <unistd.h>

/* coreutils' need_copy: GNU braces, returns without braces between the
 * stat and the open; the fix closes the descriptor before each. */
static int
clamp (int n)
{
  if (n < 0)
    {
      n = 0;
    }
  return n;
}

bool
need_copy (char const *src_name, off_t size)
{
  struct stat src_sb;
  // CHECK-MESSAGES: :[[@LINE+1]]:7: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
  if (stat (src_name, &src_sb) != 0)
    return true;

  if (!S_ISREG (src_sb.st_mode))
    return true;
  if (src_sb.st_size != size)
    {
      return true;
    }
  if (clamp (size) == 0) { return true; }

  int src_fd = open (src_name, O_RDONLY);
  if (src_fd < 0)
    return true;
  close (src_fd);
  return false;
}

// CHECK-FIXES: {{^}}  int src_fd = open (src_name, O_RDONLY | O_NONBLOCK);{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (src_fd < 0){{$}}
// CHECK-FIXES-NEXT: {{^}}    return true;{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (fstat (src_fd, &src_sb) != 0){{$}}
// CHECK-FIXES-NEXT: {{^}}    {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      close (src_fd);{{$}}
// CHECK-FIXES-NEXT: {{^}}      return true;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (!S_ISREG (src_sb.st_mode)){{$}}
// CHECK-FIXES-NEXT: {{^}}    {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      close (src_fd);{{$}}
// CHECK-FIXES-NEXT: {{^}}      return true;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (src_sb.st_size != size){{$}}
// CHECK-FIXES-NEXT: {{^}}    {{[{]}}{{$}}
// CHECK-FIXES-NEXT: {{^}}      close (src_fd);{{$}}
// CHECK-FIXES-NEXT: {{^}}      return true;{{$}}
// CHECK-FIXES-NEXT: {{^}}    }{{$}}
// CHECK-FIXES-NEXT: {{^}}  if (clamp (size) == 0) { close (src_fd); return true; }{{$}}
// CHECK-FIXES-NEXT: {{^}}{{$}}
// CHECK-FIXES-NEXT: {{^}}  close (src_fd);{{$}}
