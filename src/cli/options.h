/* The command line of the subcommands, in getopt_long's style: `--name VALUE` or `--name=VALUE`,
 * `-s VALUE` or `-sVALUE`, the C compiler's flags (-I, -D, -U, -std=, -include) for the
 * subcommands that read C, and the options of the chosen backend (from its table entry). */
#ifndef STENCILC_OPTIONS_H
#define STENCILC_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "codegen/codegen.h"
#include "frontend/frontend.h"
#include "ir/program.h"
#include "process.h"

/* --param options: one per run-time scalar, of a single stencil or of a program. */
enum { OPTIONS_MAX_PARAMS = (int)IR_MAX_SCALARS > (int)PROG_MAX_SCALARS ? (int)IR_MAX_SCALARS : (int)PROG_MAX_SCALARS };

enum { MAX_CLANG_ARGS = 64 };

typedef struct {
  const char *input;
  const char *output;   /* gen: -o ("-": standard output) */
  GenOptions gen;       /* --backend, --dtype, the backend's own options */
  bool backend_given;
  bool auto_backend;    /* --backend auto (given, or the command's default): tuned choice or the
                         * model's best (tune.h) */
  bool dtype_given;
  bool explain;         /* gen, run: --explain, print the plan */
  bool json;            /* info: --json */
  bool api;             /* gen: --api, a library (header and source) instead of a program */
  const char *size;     /* run, model, tune: -s, passed to the program */
  const char *steps;    /* -t */
  const char *reps;     /* run: -r */
  const char *workdir;  /* run, tune, check: where programs are generated and built */
  bool keep;            /* run, tune, check: --keep, the temporary work folder is not removed */
  NvccOptions nvcc;     /* --arch, --nvcc-flags, --fast-math */
  bool cpu;             /* run: skip the GPU */
  int ranks;            /* run, model: --ranks P, an MPI run of P processes (0: none) */
  const char *link;     /* model --ranks: --link, what joins the ranks (model/comm.h) */
  const char *gpu;      /* model, tune, --backend auto: --gpu */
  int top;              /* model, tune: --top */
  int roundtrip;        /* model: --roundtrip N, a check of printing and parsing candidates */
  const char *emit;     /* tune: --emit DIR (write the candidates, time nothing) */
  const char *import;   /* tune: --import FILE (the candidates' measured GCells/s) */
  const char *program;  /* check: --program EXE (a program built already) */
  const char *params[OPTIONS_MAX_PARAMS]; /* gen, run, check: --param NAME=VALUE, applied to
                                             the stencil's scalars as the program's defaults */
  int nparams;
  const char *target;   /* rewrite: --target cuda|cpu */
  /* How the front end reads the C file: -I -D -U -std= -include as clang takes them, and
   * --function. */
  const char *clang_args[MAX_CLANG_ARGS];
  FrontendOptions frontend;
} Options;

/* Which options a subcommand takes, besides -h/--help and the input file. */
typedef struct {
  const char *names;  /* space-separated, e.g. "-o --dtype --explain" */
  bool backend;       /* --backend and the backends' own options */
  bool c_flags;       /* -I -D -U -std= -include --function */
  const char *default_backend; /* without --backend (NULL: auto) */
  bool library;       /* the command writes a library (rewrite), as gen --api does */
} OptionSet;

/* Parses argv (after the subcommand name). Returns 0, 1 when --help was printed (help_fn prints
 * it), or -1 after an error message (exit 2). */
int options_parse(int argc, char **argv, const OptionSet *set, void (*help_fn)(FILE *), Options *o);

/* What every subcommand that reads a stencil does first: options_parse, then the front end on the
 * input file with the C flags, the dtype defaulting to the source's, and for --backend auto the
 * tuned or modelled choice (tune_choose). Returns -1 when the subcommand goes on (st to be freed
 * with ir_free), else the exit code to return (help printed, or an error message). */
int options_read(int argc, char **argv, const OptionSet *set, void (*help_fn)(FILE *), Options *o,
                 Stencil *st);

/* The interior cells per axis (n) and time steps a stencil runs: -s, else the sizes the source
 * fixes (constant extents, ir_fixed_interior), else dflt_n; -t, else the source's constant step
 * count, else dflt_steps. A -s that contradicts a constant extent is refused, located at the
 * grid's declaration and naming the constant. With strict_steps (check, which runs the user's
 * loop as written) so are a -t that contradicts a constant step count and a -s that gives two
 * values to axes sharing one size parameter (other commands run any grid shape). Returns 0, or
 * -1 after a message (exit 2). */
int options_sizes(const Stencil *st, const Options *o, long dflt_n, long dflt_steps,
                  bool strict_steps, long n[IR_MAX_DIMS], long *steps);

/* Help lines of --backend and every backend's options, for gen and run. */
void options_backend_help(FILE *f);

#endif
