/* main.c - fscheck's entry point. */
#include "tool/cli.h"

int main(int argc, char **argv)
{
    return fs_cli_main(argc, argv);
}
