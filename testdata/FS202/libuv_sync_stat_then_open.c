#include "../libuv/uv_min.h"

/* libuv's uv_fs_*() with a NULL callback act on the path when called. */
int open_checked(uv_loop_t *loop, const char *path)
{
    uv_fs_t req;
    int r = uv_fs_stat(loop, &req, path, NULL);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: stat before open is a race (CWE-367): {{.*}} [FS202]
    uv_fs_req_cleanup(&req);
    if (r < 0)
        return r;
    return uv_fs_open(loop, &req, path, O_RDONLY, 0, NULL);
}

static void on_stat(uv_fs_t *req)
{
    (void)req;
}

/* Look-alike: with a callback, the event loop stats the path later. */
int stat_later(uv_loop_t *loop, const char *path)
{
    uv_fs_t req, open_req;
    if (uv_fs_stat(loop, &req, path, on_stat) < 0)
        return -1;
    return uv_fs_open(loop, &open_req, path, O_RDONLY, 0, NULL);
}
