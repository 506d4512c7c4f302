#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define CONFIG_FILE "/etc/svc.conf"

static int config_loaded;

/* Reads the configuration again: the administrator may have changed it. */
static void read_config(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    config_loaded = 1;
}

/* Waits for the next event and acts on it: it makes folders, so files change
 * between two turns of the loop. */
static int serve_one(int fd)
{
    char event[64];

    if (read(fd, event, sizeof event) <= 0)
        return 0;
    return mkdir(event, 0755) == 0;
}

/* A service loop: the configuration file is read again after each event, on
 * purpose (no finding: moving the probe out of the loop would stop the
 * reload). */
void serve(int fd)
{
    for (;;) {
        serve_one(fd);
        read_config(CONFIG_FILE);
    }
}
