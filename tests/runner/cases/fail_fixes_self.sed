s/int y = 1;/int y = 3;/
