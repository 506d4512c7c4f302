/* Input of the command-line tests of suppression comments: every form, each
 * silencing a finding, so --report-unused-suppressions reports nothing. */
#include <sys/stat.h>
#include <unistd.h>

int by_id(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode); // NOLINT(FS101)
}

int by_name(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode); // NOLINT(fscheck-exists-then-stat)
}

int by_glob(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode); // NOLINT(fscheck-*)
}

int next_line(const char *path)
{
    struct stat st;

    // NOLINTNEXTLINE(FS101, bugprone-branch-clone)
    return access(path, F_OK) == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

// NOLINTBEGIN(fscheck-exists-then-stat)
int in_block(const char *path)
{
    struct stat st;

    if (access(path, F_OK) != 0)
        return -1;
    return stat(path, &st) == 0 ? (int)st.st_nlink : -1;
}
// NOLINTEND(fscheck-exists-then-stat)
