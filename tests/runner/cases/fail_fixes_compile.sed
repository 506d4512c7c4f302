s/return a + b;/return a + ;/
