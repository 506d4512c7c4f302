int f(void) { return access(p, 0); }
// CHECK-MESSAGES: :[[@LINE-1]]:22: warning: existence {{.*}} [FS101]
// CHECK-MESSAGES: :[[@LINE-2]]:22: warning: existence check {{.*}} [FS101]
