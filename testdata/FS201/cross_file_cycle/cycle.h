/* Part of exists_through_wrappers_across_a_cycle.c. */
#ifndef CYCLE_H
#define CYCLE_H

int cyc_leaf_exists(const char *path);
int cyc_mid_exists(const char *path);
int cyc_top_exists(const char *path);

#endif
