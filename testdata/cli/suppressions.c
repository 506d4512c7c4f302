/* Input of the command-line tests of suppression comments: with
 * --report-unused-suppressions, every comment below that names an enabled
 * fscheck rule and silences nothing is an FS000 finding; the unbalanced END
 * and BEGIN comments at the end are FS000 findings in any case. */
#include <sys/stat.h>
#include <unistd.h>

int used(const char *path)
{
    struct stat st;

    return access(path, F_OK) == 0 && stat(path, &st) == 0; // NOLINT(FS101)
}

int unused_line(const char *path)
{
    return access(path, R_OK) == 0; // NOLINT(FS101)
}

int bare_is_never_reported(const char *path)
{
    return access(path, R_OK) == 0; // NOLINT
}

int other_tools_checks_are_not_ours(const char *path)
{
    return access(path, R_OK) == 0; // NOLINT(bugprone-branch-clone)
}

// NOLINTNEXTLINE(fscheck-exists-then-stat)
int unused_next_line(const char *path);

int rule_not_enabled_with_rules_option(const char *path)
{
    return access(path, R_OK) == 0; // NOLINT(FS401)
}

int names_no_rule(const char *path)
{
    return access(path, R_OK) == 0; // NOLINT(FS999)
}

// NOLINTBEGIN(FS102)
int unused_block(const char *path)
{
    return access(path, R_OK);
}
// NOLINTEND(FS102)

// NOLINTEND(FS101)
// NOLINTBEGIN(FS202)
