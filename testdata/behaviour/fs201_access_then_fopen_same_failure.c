// FIXES: safe
#include <stdio.h>
#include <unistd.h>

/* Print the first line of a file, or -1 when it cannot be read. */
static int first_line(const char *path)
{
    char line[64];
    FILE *f;

    if (access(path, R_OK) != 0)
        return -1;
    f = fopen(path, "r");
    if (f == NULL)
        return -1;
    if (fgets(line, sizeof line, f))
        fputs(line, stdout);
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int rc = first_line(argv[1]);
    printf("rc %d\n", rc);
    return rc != 0;
}
