/* The subcommands on stencil programs (see program.c). */
#ifndef STENCILC_CLI_PROGRAM_H
#define STENCILC_CLI_PROGRAM_H

#include <stdbool.h>

/* When the input of `stencilc CMD ARGS` is a stencil program (or a refused one: the diagnostic
 * is printed), runs the command on it, sets *rc to the exit code and returns true; false leaves
 * the input to the command's single-stencil path. */
bool program_command(const char *cmd, int argc, char **argv, int *rc);

#endif
