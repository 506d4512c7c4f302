#include <stdio.h>
#include <sys/stat.h>

struct server {
    const char *key_file;
    FILE *key;
};

/* The private key must not be readable by group or others. */
int server_load_key(struct server *srv)
{
    struct stat st;

    if (stat(srv->key_file, &st) != 0 || (st.st_mode & 077) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
        return -1;
    srv->key = fopen(srv->key_file, "r");
    return srv->key != NULL ? 0 : -1;
}
