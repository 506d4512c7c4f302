int f(void) { return 0; }
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: x{{(}} [FS101]
