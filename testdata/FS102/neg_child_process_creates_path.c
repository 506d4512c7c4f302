#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int run_program(char *const argv[])
{
    int status;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    if (waitpid(pid, &status, 0) < 0)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The unpacker creates DEST; the second stat() looks at what it made. */
int unpack_into(char *archive, char *dest)
{
    struct stat st;
    char *argv[] = { "unpack-tool", archive, dest, NULL };

    if (stat(dest, &st) == 0 && !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s is in the way\n", dest);
        return -1;
    }
    if (run_program(argv) != 0)
        return -1;
    if (stat(dest, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s was not created\n", dest);
        return -1;
    }
    return 0;
}
