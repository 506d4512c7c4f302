int x = 1;
// CHECK-FIXES: int x = 2;
int y = 1;
