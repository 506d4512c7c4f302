// FIXES: unsafe
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* Load a whole file into memory (git's read_mmfile): the stat gives the
 * size, each failure its own message. */
static int read_mmfile(const char *filename, char **out, size_t *size)
{
    struct stat st;
    FILE *f;

    if (stat(filename, &st))
        return fprintf(stderr, "Could not stat %s\n", filename), -1;
    if (!(f = fopen(filename, "rb")))
        return fprintf(stderr, "Could not open %s\n", filename), -1;
    *size = (size_t)st.st_size;
    *out = malloc(*size ? *size : 1);
    if (*size && fread(*out, *size, 1, f) != 1) {
        fclose(f);
        free(*out);
        return -1;
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    char *data;
    size_t size;

    if (argc != 2)
        return 2;
    if (read_mmfile(argv[1], &data, &size) < 0)
        return 1;
    printf("%zu bytes\n", size);
    free(data);
    return 0;
}
