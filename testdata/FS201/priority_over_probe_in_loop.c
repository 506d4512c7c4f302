#include <stdio.h>
#include <unistd.h>

int render(FILE *template_fp, const char *job);

/* The template is checked, then opened, once per job: FS201 claims the
   access() before FS401 could. */
int render_jobs(const char *const *jobs, int n, const char *template_path)
{
    int rendered = 0;

    for (int i = 0; i < n; i++) {
        if (access(template_path, R_OK) == 0) {
        // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: access check before open is a race (CWE-367): {{.*}} [FS201]
            FILE *fp = fopen(template_path, "r");

            if (fp != NULL) {
                rendered += render(fp, jobs[i]) == 0;
                fclose(fp);
            }
        }
    }
    return rendered;
}
