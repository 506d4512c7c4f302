#include <stdio.h>
#include <unistd.h>

/* The probe picks which file to open; PATH is another variable. */
FILE *open_settings(const char *user_file, const char *system_file)
{
    const char *path = access(user_file, R_OK) == 0 ? user_file : system_file;

    return fopen(path, "r");
}
