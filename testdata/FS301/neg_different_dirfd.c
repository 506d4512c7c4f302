#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* NAME is made in the work folder unless the template folder provides it. */
int ensure_work_dir(int templatefd, int workfd, const char *name)
{
    if (faccessat(templatefd, name, F_OK, 0) == 0)
        return 0;
    return mkdirat(workfd, name, 0755);
}
