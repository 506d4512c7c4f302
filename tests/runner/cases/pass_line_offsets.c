// CHECK-MESSAGES: :[[@LINE+2]]:5: warning: repeated probe: (stat) [a.b*] {x} ^$|? \d [FS102]
// two lines below
    stat(p)
    stat(q)
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: repeated{{ +}}probe: {{[a-z]+}})} [fscheck-repeated-probe]
    access(r) // CHECK-MESSAGES: :[[@LINE]]:5: warning: access check {{before}} [FS201]
