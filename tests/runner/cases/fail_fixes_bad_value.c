// RUN-FIXES: always
int x = 1;
