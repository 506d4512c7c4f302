// FIXES: safe
#include <stdio.h>
#include <sys/stat.h>

/* Print the size the stat gave, then the first line of the file. */
static int head(const char *path)
{
    struct stat st;
    FILE *fp;
    char line[64];

    if (stat(path, &st) != 0)
        return -1;
    fp = fopen(path, "r");
    if (fp == NULL)
        return -1;
    printf("%lld bytes\n", (long long)st.st_size);
    if (fgets(line, sizeof line, fp))
        fputs(line, stdout);
    fclose(fp);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int rc = head(argv[1]);
    printf("exit %d\n", rc);
    return rc < 0;
}
