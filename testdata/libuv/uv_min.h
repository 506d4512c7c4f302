/* The libuv declarations the libuv cases use, as uv.h declares them (so
 * that the cases compile without libuv installed). */
#ifndef UV_MIN_H
#define UV_MIN_H

#include <stddef.h>
#include <fcntl.h>

typedef struct uv_loop_s uv_loop_t;
typedef struct uv_fs_s uv_fs_t;
typedef void (*uv_fs_cb)(uv_fs_t *req);
struct uv_fs_s {
    long result;
    void *ptr;
};

int uv_fs_stat(uv_loop_t *loop, uv_fs_t *req, const char *path, uv_fs_cb cb);
int uv_fs_open(uv_loop_t *loop, uv_fs_t *req, const char *path, int flags, int mode, uv_fs_cb cb);
int uv_fs_access(uv_loop_t *loop, uv_fs_t *req, const char *path, int mode, uv_fs_cb cb);
int uv_fs_unlink(uv_loop_t *loop, uv_fs_t *req, const char *path, uv_fs_cb cb);
void uv_fs_req_cleanup(uv_fs_t *req);

#endif
