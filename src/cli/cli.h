/* The stencilc subcommands. Each takes the arguments after its name and returns the process exit
 * code (see main.c for their meaning). */
#ifndef STENCILC_CLI_H
#define STENCILC_CLI_H

#include <stdio.h>

#include "codegen/codegen.h"
#include "ir/program.h"
#include "options.h"

enum {
  EXIT_OK = 0,
  EXIT_VERIFY = 1, /* a generated program ran and failed its check */
  EXIT_INPUT = 2,  /* bad input file or bad arguments: nothing was written */
  EXIT_TOOL = 3,   /* a tool failed: compiler missing, build error, write error */
};

/* A subcommand that reads a stencil: main parses its options (those of `options`), reads the
 * input file through the front end and calls run; the stencil is freed after. */
typedef struct {
  const char *name;
  OptionSet options;
  void (*help)(FILE *f);
  int (*run)(Options *o, Stencil *st);
} Command;

extern const Command command_info, command_gen, command_run, command_model, command_tune,
    command_check, command_rewrite;
int cmd_probe(int argc, char **argv); /* takes no input file */

/* Writes b to path, or to standard output when path is "-"; 0, or -1 when it cannot. */
int output_write(const Buf *b, const char *path);

/* gen and run: check and plan opt for st, print the plan to `explain` (when not NULL), emit the
 * program into path. Returns EXIT_OK, EXIT_INPUT (refused: a diagnostic was printed) or EXIT_TOOL
 * (path not writable). path "-" is standard output. */
int gen_write(const Stencil *st, const GenOptions *opt, FILE *explain, const char *path);

/* gen --api: the same for a library (api.c): o->output's NAME.h and NAME.cu (NAME.c for a CPU
 * backend), NAME given with or without one of those extensions; entry points named after NAME's
 * last component. Refuses to overwrite the input file. */
int gen_api_write(const Options *o, const Stencil *st, FILE *explain);
/* The same for a stencil program (its backend cpu or naive). */
int gen_api_write_program(const Options *o, const Program *pr);
/* info --json (info.c): a JSON string, and an extent (a number, a size name or "nx + 2"). */
void cli_json_string(const char *s);
void cli_json_extent(const char *param, int pad, long value);
/* The run-time loop bounds of constant extents (Stencil.extent_bound), when any axis has one:
 * info --json's "loop_bounds": ["n", null] (null for an axis without), and info's text line. */
void cli_json_loop_bounds(const char (*bound)[IR_NAME_MAX], int dims);
void cli_text_loop_bounds(const char (*bound)[IR_NAME_MAX], int dims);
/* stencilc check of a stencil program (check.c). */
int check_program(Options *o, const Program *pr);
/* stencilc rewrite of a stencil program (rewrite.c). */
int rewrite_program(Options *o, const Program *pr);

#endif
