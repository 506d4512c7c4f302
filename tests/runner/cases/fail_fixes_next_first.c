int x = 1;
// CHECK-FIXES-NOT: int x = 2;
// CHECK-FIXES-NEXT: int x = 1;
