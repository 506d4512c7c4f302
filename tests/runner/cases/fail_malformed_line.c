int f(void) { return 0; }
// CHECK-MESSAGES: :1:1: warning: absolute line [FS101]
