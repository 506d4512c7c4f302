#include <stdio.h>
#include <sys/stat.h>

int check_word(const char *dict, const char *word);

/* Check every line of IN against the dictionary, when there is one. */
int spell_check(FILE *in, const char *dict)
{
    char line[256];
    struct stat st;
    int errors = 0;

    while (fgets(line, sizeof line, in) != NULL) {
        if (stat(dict, &st) == 0 && S_ISREG(st.st_mode))
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: probe inside a loop: {{.*}} [FS401]
            errors += check_word(dict, line) != 0;
    }
    return errors;
}
