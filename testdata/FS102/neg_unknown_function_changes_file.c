#include <stdio.h>
#include <sys/stat.h>

/* Defined in another library: it changes the owner of NAME. */
int set_owner_nofollow(const char *name, unsigned uid, unsigned gid);

/* A change of owner clears the set-user-ID bit, so the mode is read again. */
int hand_over(const char *name, unsigned uid, unsigned gid)
{
    struct stat st;

    if (stat(name, &st) != 0)
        return -1;
    printf("%s: mode %o before\n", name, (unsigned)st.st_mode);
    if (set_owner_nofollow(name, uid, gid) != 0)
        return -1;
    if (stat(name, &st) != 0)
        return -1;
    printf("%s: mode %o after\n", name, (unsigned)st.st_mode);
    return 0;
}
