// FIXES: safe
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

/* Count the entries of a folder, "." and ".." included. */
static int count_entries(const char *dir)
{
    struct stat st;
    DIR *d;
    int n = 0;

    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return -1;
    d = opendir(dir);
    if (d == NULL)
        return -1;
    while (readdir(d))
        n++;
    closedir(d);
    return n;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int n = count_entries(argv[1]);
    printf("%d entries\n", n);
    return n < 0;
}
