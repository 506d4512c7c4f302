#ifndef ENDING_H
#define ENDING_H

/* Ends the process: found from its body (ending.c), not declared so. */
void fatal(const char *what);
/* Calls fatal() on every path: a wrapper of a wrapper. */
void fail_exit(const char *what);
/* Ends the process only when told to. */
void maybe_exit(int really);

#endif
