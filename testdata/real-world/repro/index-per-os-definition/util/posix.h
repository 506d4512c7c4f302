#include <sys/stat.h>
#ifdef _WIN32
extern int p_stat(const char *path, struct stat *buf);
#else
# include "unix/posix.h"
#endif
