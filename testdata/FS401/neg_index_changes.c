#include <stdio.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    struct stat st;
    int missing = 0;

    for (int i = 1; i < argc; i++) {
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            missing++;
        }
    }
    return missing != 0;
}
