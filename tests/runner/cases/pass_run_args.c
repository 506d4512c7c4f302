// RUN-ARGS: --engine=tree-sitter   --quiet
int f(void) { return 0; }
