#define p_stat(p, b) stat(p, b)
