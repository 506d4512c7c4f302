#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>

/* Look at the index file, then open the data file in the same buffer. */
int open_data(char *buf, size_t len, const char *base)
{
    struct stat st;

    snprintf(buf, len, "%s.idx", base);
    if (stat(buf, &st) != 0 || st.st_size == 0)
        return -1;
    snprintf(buf, len, "%s.dat", base);
    return open(buf, O_RDONLY);
}
