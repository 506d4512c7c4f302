int f(const char *path)
{
    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
    // CHECK-NOTES: :[[@LINE-2]]:35: note: path{{.*}}
        return 1;
    if (access(path, F_OK) == 0 && stat(path, &st) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: existence check is redundant: {{.*}} [FS101]
        return 2;
    return 0;
}
