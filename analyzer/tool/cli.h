/* cli.h - the command-line program. */
#ifndef FSCHECK_CLI_H
#define FSCHECK_CLI_H

enum { FS_EXIT_OK = 0, FS_EXIT_FINDINGS = 1, FS_EXIT_USAGE = 2, FS_EXIT_INTERNAL = 3 };

/* Runs fscheck with the given arguments; returns the exit status. */
int fs_cli_main(int argc, char **argv);

/* `fscheck merge [--format=F] [--exit-zero] FILE...`: JSON reports of shards
 * as one report. */
int fs_merge_main(int argc, char **argv);

#endif
