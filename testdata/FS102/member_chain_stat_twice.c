#include <stdbool.h>
#include <sys/stat.h>
#include <time.h>

struct job {
    const char *input;
    const char *output;
};

/* Up to date when the output is newer than the input and not empty. */
bool job_up_to_date(const struct job *job, time_t input_mtime)
{
    struct stat st;

    if (stat(job->output, &st) != 0 || st.st_mtime < input_mtime)
        return false;
    if (stat(job->output, &st) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: repeated probe: {{.*}} [FS102]
        return false;
    return st.st_size > 0;
}
// CHECK-FIXES: {{^}}    if (stat(job->output, &st) != 0 || st.st_mtime < input_mtime){{$}}
// CHECK-FIXES-NOT: stat(job
