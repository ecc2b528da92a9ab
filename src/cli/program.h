/* The subcommands on stencil programs (see program.c). */
#ifndef STENCILC_CLI_PROGRAM_H
#define STENCILC_CLI_PROGRAM_H

#include <stdbool.h>

#include "cli.h"

/* Parses the options of command c; when they are wrong or ask for help (the message printed), or
 * when the input is a stencil program (or a refused one: the diagnostic printed), runs c on it,
 * sets *rc to the exit code and returns true; false leaves the input to the command's
 * single-stencil path. */
bool program_command(const Command *c, int argc, char **argv, int *rc);

#endif
