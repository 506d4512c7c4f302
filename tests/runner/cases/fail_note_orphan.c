int f(void) { return 0; }
// CHECK-NOTES: :[[@LINE-1]]:1: note: x
