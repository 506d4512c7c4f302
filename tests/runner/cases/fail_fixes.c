int f(void) { return 0; }
// CHECK-FIXES: int f(void) { return 0; }
