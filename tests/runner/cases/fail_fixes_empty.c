int x = 1;
// CHECK-FIXES:
