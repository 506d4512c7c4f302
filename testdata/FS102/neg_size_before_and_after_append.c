#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Append a record and report how much the journal grew. */
long append_record(const char *journal, int fd, const char *rec, size_t n)
{
    struct stat before;

    if (stat(journal, &before) != 0)
        return -1;
    if (write(fd, rec, n) < 0)
        return -1;
    struct stat after;
    if (stat(journal, &after) != 0)
        return -1;
    return (long)(after.st_size - before.st_size);
}
