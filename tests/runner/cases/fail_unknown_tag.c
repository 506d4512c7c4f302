int f(void) { return 0; }
// CHECK-MESSAGE: :[[@LINE-1]]:1: warning: typo in the tag [FS101]
